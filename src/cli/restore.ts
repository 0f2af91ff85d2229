/**
 * restore: brings the catalog back from its Litestream backup, as it is (the last
 * commit the backup holds) or as it was at --at. Litestream writes it to a new file
 * beside the target; the file is checked (SQLite's integrity_check, the catalog's own
 * check) before it takes the target's place, so a failed restore leaves the target as
 * it was.
 */
import { existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { catalogCounts, checkCatalog, countRuns, listKeys, openDatabase } from "../catalog/index.js";
import { litestreamRestore, RestoreError, removeCatalog } from "../cluster/litestream/restore.js";
import { processAlive } from "../lib/process-alive.js";
import { CliError, cliConfig, out, UsageError } from "./context.js";

export interface RestoreValues {
  from?: string;
  to?: string;
  at?: string;
  force?: boolean;
}

export async function restoreCommand(o: RestoreValues): Promise<void> {
  const config = cliConfig();
  const from = (o.from ?? config.backupTo).trim();
  if (from === "") throw new UsageError("--from needs the backup (a directory, file:// URL or s3://bucket/path), or set BACKUP_TO");
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(from) && !/^(file|s3):\/\//i.test(from))
    throw new UsageError(`--from takes a directory, a file:// URL or an s3:// URL, not "${from}"`);
  const target = o.to ?? config.databasePath;
  if (target === ":memory:") throw new UsageError("--to needs a file (DATABASE_PATH is :memory:)");
  const at = o.at === undefined ? null : Date.parse(o.at);
  if (at !== null && Number.isNaN(at)) throw new UsageError(`--at needs a time, as 2026-11-27T04:00:00Z, not "${o.at}"`);
  const to = resolve(target);
  if (existsSync(to) && !o.force) throw new CliError(`${to} exists: restore into another file with --to, or replace it with --force (stop the server first)`);

  const temp = join(dirname(to), `.${basename(to)}.restoring-${process.pid}`);
  removeLeftovers(to);
  // Ctrl-C or SIGTERM: Litestream is stopped, what it wrote removed (below), and the command exits as stopped.
  const abort = new AbortController();
  let stoppedBy: NodeJS.Signals | null = null;
  const stop = (signal: NodeJS.Signals) => {
    stoppedBy = signal;
    abort.abort();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    try {
      await litestreamRestore(config, from, to, temp, { at, signal: abort.signal });
    } catch (err) {
      if (stoppedBy !== null) {
        for (const f of [temp, `${temp}.tmp`]) removeCatalog(f);
        process.stderr.write(`restore stopped by ${stoppedBy}: ${to} is as it was\n`);
        process.exit(stoppedBy === "SIGINT" ? 130 : 143);
      }
      if (err instanceof RestoreError) throw new CliError(err.message);
      throw err;
    } finally {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
    }
    const summary = check(temp);
    removeCatalog(to);
    // Litestream's state beside the old catalog describes a file that is gone: its next start begins afresh.
    rmSync(join(dirname(to), `.${basename(to)}-litestream`), { recursive: true, force: true });
    renameSync(temp, to);
    out(`Restored ${to} from ${from}${at === null ? "" : ` as of ${new Date(at).toISOString()}`}: ${summary}`);
  } finally {
    // Litestream writes `${temp}.tmp` first and renames it; its -wal and -shm stay behind.
    for (const f of [temp, `${temp}.tmp`]) removeCatalog(f);
  }
}

/**
 * Removes what restores into `to` that no longer run left beside it (Litestream's file of
 * one stopped by a kill): `.NAME.restoring-PID` and its `.tmp`, -wal and -shm, for each
 * PID that is not a running process.
 */
function removeLeftovers(to: string): void {
  const prefix = `.${basename(to)}.restoring-`;
  if (!existsSync(dirname(to))) return;
  for (const f of readdirSync(dirname(to), { withFileTypes: true })) {
    if (!f.isFile() || !f.name.startsWith(prefix)) continue;
    const pid = Number(/^(\d+)/.exec(f.name.slice(prefix.length))?.[1]);
    if (!Number.isSafeInteger(pid) || pid <= 0 || processAlive(pid)) continue;
    rmSync(join(dirname(to), f.name), { force: true });
  }
}

/** Checks the restored file (every page, the search index, title and document in pairs) and says what it holds. */
function check(path: string): string {
  const db = openDatabase(path, { cacheSizeMb: 64, mmapSizeMb: 0 });
  try {
    const problems = checkCatalog(db);
    if (problems.length > 0) throw new CliError(`the restored catalog fails its checks, so ${path} was not put in place: ${problems.join("; ")}`);
    const titles = catalogCounts(db);
    const total = Object.values(titles).reduce((a, b) => a + b, 0);
    const keys = listKeys(db);
    const revoked = keys.filter((k) => k.revokedAt !== null).length;
    const per = Object.entries(titles)
      .map(([p, n]) => `${p} ${n.toLocaleString("en-US")}`)
      .join(", ");
    const n = (count: number, what: string) => `${count.toLocaleString("en-US")} ${what}${count === 1 ? "" : "s"}`;
    return (
      `${n(total, "title")}${per ? ` (${per})` : ""}, ${n(keys.length, "API key")} (${revoked} revoked), ` +
      `${n(countRuns(db), "ingest run")}; integrity_check ok, catalog check ok`
    );
  } finally {
    db.close();
  }
}
