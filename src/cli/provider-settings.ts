import { ConfigError } from "../config/load.js";
import { providerSetups } from "../providers/registry.js";
import { CliError } from "./context.js";
import type { Config } from "../config/load.js";

/**
 * The providers' own settings, which the registry reads (not config/schema.ts), checked at the
 * start of a command that uses them, before it opens or writes anything: a CliError naming
 * each bad one, as a bad setting of the config's own is.
 */
export function checkProviderSettings(config: Config): void {
  try {
    providerSetups(config);
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(err.message);
    throw err;
  }
}
