/**
 * A replica's backup (REPLICA_OF) as Litestream sees it: where it stands (`litestream
 * wal` and `litestream snapshots`, from a private config as the restore writes one, so
 * an S3 store's endpoint and key apply) and, when it moved, a restore of it.
 */
import { resolve } from "node:path";
import type { Config } from "../../config/load.js";
import { litestreamBinary } from "../litestream/bin.js";
import { parseLitestreamLine } from "../litestream/output.js";
import { RestoreError } from "../litestream/restore.js";
import { exited, lineText, spawnLitestream, withBackupConfig } from "../litestream/run.js";
import { type BackupPosition, latestPosition, parseListing } from "./position.js";

/** How long a listing may take before the backup counts as unreachable. */
const LIST_TIMEOUT_MS = 30_000;

/** The backup's position, or a RestoreError saying why it could not be read (none there, unreachable). */
export async function backupPosition(config: Config, o: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<BackupPosition> {
  const { timeoutMs = LIST_TIMEOUT_MS, signal } = o;
  const dbPath = resolve(config.databasePath);
  return withBackupConfig(config, config.replicaOf, dbPath, async (file) => {
    const [wal, snapshots] = await Promise.all([
      list(config, file, dbPath, "wal", timeoutMs, signal),
      list(config, file, dbPath, "snapshots", timeoutMs, signal),
    ]);
    const position = latestPosition(parseListing(wal, "wal"), parseListing(snapshots, "snapshots"));
    if (position === null) throw new RestoreError(`no backup found at ${config.replicaOf}`);
    return position;
  });
}

async function list(config: Config, configFile: string, dbPath: string, what: "wal" | "snapshots", timeoutMs: number, signal?: AbortSignal): Promise<string> {
  const child = spawnLitestream(config, litestreamBinary(), [what, "-config", configFile, "-no-expand-env", dbPath], { timeout: timeoutMs, signal });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const code = await exited(child);
  // Litestream reads a directory that is not there as an empty backup, and exits 0 with an error line for a store it cannot reach.
  const error = stderr
    .split("\n")
    .map((l) => parseLitestreamLine(l))
    .find((l) => l.level === "error");
  if (code === null && child.signalCode === "SIGTERM") {
    throw new RestoreError(`litestream ${what} stopped: no answer within ${timeoutMs / 1000} s from the backup at ${config.replicaOf}`);
  }
  if (code !== 0 || error) {
    const detail = error ? lineText(error) : stderr.trim();
    throw new RestoreError(`litestream ${what} failed (exit status ${code ?? "killed"})${detail ? `: ${detail}` : ""}`);
  }
  return stdout;
}
