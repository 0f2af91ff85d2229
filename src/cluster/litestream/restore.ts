/**
 * `litestream restore`: a catalog brought back from its backup (a directory or an S3
 * bucket) into a new file, as it is (the last commit the backup holds) or as it was
 * at a time. Used by the restore command and by a replica (REPLICA_OF), which restores
 * beside its live file.
 */
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { createInterface } from "node:readline";
import type { Config } from "../../config/load.js";
import { LitestreamMissingError, litestreamBinary } from "./bin.js";
import { parseLitestreamLine } from "./output.js";
import { exited, lineText, spawnLitestream, withBackupConfig } from "./run.js";
import { stableCode, VideoCatalogError } from "../../lib/video-catalog-error.js";

/** A restore that could not be made: the message says why, for a person. */
export class RestoreError extends VideoCatalogError {
  static {
    stableCode(RestoreError, "VC_ERR_RESTORE");
  }
}

/**
 * A restore that neither writes nor says anything for this long is stopped. Litestream
 * sets no time limit on its requests, so an S3 endpoint that takes the connection and
 * never answers (or a hung network mount) would hold the restore command, or a
 * replica's refreshes, for good.
 */
export const RESTORE_STALL_MS = 60_000;

/** How a restore runs: the time to restore to, where Litestream's lines go, when it counts as stalled, what ends it early. */
export interface RestoreOptions {
  /** A time (ms since the epoch) to restore the catalog as it was then; absent: its last commit. */
  at?: number | null;
  /** Litestream's lines, as text (default: stderr). */
  say?: (line: string) => void;
  stallMs?: number;
  /** Aborted: Litestream is stopped, and the restore rejects with an AbortError. */
  signal?: AbortSignal;
}

/**
 * `litestream restore` of the backup `from` into the new file `temp` (`to` names the
 * catalog the backup is of, as Litestream keys it).
 */
export async function litestreamRestore(config: Config, from: string, to: string, temp: string, options: RestoreOptions = {}): Promise<void> {
  const { at = null, say = (line: string) => process.stderr.write(`${line}\n`), stallMs = RESTORE_STALL_MS, signal } = options;
  let binary: string;
  try {
    binary = litestreamBinary();
  } catch (err) {
    if (err instanceof LitestreamMissingError) throw new RestoreError(err.message.replace("BACKUP_TO needs", "a restore needs"));
    throw err;
  }
  await withBackupConfig(config, from, to, async (file) => {
    const args = ["restore", "-config", file, "-no-expand-env", "-o", temp, ...(at === null ? [] : ["-timestamp", new Date(at).toISOString()]), to];
    // Under --pdeathsig: a replica killed during a refresh leaves no restore writing on beside its next start.
    const child = spawnLitestream(config, binary, args, { signal });
    let lastError = "";
    let lines = 0;
    const watch = watchProgress(
      temp,
      () => lines,
      stallMs,
      () => child.kill("SIGKILL"),
    );
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on("line", (line) => {
        lines++;
        if (line.trim() === "") return;
        const parsed = parseLitestreamLine(line);
        if (parsed.level === "error") lastError = lineText(parsed);
        say(`litestream: ${lineText(parsed)}`);
      });
    }
    const code = await exited(child).finally(() => watch.stop());
    if (watch.stalled()) {
      throw new RestoreError(`litestream restore stopped: no progress for ${stallMs / 1000} s (the backup at ${from} does not answer)`);
    }
    if (!existsSync(temp)) {
      if (code === 0 || /no matching backups|no snapshots available|no generation/i.test(lastError)) {
        throw new RestoreError(`no backup found at ${from}${at === null ? "" : ` from before ${new Date(at).toISOString()}`}`);
      }
      throw new RestoreError(`litestream restore failed (exit status ${code})${lastError ? `: ${lastError}` : ""}`);
    }
  });
}

/**
 * Samples a restore's progress each second: the bytes of the files it writes (`temp`,
 * Litestream's `temp.tmp` and what SQLite keeps beside them) and the lines it printed.
 * When neither moved for `stallMs`, calls `stop` once.
 */
function watchProgress(temp: string, lines: () => number, stallMs: number, stop: () => void) {
  const dir = dirname(temp);
  const name = basename(temp);
  const sample = () => {
    let bytes = 0;
    try {
      for (const f of readdirSync(dir)) if (f.startsWith(name)) bytes += statSync(join(dir, f), { throwIfNoEntry: false })?.size ?? 0;
    } catch {
      // The folder went (a replica's stop): nothing to count.
    }
    return `${bytes}/${lines()}`;
  };
  let last = sample();
  let movedAt = Date.now();
  let stalled = false;
  const timer = setInterval(
    () => {
      const now = sample();
      if (now !== last) {
        last = now;
        movedAt = Date.now();
      } else if (!stalled && Date.now() - movedAt >= stallMs) {
        stalled = true;
        stop();
      }
    },
    Math.min(1000, stallMs / 4),
  );
  timer.unref();
  return { stop: () => clearInterval(timer), stalled: () => stalled };
}

/** A catalog file and what SQLite keeps beside it. */
export function removeCatalog(path: string): void {
  for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true });
}
