import { CliError, err } from "./cli/context.js";
import { importCommand } from "./cli/import.js";
import { keysCommand } from "./cli/keys.js";
import { migrateCommand } from "./cli/migrate.js";
import { purgeCommand } from "./cli/purge.js";
import { sampleCommand } from "./cli/sample.js";
import { serveCommand } from "./cli/serve.js";

const USAGE = `usage: npm run cli -- <command>
  serve                               start the HTTP API (what npm start runs)
  migrate                             create or update the catalog schema
  keys create --name NAME [--rate N]  create an API key (printed once, on the last line)
  keys list                           list keys
  keys revoke ID                      revoke a key
  import FILE [--provider NAME]       load NDJSON / a JSON array of detailed records
  sample --count N [--seed S] [--out FILE]
                                      generated records into the catalog (or NDJSON to FILE)
  purge --provider NAME               remove every record of a provider (e.g. sample)`;

async function main(argv: string[]): Promise<void> {
  const [command = "serve", ...rest] = argv;
  switch (command) {
    case "serve":
      return serveCommand();
    case "migrate":
      return migrateCommand();
    case "keys":
      return keysCommand(rest);
    case "import":
      return importCommand(rest);
    case "sample":
      return sampleCommand(rest);
    case "purge":
      return purgeCommand(rest);
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(USAGE + "\n");
      return;
    default:
      throw new CliError(`unknown command "${command}"\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  if (e instanceof CliError) {
    err(e.message);
    process.exit(2);
  }
  if (e instanceof Error && e.name === "ConfigError") {
    err(e.message);
    process.exit(2);
  }
  err(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
