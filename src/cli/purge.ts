import { parseArgs } from "node:util";
import { purgeProvider } from "../catalog/index.js";
import { CliError, openCli, out } from "./context.js";

/** purge --provider NAME: removes every record of that provider (e.g. `sample`). */
export function purgeCommand(argv: string[]): void {
  const { values } = parseArgs({ args: argv, options: { provider: { type: "string" } } });
  const provider = values.provider?.trim().toLowerCase();
  if (!provider) throw new CliError("usage: purge --provider NAME");
  const { db } = openCli({ bulk: true });
  try {
    out(`removed ${purgeProvider(db, provider)} records of provider "${provider}"`);
  } finally {
    db.close();
  }
}
