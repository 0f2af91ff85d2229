import { openCli, out } from "./context.js";

/** migrate: applies pending migrations and exits (serve does it too, on start). */
export function migrateCommand(): void {
  const { config, db } = openCli({ writes: "migrate" });
  db.close();
  out(`migrated ${config.databasePath}`);
}
