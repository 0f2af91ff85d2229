import { openCatalog, type Db } from "../catalog/db.js";
import { ConfigError, loadProcessConfig, type Config } from "../config/load.js";

export class CliError extends Error {}

/** Config (the one read of process.env) and the migrated catalog, for a command. */
export function openCli(): { config: Config; db: Db } {
  let config: Config;
  try {
    config = loadProcessConfig();
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(err.message);
    throw err;
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
