/**
 * `litestream restore`: a catalog brought back from its backup (a directory or an S3
 * bucket) into a new file, as it is (the last commit the backup holds) or as it was
 * at a time. Used by the restore command and by a replica (REPLICA_OF), which restores
 * beside its live file.
 */
import { existsSync, rmSync } from "node:fs";
import { createInterface } from "node:readline";
import type { Config } from "../config/load.js";
import { LitestreamMissingError, litestreamBinary } from "./litestream-bin.js";
import { parseLitestreamLine } from "./litestream-output.js";
import { exited, lineText, spawnLitestream, withBackupConfig } from "./litestream-run.js";

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
  await withBackupConfig(config, from, to, async (file) => {
    const args = ["restore", "-config", file, "-no-expand-env", "-o", temp, ...(at === null ? [] : ["-timestamp", new Date(at).toISOString()]), to];
    // Under --pdeathsig: a replica killed during a refresh leaves no restore writing on beside its next start.
    const child = spawnLitestream(config, binary, args);
    let lastError = "";
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on("line", (line) => {
        if (line.trim() === "") return;
        const parsed = parseLitestreamLine(line);
        if (parsed.level === "error") lastError = lineText(parsed);
        say(`litestream: ${lineText(parsed)}`);
      });
    }
    const code = await exited(child);
    if (!existsSync(temp)) {
      if (code === 0 || /no matching backups|no snapshots available|no generation/i.test(lastError)) {
        throw new RestoreError(`no backup found at ${from}${at === null ? "" : ` from before ${new Date(at).toISOString()}`}`);
      }
      throw new RestoreError(`litestream restore failed (exit status ${code})${lastError ? `: ${lastError}` : ""}`);
    }
  });
}

/** A catalog file and what SQLite keeps beside it. */
export function removeCatalog(path: string): void {
  for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true });
}
