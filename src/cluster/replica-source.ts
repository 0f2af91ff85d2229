/**
 * A replica's backup (REPLICA_OF) as Litestream sees it: where it stands (`litestream
 * wal` and `litestream snapshots`, from a private config as the restore writes one, so
 * an S3 store's endpoint and key apply) and, when it moved, a restore of it.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../config/load.js";
import { litestreamBinary, parentDeathPrefix } from "./litestream-bin.js";
import { backupTarget, litestreamEnv, litestreamYaml, setupFor } from "./litestream-config.js";
import { parseLitestreamLine } from "./litestream-output.js";
import { RestoreError } from "./litestream-restore.js";
import { type BackupPosition, latestPosition, parseListing } from "./replica-position.js";

/** How long a listing may take before the backup counts as unreachable. */
const LIST_TIMEOUT_MS = 30_000;

/** The backup's position, or a RestoreError saying why it could not be read (none there, unreachable). */
export async function backupPosition(config: Config): Promise<BackupPosition> {
  const dir = mkdtempSync(join(tmpdir(), "video-catalog-replica-"));
  try {
    const file = join(dir, "litestream.yml");
    writeFileSync(file, litestreamYaml({ ...setupFor(config, config.replicaOf), target: backupTarget(config.replicaOf) }), { mode: 0o600 });
    const [wal, snapshots] = await Promise.all([list(config, file, "wal"), list(config, file, "snapshots")]);
    const position = latestPosition(parseListing(wal, "wal"), parseListing(snapshots, "snapshots"));
    if (position === null) throw new RestoreError(`no backup found at ${config.replicaOf}`);
    return position;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function list(config: Config, configFile: string, what: "wal" | "snapshots"): Promise<string> {
  const [command, ...prefix] = [...parentDeathPrefix(), litestreamBinary()];
  const extra = litestreamEnv(config);
  const child = spawn(command, [...prefix, what, "-config", configFile, "-no-expand-env", setupFor(config, config.replicaOf).dbPath], {
    stdio: ["ignore", "pipe", "pipe"],
    env: Object.keys(extra).length > 0 ? { ...process.env, ...extra } : undefined,
    timeout: LIST_TIMEOUT_MS,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const code = await new Promise<number | null>((res, rej) => {
    child.once("error", rej);
    child.once("close", res);
  });
  // Litestream reads a directory that is not there as an empty backup, and exits 0 with an error line for a store it cannot reach.
  const error = stderr
    .split("\n")
    .map((l) => parseLitestreamLine(l))
    .find((l) => l.level === "error");
  if (code !== 0 || error) {
    const detail = error
      ? [error.msg, ...Object.entries(error.fields).map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)].join(" ")
      : stderr.trim();
    throw new RestoreError(`litestream ${what} failed (exit status ${code ?? "killed"})${detail ? `: ${detail}` : ""}`);
  }
  return stdout;
}
