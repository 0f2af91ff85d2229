/**
 * Every command of the CLI: its arguments, options (with their defaults), help and
 * examples. Each action loads only its own command's module when it runs, so that a
 * CLI call does not load the HTTP stack (scripts/build.mjs makes each one a chunk).
 * The commands check the values themselves (a UsageError names a bad one).
 */
import { type Command, Option } from "commander";
import type { SampleDumpOptions } from "./import-dump.js";
import type { OrganizeValues } from "./organize.js";
import type { RestoreValues } from "./restore.js";
import type { ScanValues } from "./scan.js";
import type { WatchValues } from "./watch.js";
import { declarePeople } from "./people-commands.js";
import { declarePeoplePush } from "./people-push.js";
import { addSimulateOptions, type SimulateValues } from "./simulate-options.js";
import { act, examples, requiredOption } from "./usage.js";

/** An option with a default, shown as typed (commander would quote a string). */
const withDefault = (flags: string, help: string, value: string): Option => new Option(flags, help).default(value, value);

const SETTINGS_NOTE =
  "It reads the same settings as the server (DATABASE_PATH above all, from the environment or a .env file) and can run while the server is up.";

/** serve, and migrate (what serve does first). */
function declareServe(program: Command): void {
  program
    .command("serve")
    .summary("start the HTTP API (what npm start runs, and what runs with no command)")
    .description(
      "Starts the HTTP API and the dashboard: migrates the catalog, and on a first start creates an API key and the dashboard's admin password " +
        "(each printed once) and loads the sample titles (SAMPLE_DATA); answers catalog misses from the live providers and runs the ingest " +
        "schedule (INGEST_CRON), until SIGINT or SIGTERM. Its settings come from the environment or a .env file.",
    )
    .addHelpText("after", examples("serve", "PORT=9000 DATABASE_PATH=data/catalog.db npm start"))
    .action(act(async () => (await import("./serve.js")).serveCommand()));

  program
    .command("migrate")
    .summary("create or update the catalog schema, then exit")
    .description(`Creates the catalog (DATABASE_PATH) or brings its schema up to date, then exits; serve does the same when it starts. ${SETTINGS_NOTE}`)
    .addHelpText("after", examples("migrate", "DATABASE_PATH=/srv/catalog.db npm run cli -- migrate"))
    .action(act(async () => (await import("./migrate.js")).migrateCommand()));
}

/** The API keys and the dashboard's admin password. */
function declareKeys(program: Command): void {
  const keys = program.command("keys").summary("create, list and revoke API keys").description(`API keys, sent as the x-service-key header. ${SETTINGS_NOTE}`);
  keys
    .command("create")
    .summary("create an API key; the key is printed once, alone on the last line")
    .description("Creates an API key and prints it alone on the last line of stdout. It is shown only then: the catalog keeps its hash.")
    .addOption(requiredOption("--name <name>", "what the key is for, at most 100 characters"))
    .option("--rate <n>", "requests per minute allowed to the key (default: the KEY_RATE_PER_MINUTE setting)")
    .addHelpText(
      "after",
      examples("keys create --name jellyfin", "keys create --name scraper --rate 120", "KEY=$(npm run cli -- keys create --name media | tail -n 1)"),
    )
    .action(act(async (o: { name: string; rate?: string }) => (await import("./keys.js")).keysCreateCommand(o)));
  keys
    .command("list")
    .summary("list the keys, with their requests today and in the last 30 days")
    .description(
      "Lists the keys, one line each, tab-separated: id, name, prefix, rate, created, last used, requests today and in the last 30 days (UTC), revoked.",
    )
    .addHelpText("after", examples("keys list"))
    .action(act(async () => (await import("./keys.js")).keysListCommand()));
  keys
    .command("revoke")
    .summary("revoke a key; a running server refuses it from its next request on")
    .description("Revokes a key: a running server refuses it from its next request on.")
    .argument("<id>", "the key's id (the first column of keys list)")
    .addHelpText("after", examples("keys revoke 3"))
    .action(act(async (id: string) => (await import("./keys.js")).keysRevokeCommand(id)));

  program
    .command("admin")
    .summary("the dashboard's admin password")
    .description(`The admin password of the dashboard (at /dashboard). ${SETTINGS_NOTE}`)
    .command("reset-password")
    .summary("a new admin password for the dashboard, printed once on the last line")
    .description(
      "Makes a new admin password for the dashboard, prints it alone on the last line of stdout (shown only then) and signs every dashboard " +
        "session out. Refused while ADMIN_PASSWORD is set: that one is the password.",
    )
    .addHelpText("after", examples("admin reset-password"))
    .action(act(async () => (await import("./admin.js")).adminResetPasswordCommand()));
}

function declareRestore(program: Command): void {
  program
    .command("restore")
    .summary("bring the catalog back from its backup (BACKUP_TO), as it is or as it was at --at")
    .description(
      "Restores the catalog from the backup Litestream streams (BACKUP_TO) into --to, refusing to replace an existing file unless --force " +
        "(stop the server first). The restored file is checked (SQLite's integrity_check, the catalog's own check) before it takes the " +
        "file's place, and the command prints what it holds: titles, API keys, ingest runs. Its settings come from the environment or a .env file.",
    )
    .option("--from <url>", "the backup: a directory, a file:// URL or s3://bucket/path (default: the BACKUP_TO setting)")
    .option("--to <file>", "the catalog file to write (default: the DATABASE_PATH setting)")
    .option("--at <time>", "the catalog as it was at this time (ISO 8601: 2026-11-27T04:00:00Z) rather than its last commit")
    .option("--force", "replace an existing catalog file (and its -wal and -shm)")
    .addHelpText(
      "after",
      examples("restore --from /mnt/backup/catalog", "restore --from s3://my-bucket/catalog --to /tmp/catalog.db --at 2026-11-27T04:00:00Z"),
    )
    .action(act(async (o: RestoreValues) => (await import("./restore.js")).restoreCommand(o)));
}

function declareLoaders(program: Command): void {
  program
    .command("import")
    .summary("load detailed records: NDJSON, a JSON array or one JSON object")
    .description(
      "Loads detailed records in the spec's shape (NDJSON, a JSON array, or one JSON object; a saved /movie answer is taken too) under a " +
        "provider name. Re-importing changes nothing; a changed record is updated. A bad line is reported on stderr with its number and " +
        `skipped; the rest lands in one transaction (an import stopped at any point leaves the catalog as it was). ${SETTINGS_NOTE}`,
    )
    .argument("<file>", "the records")
    .addOption(withDefault("--provider <name>", "the provider to store them under: letters, digits, - or _", "file"))
    .addHelpText("after", examples("import my-titles.ndjson --provider mine", "import saved-answers.json"))
    .action(act(async (file: string, o: { provider: string }) => (await import("./import.js")).importCommand(file, o)));

  program
    .command("import-dump")
    .summary("load the r18.dev database dump (.sql or .sql.gz) as provider r18dev")
    .description(
      "Loads r18.dev's PostgreSQL dump (.sql or .sql.gz) into the catalog as provider r18dev, in one transaction: the API answers from the " +
        "catalog as it was until the end, and an import stopped at any point (or a truncated file) leaves it as it was. Progress goes to " +
        `stderr, a summary (videos, actresses, skipped rows by reason) to stdout. ${SETTINGS_NOTE}`,
    )
    .argument("<file>", "the dump")
    .addHelpText("after", examples("import-dump r18dotdev_dump_2026-11-01.sql.gz"))
    .action(act(async (file: string) => (await import("./import-dump.js")).importDumpCommand(file)));

  program
    .command("sample-dump")
    .summary("write a synthetic r18.dev dump (gzipped when --out ends in .gz)")
    .description("Writes a synthetic dump in r18.dev's format, for trying import-dump out and for benchmarks. It does not open the catalog.")
    .addOption(requiredOption("--videos <n>", "videos in the dump"))
    .addOption(requiredOption("--out <file>", "the file to write; gzipped when it ends in .gz"))
    .addOption(withDefault("--seed <s>", "the same seed writes the same dump", "1"))
    .option("--shuffle-tables", "write the tables in a seeded random order, not pg_dump's alphabetical one")
    .option("--shuffle-columns", "permute each table's columns, as a schema change upstream would")
    .addHelpText("after", examples("sample-dump --videos 200000 --out sample.sql.gz", "import-dump sample.sql.gz"))
    .action(act(async (o: SampleDumpOptions) => (await import("./import-dump.js")).sampleDumpCommand(o)));

  program
    .command("sample")
    .summary("generated titles into the catalog (provider sample), or as NDJSON to a file")
    .description(`Adds generated titles to the catalog as provider "sample" (the same ones again add nothing), or writes them as NDJSON. ${SETTINGS_NOTE}`)
    .addOption(withDefault("--count <n>", "how many titles", "1000"))
    .addOption(withDefault("--seed <s>", "the same seed makes the same titles", "1"))
    .option("--out <file>", "write NDJSON to this file instead of the catalog")
    .addHelpText("after", examples("sample --count 100000", "sample --count 5000 --seed 2 --out titles.ndjson"))
    .action(act(async (o: { count: string; seed: string; out?: string }) => (await import("./sample.js")).sampleCommand(o)));

  program
    .command("purge")
    .summary("remove every record of a provider")
    .description(`Removes every record of a provider from the catalog (the sample titles: --provider sample). ${SETTINGS_NOTE}`)
    .addOption(requiredOption("--provider <name>", "the provider whose records go"))
    .addHelpText("after", examples("purge --provider sample"))
    .action(act(async (o: { provider: string }) => (await import("./purge.js")).purgeCommand(o)));
}

/** ingest, and runs (what the ingest runs did). */
function declareIngest(program: Command): void {
  program
    .command("ingest")
    .summary("crawl the providers into the catalog (resumes a stopped run)")
    .description(
      "Crawls the enabled providers into the catalog: fanza by release date, newest first; r18dev a list of codes; the sellers' sites " +
        "(1pondo, caribbeancom, heyzo, tokyo-hot, ...) their own listings, newest first: the whole site the first time, then what came " +
        "out since the last whole crawl began (less 30 days). Each page commits with its checkpoint, so a stopped run resumes on the next " +
        `ingest; runs never overlap. Prints one line per run; exit status 1 when a run failed. ${SETTINGS_NOTE}`,
    )
    .option("--provider <name>", "crawl only this provider (default: every usable one; see docs/filling-the-catalog.md)")
    .option("--since <date>", "titles released on or after this day, YYYY-MM-DD (fanza and the sellers' sites)")
    .option("--full", "the sellers' sites: go through the whole listing again, not only what came out since the last crawl")
    .option("--limit <n>", "stop after this many records (the next run continues)")
    .option("--codes <file>", "r18dev: the codes or content ids to crawl, one a line, # comments (default: the R18DEV_CODES_FILE setting)")
    .addHelpText(
      "after",
      examples(
        "FANZA_API_ID=... FANZA_AFFILIATE_ID=...-990 npm run cli -- ingest --provider fanza --since 2024-01-01",
        "ingest --provider r18dev --codes my-codes.txt",
        "ingest --provider 1pondo",
      ),
    )
    .action(
      act(async (o: { provider?: string; since?: string; limit?: string; codes?: string; full?: boolean }) => (await import("./ingest.js")).ingestCommand(o)),
    );

  program
    .command("runs")
    .summary("recent ingest runs")
    .description(
      "Lists recent ingest runs, newest first, tab-separated: provider, trigger, status, times, pages, records, requests, retries, failures by kind, errors.",
    )
    .addOption(withDefault("--limit <n>", "how many runs", "20"))
    .addHelpText("after", examples("runs", "runs --limit 100"))
    .action(act(async (o: { limit: string }) => (await import("./ingest.js")).runsCommand(o)));
}

function declareScan(program: Command): void {
  program
    .command("scan")
    .summary("read the code of every video under <dir> and look it up; --write puts NFO files and artwork beside them")
    .description(
      "Walks a folder of videos (recursively), reads each file's code and part from its name (else from the folders above it) and looks " +
        "the code up: the catalog first, then the live providers. Prints one tab-separated line per video and a summary. Without --write " +
        "it never renames, moves or writes anything in the folder; with it, it writes each matched title's sidecars beside its videos " +
        "(NAME.nfo, NAME-poster.jpg, NAME-fanart.jpg, and if asked NAME-landscape.jpg and the gallery as numbered backdrops, read by Kodi, Jellyfin, Emby and Plex), once per title for a stack of parts, " +
        "never replacing a file it did not write (unless --force) and rewriting its own only when the title changed. " +
        SETTINGS_NOTE,
    )
    .argument("<dir>", "the folder to scan")
    .option("--json", "print one JSON document instead of lines")
    .option("--offline", "look in the catalog only, not in the live providers (covers are still fetched for --write)")
    .addOption(withDefault("--concurrency <n>", "live lookups, and titles whose sidecars are written, in flight: 1 to 64", "4"))
    .option("--write <kinds>", "write sidecars beside the videos: nfo, poster, fanart, landscape, extrafanart (comma-separated)")
    .option("--force", "with --write: replace files of the same names that this tool did not write")
    .option("--dry-run", "with --write: print what would be written, replaced or skipped, and write nothing")
    .addHelpText(
      "after",
      examples(
        "scan /mnt/media/jav",
        "scan /mnt/media/jav --offline --json > scan.json",
        "scan /mnt/media/jav --write nfo,poster,fanart --dry-run",
        "scan /mnt/media/jav --write nfo,poster,fanart",
      ),
    )
    .action(act(async (dir: string, o: ScanValues) => (await import("./scan.js")).scanCommand(dir, o)));
}

/** Where and how videos are placed: organize's options, and watch's. */
function placementOptions(command: Command): Command {
  return command
    .option("--template <template>", "folders and file name, e.g. '{actresses}/{code} {title}/{code}{marks}{part}' (the default)")
    .addOption(withDefault("--target <fs>", "the file system the names must suit: posix, or windows (NTFS, exFAT, a Samba share)", "posix"))
    .option("--link <kind>", "hard or soft: leave the videos where they are and link them into the library (never a move or a copy instead)")
    .addOption(withDefault("--on-conflict <policy>", "a target another file holds: skip the video, or suffix its names ' (2)'", "skip"))
    .option("--unmatched <dir>", "move the files without one title here (their folders kept) instead of leaving them");
}

function declareOrganize(program: Command): void {
  const command = program
    .command("organize")
    .summary("move a library's videos into folders and names from a template: a plan first, then --apply; every run can be undone")
    .description(
      "Reads <src> as scan does and plans where each video matched to one title goes under --into: its folder and name from the template, " +
        "made legal for the target file system, with its subtitles and sidecars. Prints the plan and changes nothing; --apply carries it out, " +
        "each step journalled in the catalog first, so a run stopped at any point is finished by the next organize command, and " +
        "--undo puts a run's files back. A file is never replaced: a target taken by another file is a conflict (skipped, or a suffix). " +
        "Files without one title stay where they are unless --unmatched names a folder for them. " +
        "'organize runs' lists the runs, 'organize runs ID' shows one. The template, the targets and what travels: docs/organizing.md.",
    )
    .argument("[src]", "the folder of videos to organize (or 'runs')")
    .argument("[run]", "with 'runs': the run to show")
    .option("--into <dir>", "the library folder the videos go into");
  placementOptions(command)
    .option("--apply", "carry out the plan (without it nothing changes)")
    .option("--plan <file>", "apply a plan saved with --json (checked against the files first)")
    .option("--json", "print the plan (and with --apply the run) as one JSON document")
    .option("--offline", "look titles up in the catalog only")
    .option("--write <kinds>", "with --apply: write sidecars at the new place: nfo, poster, fanart, landscape, extrafanart")
    .addOption(withDefault("--concurrency <n>", "live lookups in flight: 1 to 64", "4"))
    .option("--undo <run>", "put the files of a run back where they were: its id, or 'last'")
    .addHelpText(
      "after",
      examples(
        "organize ~/Downloads --into /mnt/media/jav",
        "organize ~/Downloads --into /mnt/media/jav --apply --write nfo,poster,fanart",
        "organize ~/Downloads --into /mnt/media/jav --json > plan.json",
        "organize --plan plan.json --apply",
        "organize ~/Downloads --into /mnt/nas/jav --target windows --link hard --apply",
        "organize runs",
        "organize --undo last",
      ),
    )
    .action(act(async (src: string | undefined, run: string | undefined, o: OrganizeValues) => (await import("./organize.js")).organizeCommand(src, run, o)));
}

function declareWatch(program: Command): void {
  const command = program
    .command("watch")
    .summary("place the videos that arrive in <inbox> into the library by themselves, as organize --apply does; --once PATH for a download client")
    .description(
      "Watches <inbox> (file events, and a walk of it every --interval seconds), and places each video once its download is whole " +
        "(no partial name, sizes and times unchanged for --settle seconds; a torrent's folder whole) as organize --apply does: journalled, " +
        "never replacing a file. A title no source has yet is pending and is tried again when the catalog gains titles. Media servers " +
        "and a webhook are told (JELLYFIN_*, EMBY_*, PLEX_*, WEBHOOK_*). Runs until SIGINT or SIGTERM; --once PATH handles one path now and " +
        "exits (a download client's 'run on completion'). serve runs the same watcher with WATCH_INBOX. docs/watching.md.",
    )
    .argument("[inbox]", "the folder downloads arrive in (with --once: the folder above PATH when left out)")
    .option("--into <dir>", "the library folder the videos go into (WATCH_INTO when left out)");
  placementOptions(command)
    .option("--write <kinds>", "write sidecars beside each placed video: nfo, poster, fanart, landscape, extrafanart")
    .option("--offline", "look titles up in the catalog only (a pending title waits for the catalog)")
    .addOption(withDefault("--settle <seconds>", "how long a download's files must keep their sizes and times", "30"))
    .addOption(withDefault("--interval <seconds>", "how often the whole inbox is walked", "60"))
    .option("--once <path>", "handle this file or folder of the inbox now, then exit (no settle time)")
    .option("--json", "with --once: print the files' outcomes as JSON")
    .addHelpText(
      "after",
      examples(
        "watch ~/Downloads/complete --into /mnt/media/jav",
        "watch ~/Downloads/complete --into /mnt/media/jav --link hard --write nfo,poster,fanart",
        'watch ~/Downloads/complete --into /mnt/media/jav --once "~/Downloads/complete/ABP-123"',
      ),
    )
    .action(act(async (inbox: string | undefined, o: WatchValues) => (await import("./watch.js")).watchCommand(inbox, o)));
}

function declareSimulate(program: Command): void {
  addSimulateOptions(
    program
      .command("simulate-providers")
      .summary("a local server in the providers' real formats, with fault switches (demos, tests)")
      .description(
        "Serves r18.dev's JSON and the DMM ItemList API over a generated catalog until SIGINT or SIGTERM, and prints the settings that " +
          "point the service at it. The fault switches make it misbehave as real sources do. Nothing leaves the machine.",
      ),
  )
    .addHelpText("after", examples("simulate-providers --port 9300 --records 5000 --fault-429 0.05 --fault-500 every:50,burst:2"))
    .action(act(async (o: SimulateValues) => (await import("./simulate-providers.js")).simulateProvidersCommand(o)));
}

/** Declares every command on the program, in the order the help lists them. */
export function declareCommands(program: Command): void {
  declareServe(program);
  declareKeys(program);
  declareRestore(program);
  declareLoaders(program);
  declareIngest(program);
  declareScan(program);
  declareOrganize(program);
  declareWatch(program);
  declarePeoplePush(declarePeople(program));
  declareSimulate(program);
}
