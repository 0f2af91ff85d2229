/**
 * `litestream restore`: a catalog brought back from its backup (a directory or an S3
 * bucket) into a new file, as it is (the last commit the backup holds) or as it was
 * at a time. Used by the restore command and by a replica (REPLICA_OF), which restores
 * beside its live file.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Config } from "../config/load.js";
import { LitestreamMissingError, litestreamBinary, parentDeathPrefix } from "./litestream-bin.js";
import { backupTarget, litestreamEnv, litestreamYaml, setupFor } from "./litestream-config.js";
import { parseLitestreamLine } from "./litestream-output.js";

/** A restore that could not be made: the message says why, for a person. */
export class RestoreError extends Error {}

/**
 * `litestream restore` of the backup `from` into the new file `temp` (`to` names the
 * catalog the backup is of, as Litestream keys it), Litestream's lines to `say`.
 */
export async function litestreamRestore(
  config: Config,
  from: string,
  to: string,
  temp: string,
  at: number | null,
  say: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<void> {
  let binary: string;
  try {
    binary = litestreamBinary();
  } catch (err) {
    if (err instanceof LitestreamMissingError) throw new RestoreError(err.message.replace("BACKUP_TO needs", "a restore needs"));
    throw err;
  }
  const dir = mkdtempSync(join(tmpdir(), "video-catalog-restore-"));
  try {
    const file = join(dir, "litestream.yml");
    writeFileSync(file, litestreamYaml({ ...setupFor(config, from, to), target: backupTarget(from) }), { mode: 0o600 });
    const args = ["restore", "-config", file, "-no-expand-env", "-o", temp, ...(at === null ? [] : ["-timestamp", new Date(at).toISOString()]), to];
    const extra = litestreamEnv(config);
    // Under --pdeathsig: a replica killed during a refresh leaves no restore writing on beside its next start.
    const [command, ...prefix] = [...parentDeathPrefix(), binary];
    const child = spawn(command, [...prefix, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      env: Object.keys(extra).length > 0 ? { ...process.env, ...extra } : undefined,
    });
    let lastError = "";
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => {
        if (line.trim() === "") return;
        const { level, msg, fields } = parseLitestreamLine(line);
        const detail = Object.entries(fields).map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`);
        if (level === "error") lastError = [msg, ...detail].join(" ");
        say(`litestream: ${[msg, ...detail].join(" ")}`);
      });
    }
    const code = await new Promise<number | null>((res, rej) => {
      child.once("error", rej);
      child.once("close", res);
    });
    if (!existsSync(temp)) {
      if (code === 0 || /no matching backups|no snapshots available|no generation/i.test(lastError)) {
        throw new RestoreError(`no backup found at ${from}${at === null ? "" : ` from before ${new Date(at).toISOString()}`}`);
      }
      throw new RestoreError(`litestream restore failed (exit status ${code})${lastError ? `: ${lastError}` : ""}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A catalog file and what SQLite keeps beside it. */
export function removeCatalog(path: string): void {
  for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true });
}
