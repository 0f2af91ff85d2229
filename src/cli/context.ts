import { spawnSync } from "node:child_process";
import { getPriority, setPriority } from "node:os";
import { catalogFullMessage, isCatalogFull, openCatalog, type Db } from "../catalog/index.js";
import { ConfigError, loadProcessConfig, type Config } from "../config/load.js";
import { serverOutput } from "../lib/server-output.js";
import { CliError } from "./errors.js";

export { CliError, UsageError } from "./errors.js";

/** The catalog this command opened, and what it may need to grow: for the message of a full disk. */
const opened: { path: string | null; maxSizeMb: number; needBytes?: number; what?: string } = { path: null, maxSizeMb: 0 };

/** How much room the command expects to need (an import: about its input's size), for a full disk's message. */
export function expectGrowth(bytes: number, what: string): void {
  opened.needBytes = bytes;
  opened.what = what;
}

/**
 * A failure as the person running the command should read it: a write that found no
 * room names the catalog file, its size, the room left and the room needed; null for
 * the others.
 */
export function explainFailure(e: unknown): string | null {
  if (!isCatalogFull(e) || opened.path === null) return null;
  return catalogFullMessage(opened.path, { maxSizeMb: opened.maxSizeMb, needBytes: opened.needBytes, what: opened.what });
}

/**
 * Config (the one read of process.env) and the migrated catalog, for a command. A bulk
 * writer lowers its own CPU priority first (BULK_NICE; its worker threads inherit it).
 */
export function openCli(options: { bulk?: boolean } = {}): { config: Config; db: Db } {
  const config = cliConfig();
  if (options.bulk && config.bulkNice > 0) lowerPriority(config.bulkNice);
  opened.path = config.databasePath;
  opened.maxSizeMb = config.catalogMaxMb;
  const db = openCatalog(config.databasePath, {
    cacheSizeMb: config.cacheSizeMb,
    mmapSizeMb: config.mmapSizeMb,
    maxSizeMb: config.catalogMaxMb,
    // With a backup, Litestream runs the checkpoints, whichever command writes (store/checkpoint.ts).
    leaveCheckpointsToOthers: config.backupTo !== "",
  });
  return { config, db };
}

/** The settings alone, for a command that opens no catalog (or not the configured one); a bad one is a CliError. */
export function cliConfig(): Config {
  try {
    return loadProcessConfig();
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(err.message);
    throw err;
  }
}

/**
 * Lowers this process's CPU priority by `nice`. At the lowest (19) it also moves into
 * Linux's idle scheduling class (SCHED_IDLE, through util-linux's chrt, where there is
 * one): niceness alone still let the writer finish its time slice before a waking
 * request got the CPU (a server's /movie p99 went from 2.5 to 5 ms during an import;
 * under SCHED_IDLE it stays as it was). Threads started later inherit both.
 */
function lowerPriority(nice: number): void {
  try {
    setPriority(Math.min(19, getPriority() + nice));
  } catch {
    // Not allowed here (some containers): run at the priority we have.
  }
  if (nice >= 19 && process.platform === "linux") {
    // Not there, or not allowed: the niceness above stays.
    spawnSync("chrt", ["--all-tasks", "--idle", "--pid", "0", String(process.pid)], { stdio: "ignore", timeout: 5_000 });
  }
}

/** A line on stdout: through the server's sink when `serve` runs (never blocks on its reader), else straight out. */
export function out(line: string): void {
  const sink = serverOutput()?.stdout;
  if (sink) sink.write(line + "\n");
  else process.stdout.write(line + "\n");
}

/**
 * Lines a person must read once (a key, a password); `lost` is called when they may not
 * have reached anyone (the server's sink could not write them out, or its reader left
 * right after: see LogSink.writeSecret). Outside `serve`, a plain out().
 */
export function outSecret(lines: string[], lost: () => void): void {
  const sink = serverOutput()?.stdout;
  if (!sink) {
    for (const l of lines) out(l);
    return;
  }
  sink.writeSecret(
    lines.map((l) => l + "\n"),
    lost,
  );
}

export function err(line: string): void {
  const sink = serverOutput()?.stderr;
  if (sink) sink.write(line + "\n");
  else process.stderr.write(line + "\n");
}
