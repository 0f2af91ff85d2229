import { CliError, err, explainFailure } from "./cli/context.js";

const USAGE = `usage: npm run cli -- <command>
  serve                               start the HTTP API (what npm start runs)
  migrate                             create or update the catalog schema
  keys create --name NAME [--rate N]  create an API key (printed once, on the last line)
  keys list                           list keys
  keys revoke ID                      revoke a key
  admin reset-password                a new admin password for the dashboard (printed once, on the last line)
  import FILE [--provider NAME]       load NDJSON / a JSON array of detailed records
  import-dump FILE                    load the r18.dev database dump (.sql or .sql.gz) as provider r18dev
  sample-dump --videos N --out FILE [--seed S]
                                      write a synthetic r18.dev dump (gzipped when FILE ends in .gz)
  sample --count N [--seed S] [--out FILE]
                                      generated records into the catalog (or NDJSON to FILE)
  purge --provider NAME               remove every record of a provider (e.g. sample)
  ingest [--provider P] [--since DATE] [--limit N] [--codes FILE]
                                      crawl providers into the catalog (resumes a killed run)
  runs [--limit N]                    recent ingest runs
  scan DIR [--json] [--offline]       read the code of every video under DIR and look it up (writes nothing)
  simulate-providers --port P [--records N] [fault switches]
                                      a local server in the providers' real formats (tests, demos)`;

async function main(argv: string[]): Promise<void> {
  const [command = "serve", ...rest] = argv;
  switch (command) {
    // Each command loads only its own modules: a CLI call should not pay for the HTTP stack.
    case "serve":
      return (await import("./cli/serve.js")).serveCommand();
    case "migrate":
      return (await import("./cli/migrate.js")).migrateCommand();
    case "keys":
      return (await import("./cli/keys.js")).keysCommand(rest);
    case "admin":
      return (await import("./cli/admin.js")).adminCommand(rest);
    case "import":
      return (await import("./cli/import.js")).importCommand(rest);
    case "import-dump":
      return (await import("./cli/import-dump.js")).importDumpCommand(rest);
    case "sample-dump":
      return (await import("./cli/import-dump.js")).sampleDumpCommand(rest);
    case "sample":
      return (await import("./cli/sample.js")).sampleCommand(rest);
    case "purge":
      return (await import("./cli/purge.js")).purgeCommand(rest);
    case "ingest":
      return (await import("./cli/ingest.js")).ingestCommand(rest);
    case "runs":
      return (await import("./cli/ingest.js")).runsCommand(rest);
    case "scan":
      return (await import("./cli/scan.js")).scanCommand(rest);
    case "simulate-providers":
      return (await import("./cli/simulate-providers.js")).simulateProvidersCommand(rest);
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
  const explained = explainFailure(e);
  if (explained !== null) {
    err(explained);
    process.exit(1);
  }
  err(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
