import { purgeProvider } from "../catalog/index.js";
import { openCli, out, UsageError } from "./context.js";

/** purge --provider NAME: removes every record of that provider (e.g. `sample`). */
export function purgeCommand(options: { provider: string }): void {
  const provider = options.provider.trim().toLowerCase();
  if (!provider) throw new UsageError("--provider needs a provider's name");
  const { db } = openCli({ bulk: true, writes: "purge" });
  try {
    out(`removed ${purgeProvider(db, provider)} records of provider "${provider}"`);
  } finally {
    db.close();
  }
}
