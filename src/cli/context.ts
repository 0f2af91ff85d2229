import { spawnSync } from "node:child_process";
import { getPriority, setPriority } from "node:os";
import { existsSync } from "node:fs";
import { catalogFullMessage, isCatalogFull, openCatalog, openDatabase, type Db } from "../catalog/index.js";
import { ConfigError, loadProcessConfig, type Config } from "../config/load.js";
import { serverOutput } from "../lib/server-output.js";
import { CliError } from "./errors.js";
import { newestReplicaCopy } from "./replica-copy.js";

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

export interface OpenCliOptions {
  /** A bulk writer: it lowers its own CPU priority first (BULK_NICE; its worker threads inherit it). */
  bulk?: boolean;
  /** The command, when it writes the catalog ("keys create"): a read-only replica refuses it, naming its writer. */
  writes?: string;
  /** A command that only reads the catalog: on a read-only replica it opens it read-only, unmigrated (the writer's copy). */
  reads?: boolean;
}

/**
 * Config (the one read of process.env) and the migrated catalog, for a command. A
 * command that writes says so (`writes`), one that only reads too (`reads`): on a
 * read-only replica (REPLICA_OF) the first is refused, the second reads its copy.
 */
export function openCli(options: OpenCliOptions = {}): { config: Config; db: Db } {
  const config = cliConfig();
  if (options.writes !== undefined) refuseOnReplica(config, options.writes);
  if (options.reads && config.replicaOf !== "") return { config, db: openReplicaCopy(config) };
  if (options.bulk && config.bulkNice > 0) lowerPriority(config.bulkNice);
  opened.path = config.databasePath;
  opened.maxSizeMb = config.catalogMaxMb;
  const db = openCatalog(config.databasePath, {
    cacheSizeMb: config.cacheSizeMb,
    mmapSizeMb: config.mmapSizeMb,
    maxSizeMb: config.catalogMaxMb,
    // With a backup, Litestream runs the checkpoints, whichever command writes (src/catalog/store/checkpoint.ts).
    leaveCheckpointsToOthers: config.backupTo !== "",
  });
  return { config, db };
}

/** The address a read-only replica names where it refuses a write: REPLICA_WRITER, else its backup's (REPLICA_OF). */
export function writerOf(config: Pick<Config, "replicaOf" | "replicaWriter">): string {
  return config.replicaWriter !== "" ? config.replicaWriter : config.replicaOf;
}

/** On a read-only replica (REPLICA_OF), the refusal of a command that writes the catalog: one line naming the writer. */
export function refuseOnReplica(config: Pick<Config, "replicaOf" | "replicaWriter">, command: string): void {
  if (config.replicaOf === "") return;
  throw new CliError(`this server is a read-only replica of ${writerOf(config)}: run "${command}" there`);
}

/**
 * A replica's catalog, read-only: the newest copy its server restored, else DATABASE_PATH
 * itself. Nothing here may write it, migrations included (its schema is the writer's).
 */
function openReplicaCopy(config: Config): Db {
  const path = config.databasePath === ":memory:" ? null : (newestReplicaCopy(config.databasePath) ?? config.databasePath);
  if (path === null || !existsSync(path)) {
    throw new CliError(
      `no catalog at ${config.databasePath} yet: a read-only replica's catalog is restored from its backup (${config.replicaOf}) when its server starts`,
    );
  }
  return openDatabase(path, { readonly: true, cacheSizeMb: config.cacheSizeMb, mmapSizeMb: config.mmapSizeMb });
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
 * request got the CPU (a server's /movie p99 rose during an import; under SCHED_IDLE
 * it stays as it was: docs/benchmark.md, "while an import writes"). Threads started
 * later inherit both.
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
