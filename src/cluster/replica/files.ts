/**
 * A replica's copies of the catalog, beside DATABASE_PATH: `<name>.replica-<n>` is a
 * copy restored whole (n counts up, across starts); `<name>.replica-<n>.restoring`
 * (and Litestream's `.tmp` with its -wal and -shm) one being restored. A copy gets its
 * final name once Litestream is done with it; the workers then check it before serving.
 */
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

const SIDE = ["", "-wal", "-shm"];

export class ReplicaFiles {
  readonly dir: string;
  private readonly base: string;
  private n = 0;

  constructor(databasePath: string) {
    const path = resolve(databasePath);
    this.dir = dirname(path);
    this.base = basename(path);
  }

  /** The file of copy n. */
  copy(n: number): string {
    return join(this.dir, `${this.base}.replica-${n}`);
  }

  /** Where copy n is restored before it takes its name. */
  restoring(n: number): string {
    return `${this.copy(n)}.restoring`;
  }

  /** The number of the next copy. */
  next(): number {
    return ++this.n;
  }

  /**
   * After a stop of any kind (kill -9 during a refresh included): removes what a restore
   * left and every copy but the newest, which is returned (null: none), for a start
   * whose backup cannot be reached. Copy numbers go on from the highest found.
   */
  tidy(): string | null {
    const copy = new RegExp(`^${literal(this.base)}\\.replica-(\\d+)$`);
    const ours = new RegExp(`^${literal(this.base)}\\.replica-\\d+`);
    mkdirSync(this.dir, { recursive: true });
    const names = readdirSync(this.dir);
    const copies = names
      .map((f) => copy.exec(f))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
    const newest = copies.at(-1) ?? null;
    this.n = Math.max(this.n, newest ?? 0);
    for (const f of names) {
      if (!ours.test(f)) continue;
      const m = /^(.*\.replica-(\d+))(-wal|-shm)?$/.exec(f);
      if (m && Number(m[2]) === newest) continue;
      rmSync(join(this.dir, f), { force: true, recursive: true });
    }
    return newest === null ? null : this.copy(newest);
  }

  /** A copy and what SQLite and Litestream keep beside it. */
  remove(file: string): void {
    for (const f of [file, `${file}.tmp`]) for (const s of SIDE) rmSync(`${f}${s}`, { force: true });
  }
}

function literal(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
