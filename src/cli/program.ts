/**
 * The CLI: one commander program that declares every command (commands.ts), and what
 * the process answers when a command fails. A usage error (an unknown command or
 * option, a missing argument, a bad value) is one line and the command's usage, exit
 * status 2; a CliError is its one line, exit status 2; help goes to stdout, exit 0.
 */
import { Command, CommanderError } from "commander";
import { declareCommands } from "./commands.js";
import { serverOutput } from "../lib/server-output.js";
import { CliError } from "./errors.js";
import { finishUsage, HELP, oneLine, RUN, USAGE_EXIT } from "./usage.js";

export function buildProgram(): Command {
  const program = new Command(RUN)
    .usage("<command> [options]")
    .description(
      "The command line of video-catalog: run the API, manage its keys, fill and inspect the catalog. With no command it runs serve " +
        "(what npm start runs). Every command reads the same settings as the server (the environment or a .env file) and can run while " +
        `it is up. A command's own help, with its options and an example: ${RUN} COMMAND --help (or ${RUN} help COMMAND).`,
    )
    .helpOption("-h, --help", "show this help")
    .helpCommand("help [command]", "show the help of a command")
    .configureHelp(HELP)
    .configureOutput({ outputError: (text, write) => write(oneLine(text)) })
    .showSuggestionAfterError()
    .exitOverride();
  declareCommands(program);
  finishUsage(program);
  program.addHelpText("after", `\nExamples:\n  ${RUN} keys create --name jellyfin\n  ${RUN} scan /mnt/media/jav\n  ${RUN} help scan`);
  return program;
}

/** Runs the command line `argv` (without node and the script); no command runs serve. */
export async function runCli(argv: string[]): Promise<void> {
  // Output cut short by its reader (`keys list | head -1`): stop as a Unix tool stopped by SIGPIPE does (128 + 13), with no stack trace.
  // Not the server: its sink (lib/server-output.ts) owns stdout then, and a log reader that leaves must never stop it.
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (serverOutput()) return;
    if (e.code !== "EPIPE") throw e;
    process.exit(141);
  });
  try {
    const program = buildProgram();
    await program.parseAsync(argv.length === 0 ? ["serve"] : helpAsOption(program, argv), { from: "user" });
  } catch (e) {
    // Help was asked for and printed: done.
    if (e instanceof CommanderError && e.exitCode === 0) return;
    const [status, text] = await failure(e);
    if (text !== null) process.stderr.write(text + "\n");
    process.exit(status);
  }
}

/**
 * `help COMMAND [SUB-COMMAND]` as `COMMAND [SUB-COMMAND] --help` (commander's help command
 * takes one name: `help keys create` would show the help of keys), and `help NOPE` as
 * `NOPE`: the error of an unknown command, with its suggestion.
 */
function helpAsOption(program: Command, argv: string[]): string[] {
  if (argv[0] !== "help" || argv.length < 2) return argv;
  return program.commands.some((c) => c.name() === argv[1]) ? [...argv.slice(1), "--help"] : argv.slice(1, 2);
}

function isSystemError(e: unknown): e is NodeJS.ErrnoException {
  return e instanceof Error && typeof (e as NodeJS.ErrnoException).code === "string" && typeof (e as NodeJS.ErrnoException).syscall === "string";
}

/** The exit status of a failure, and what to print (null: the parser has printed it). */
async function failure(e: unknown): Promise<[number, string | null]> {
  if (e instanceof CommanderError) return [USAGE_EXIT, null];
  if (e instanceof CliError) return [2, e.message];
  if (e instanceof Error && e.name === "ConfigError") return [2, e.message];
  // A full disk, said with the catalog's file and sizes (context.js is loaded by then if a catalog was opened).
  const explained = (await import("./context.js")).explainFailure(e);
  if (explained !== null) return [1, explained];
  // The system refused a file the command was given (a folder that does not exist, no permission): its message says which.
  if (isSystemError(e)) return [1, e.message];
  return [1, e instanceof Error ? (e.stack ?? e.message) : String(e)];
}
