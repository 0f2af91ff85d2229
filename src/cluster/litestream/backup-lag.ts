/**
 * How far behind the catalog its backup is. The catalog's side is where its committed
 * WAL ends (readWalEnd: the -shm file, the moment a commit lands, however big). The
 * backup's side is the replica's position as Litestream reports it (a WAL index and a
 * byte offset in it) and the salt of that WAL (the header of Litestream's copy of it,
 * its shadow WAL): the backup holds every commit when it is on the catalog's current
 * WAL (same salt) at or past its end. Sampled each second: lastSyncAt is the last
 * sample that found it so, and lagSeconds the time since then while it is not.
 */
import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { readWalEnd, type WalEnd, walFileSalt } from "../../catalog/index.js";

/** Where the replica is: Litestream's WAL index (one per restart of the WAL) and the byte offset it holds up to. */
export interface ReplicaPosition {
  index: number;
  offset: number;
}

/** What one sample found: behind by `bytes` of WAL (0: the backup holds every commit). */
export function lagOf(catalog: WalEnd | null, replica: (ReplicaPosition & { salt: Buffer | null }) | null): { caughtUp: boolean; bytes: number } {
  if (catalog === null) return { caughtUp: replica !== null, bytes: 0 };
  if (replica === null) return { caughtUp: false, bytes: catalog.bytes };
  // On an older WAL than the catalog's: at least the whole current one is missing.
  if (replica.salt === null || !replica.salt.equals(catalog.salt)) return { caughtUp: catalog.frames === 0, bytes: catalog.frames === 0 ? 0 : catalog.bytes };
  const bytes = Math.max(0, catalog.bytes - replica.offset);
  return { caughtUp: bytes === 0, bytes };
}

/**
 * The salt of the WAL a replica position is on: the header of Litestream's shadow copy
 * of it, `.<catalog>-litestream/generations/<generation>/wal/<index, 8 hex digits>.wal`
 * beside the catalog (Litestream 0.3's layout; the current generation is named in
 * `generation` there).
 */
export function shadowSalt(catalogPath: string, index: number): Buffer | null {
  const meta = join(dirname(catalogPath), `.${basename(catalogPath)}-litestream`);
  let generation: string;
  try {
    generation = readFileSync(join(meta, "generation"), "utf8").trim();
  } catch {
    return null;
  }
  return walFileSalt(join(meta, "generations", generation, "wal", `${index.toString(16).padStart(8, "0")}.wal`));
}

export class BackupLag {
  private syncedAt: number | null = null;
  private lastBytes = 0;
  private caughtUp = false;
  private readonly since: number;

  constructor(
    private readonly catalogPath: string,
    private readonly now: () => number = Date.now,
  ) {
    this.since = now();
  }

  /** One sample: the catalog's WAL end now against `replica` (the last position Litestream reported; null: none yet). */
  sample(replica: ReplicaPosition | null): void {
    const lag = lagOf(readWalEnd(this.catalogPath), replica && { ...replica, salt: shadowSalt(this.catalogPath, replica.index) });
    this.lastBytes = lag.bytes;
    this.caughtUp = lag.caughtUp;
    if (lag.caughtUp) this.syncedAt = this.now();
  }

  get lastSyncAt(): number | null {
    return this.syncedAt;
  }

  get lagBytes(): number {
    return this.lastBytes;
  }

  /** 0 when the last sample found the backup holding every commit, else the seconds since one did (since the start, when none has). */
  get lagSeconds(): number {
    if (this.caughtUp) return 0;
    return Math.round((this.now() - (this.syncedAt ?? this.since)) / 100) / 10;
  }
}
