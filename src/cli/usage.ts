/**
 * How the CLI's help and usage errors read (commander does the parsing; this file only
 * shapes its text): the top-level help lists every command with its arguments, the
 * sub-commands of keys and admin included; an option the command cannot run without
 * says "(required)"; a usage error is one line, then the command's usage and where
 * its help is.
 */
import { type Argument, type Command, Help, type HelpConfiguration, Option } from "commander";
import { UsageError } from "./errors.js";

/** How the CLI is run: the start of every usage line. */
export const RUN = "npm run cli --";

/** The exit status of a command line that is not one the CLI takes. */
export const USAGE_EXIT = 2;

const isProgram = (command: Command): boolean => command.name() === RUN;

/** A command's name below the program (named RUN): `keys create`. */
function pathOf(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c && !isProgram(c); c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

/**
 * The options a command cannot run without. Checked when its action runs (act), not
 * as commander checks its mandatory options: that is before it looks for unknown ones,
 * and `keys create --nme x` would be told that --name is missing, not that --nme is
 * unknown (did you mean --name?).
 */
const REQUIRED = new WeakSet<Option>();

export function requiredOption(flags: string, help: string): Option {
  const option = new Option(flags, help);
  REQUIRED.add(option);
  return option;
}

const isRequired = (option: Option): boolean => REQUIRED.has(option);
const argumentTerm = (a: Argument): string => {
  const name = `${a.name()}${a.variadic ? "..." : ""}`;
  return a.required ? `<${name}>` : `[${name}]`;
};
const shownOptions = (command: Command): Option[] => command.options.filter((o) => !o.hidden);

/** What follows the command's name on its usage line: arguments, required options, then the others (or `[options]` when many). */
function usageOf(command: Command): string {
  if (isProgram(command)) return "<command> [options]";
  if (command.commands.length > 0) return "<command>";
  const options = shownOptions(command);
  const optional = options.filter((o) => !isRequired(o));
  return [
    ...command.registeredArguments.map(argumentTerm),
    ...options.filter(isRequired).map((o) => o.flags),
    ...(optional.length > 4 ? ["[options]"] : optional.map((o) => `[${o.flags}]`)),
  ].join(" ");
}

/** The usage line of a command, after "Usage: ". */
function usageLine(command: Command): string {
  return [RUN, pathOf(command), usageOf(command)].filter((s) => s !== "").join(" ");
}

/** The term of a command in a list of commands: its name, arguments and required options. */
function termOf(command: Command): string {
  const required = shownOptions(command).filter(isRequired);
  return [pathOf(command), ...command.registeredArguments.map(argumentTerm), ...required.map((o) => o.flags)].join(" ");
}

/** The lines printed after a usage error of this command. */
function usageAfterError(command: Command): string {
  const help = [RUN, pathOf(command), "--help"].filter((s) => s !== "").join(" ");
  if (isProgram(command)) {
    const names = command.commands.map((c) => c.name()).join(", ");
    return `Usage: ${usageLine(command)}\nCommands: ${names}\nSee ${help} for what each one does.`;
  }
  const lines = (command.commands.length > 0 ? command.commands : [command]).map((c) => usageLine(c));
  const usage = lines.map((line, i) => `${i === 0 ? "Usage:" : "      "} ${line}`).join("\n");
  const what = command.commands.length > 0 ? "each command" : shownOptions(command).length > 0 ? "each option and an example" : "what it does";
  return `${usage}\nSee ${help} for ${what}.`;
}

/** Help shaped as above; commander's own for the rest. */
export const HELP: HelpConfiguration & { inError?: boolean } = {
  // Wrap the descriptions beside the long terms of the top-level list too (commander's own minimum is 40 columns).
  minWidthToWrap: 30,
  visibleCommands(command: Command): Command[] {
    const listed = Help.prototype.visibleCommands.call(this as Help, command);
    // The program lists the sub-commands of keys and admin in place of the two.
    return isProgram(command) ? listed.flatMap((c) => (c.commands.length > 0 ? [...c.commands] : [c])) : listed;
  },
  // Help on stderr for an error (keys or admin with no sub-command, after the line that says so): the usage only.
  prepareContext(context: { error?: boolean; helpWidth?: number; outputHasColors?: boolean }): void {
    Help.prototype.prepareContext.call(this as Help, context);
    this.inError = context.error === true;
  },
  formatHelp(command: Command, helper: Help): string {
    return this.inError ? `${usageAfterError(command)}\n` : Help.prototype.formatHelp.call(this as Help, command, helper);
  },
  subcommandTerm: termOf,
  commandUsage: usageLine,
  optionDescription(option: Option): string {
    const text = Help.prototype.optionDescription.call(this as Help, option);
    return isRequired(option) ? `${text} (required)` : text;
  },
};

/** Usage errors on one line: commander's "(Did you mean ...?)" joins the line it follows. */
export function oneLine(message: string): string {
  return message.replace(/\n\(Did you mean ([^)]*)\)/, (_, rest: string) => ` (did you mean ${rest})`);
}

/**
 * Sets what each command prints after a usage error and, for keys and admin, the line
 * that says a sub-command is missing. Called once every command is declared.
 */
export function finishUsage(command: Command): void {
  command.showHelpAfterError(usageAfterError(command));
  if (!isProgram(command) && command.commands.length > 0) {
    const names = command.commands.map((c) => c.name());
    const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : names[0];
    command.addHelpText("before", ({ error }) => (error ? `error: ${pathOf(command)} needs a command: ${list}` : ""));
  }
  for (const sub of command.commands) finishUsage(sub);
}

/** Examples for the end of a command's help: a command line (RUN is put before it), or one that starts with settings. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  ${/^[A-Z_]+=/.test(l) ? l : `${RUN} ${l}`}`).join("\n")}`;
}

/**
 * An action that loads its command's module when run, once its required options are
 * there. A UsageError from the command (a value it does not take) is reported as the
 * parser reports its own: one line, then the command's usage.
 */
export function act<A extends unknown[]>(run: (...args: A) => Promise<void> | void) {
  return async function (this: Command, ...args: A): Promise<void> {
    const missing = this.options.find((o) => isRequired(o) && this.getOptionValue(o.attributeName()) === undefined);
    if (missing) this.error(`error: required option '${missing.flags}' not specified`, { exitCode: USAGE_EXIT, code: "commander.missingMandatoryOptionValue" });
    try {
      await run(...args);
    } catch (e) {
      if (e instanceof UsageError) this.error(`error: ${e.message}`, { exitCode: USAGE_EXIT, code: "video-catalog.usage" });
      throw e;
    }
  };
}
