import { getPriority, setPriority } from "node:os";
import { openCatalog, type Db } from "../catalog/db.js";
import { ConfigError, loadProcessConfig, type Config } from "../config/load.js";

export class CliError extends Error {}

/**
 * Config (the one read of process.env) and the migrated catalog, for a command. A bulk
 * writer lowers its own CPU priority first (BULK_NICE; its worker threads inherit it).
 */
export function openCli(options: { bulk?: boolean } = {}): { config: Config; db: Db } {
  let config: Config;
  try {
    config = loadProcessConfig();
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(err.message);
    throw err;
  }
  if (options.bulk && config.bulkNice > 0) {
    try {
      setPriority(Math.min(19, getPriority() + config.bulkNice));
    } catch {
      // Not allowed here (some containers): run at the priority we have.
    }
  }
  const db = openCatalog(config.databasePath, { cacheSizeMb: config.cacheSizeMb, mmapSizeMb: config.mmapSizeMb });
  return { config, db };
}

export function out(line: string): void {
  process.stdout.write(line + "\n");
}

export function err(line: string): void {
  process.stderr.write(line + "\n");
}
