/**
 * One run of a Litestream command (restore, wal, snapshots) against a backup: from a
 * private configuration file written for it (the S3 key goes in the environment, not
 * the file), under --pdeathsig, so that a killed server leaves no command running on.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../../config/load.js";
import { parentDeathPrefix } from "./bin.js";
import { litestreamEnv, litestreamYaml, setupFor } from "./config.js";
import type { parseLitestreamLine } from "./output.js";

/** Calls `run` with the path of a configuration of the backup `from` for the catalog `dbPath`; the file is removed after. */
export async function withBackupConfig<T>(config: Config, from: string, dbPath: string, run: (file: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "video-catalog-litestream-"));
  try {
    const file = join(dir, "litestream.yml");
    writeFileSync(file, litestreamYaml(setupFor(config, from, dbPath)), { mode: 0o600 });
    return await run(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `binary args...` under --pdeathsig, with the S3 key in its environment; its output piped. Killed after `timeout` ms, or when `signal` aborts. */
export function spawnLitestream(config: Config, binary: string, args: string[], o: { timeout?: number; signal?: AbortSignal } = {}): ChildProcess {
  const [command, ...prefix] = [...parentDeathPrefix(), binary];
  const extra = litestreamEnv(config);
  return spawn(command, [...prefix, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: Object.keys(extra).length > 0 ? { ...process.env, ...extra } : undefined,
    timeout: o.timeout,
    signal: o.signal,
  });
}

/** Resolves with the exit status (null when killed). */
export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((res, rej) => {
    child.once("error", rej);
    child.once("close", res);
  });
}

/** A parsed Litestream line as one line of text: its message, then its fields as key=value. */
export function lineText({ msg, fields }: ReturnType<typeof parseLitestreamLine>): string {
  return [msg, ...Object.entries(fields).map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)].join(" ");
}
