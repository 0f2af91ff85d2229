/**
 * The CLI answers like a CLI: help on stdout (exit 0) for the program and for every
 * command, and a command line it does not take gets one line saying what is wrong,
 * the command's usage and exit status 2, never a stack trace. Runs the built CLI, as
 * `npm run cli` does; the invocations of a test run side by side.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CliResult, ROOT, runCliAsync } from "../helpers/run-cli.js";

/** No catalog is opened by any of these; should one be, it is a throwaway. */
const env = { DATABASE_PATH: ":memory:" };
const run = (args: string[]): Promise<CliResult> => runCliAsync(args, env);
const all = (lines: string[][]): Promise<CliResult[]> => Promise.all(lines.map(run));

/** Every command, with the arguments and options its help must show (and a default where it has one). */
const COMMANDS: { path: string; shows: string[] }[] = [
  { path: "serve", shows: [] },
  { path: "migrate", shows: [] },
  { path: "keys create", shows: ["--name <name>", "(required)", "--rate <n>", "KEY_RATE_PER_MINUTE"] },
  { path: "keys list", shows: [] },
  { path: "keys revoke", shows: ["Arguments:", "id "] },
  { path: "admin reset-password", shows: [] },
  { path: "import", shows: ["Arguments:", "file ", "--provider <name>", "(default: file)"] },
  { path: "import-dump", shows: ["Arguments:", "file "] },
  { path: "sample-dump", shows: ["--videos <n>", "--out <file>", "--seed <s>", "(default: 1)", "--shuffle-tables", "--shuffle-columns"] },
  { path: "sample", shows: ["--count <n>", "(default: 1000)", "--seed <s>", "--out <file>"] },
  { path: "purge", shows: ["--provider <name>", "(required)"] },
  { path: "ingest", shows: ["--provider <name>", "--since <date>", "--limit <n>", "--codes <file>", "R18DEV_CODES_FILE"] },
  { path: "runs", shows: ["--limit <n>", "(default: 20)"] },
  { path: "people show", shows: ["Arguments:", "person ", "--json"] },
  { path: "people find", shows: ["Arguments:", "text ", "--json", "--limit <n>"] },
  { path: "people merge", shows: ["Arguments:", "into ", "from...", "people merge 1044099 n512"] },
  { path: "people split", shows: ["--name <name>", "(required)"] },
  { path: "people edits", shows: ["--json", "--limit <n>"] },
  { path: "people undo", shows: ["Arguments:", "edit "] },
  { path: "people import-aliases", shows: ["Arguments:", "file ", "actress_alias.json", "mapping_actor.xml"] },
  { path: "people rebuild", shows: [] },
  { path: "scan", shows: ["Arguments:", "dir ", "--json", "--offline", "--concurrency <n>", "(default: 4)"] },
  {
    path: "simulate-providers",
    shows: ["--port <port>", "--host <host>", "--records <n>", "--seed <s>", "--max-offset <n>", "Faults:", "--fault-429 <share>", "--retry-after <seconds>"]
      .concat(["--fault-500 <every:N,burst:M>", "--slow-ms <ms>", "--slow-share <share>", "--truncate <share>", "--challenge <share>", "--html <share>"])
      .concat(["--rate-limit <rps>", "(default: 5000)"]),
  },
];

/** A usage error as it must read: the line saying what is wrong, then the usage, on stderr only; exit 2. */
function expectUsageError(r: CliResult, first: RegExp, usage: string): void {
  const lines = r.stderr.trimEnd().split("\n");
  expect(r.status, r.stderr).toBe(2);
  expect(r.stdout).toBe("");
  expect(lines[0]).toMatch(first);
  expect(lines[1]).toBe(`Usage: ${usage}`);
  expect(lines.at(-1)).toMatch(/^See npm run cli -- .*--help for /);
  // No stack frame, and nothing from Node itself.
  expect(r.stderr).not.toMatch(/^\s+at /m);
  expect(r.stderr).not.toMatch(/TypeError|ERR_/);
}

describe("the CLI's help and usage errors", () => {
  it("prints the top-level help for --help, -h and help: every command with its arguments, and examples", async () => {
    const [long, short, word] = await all([["--help"], ["-h"], ["help"]]);
    for (const r of [long, short, word]) {
      expect(r.status).toBe(0);
      expect(r.stderr).toBe("");
      expect(r.stdout).toBe(long.stdout);
    }
    const help = long.stdout;
    expect(help).toMatch(/^Usage: npm run cli -- <command> \[options\]\n/);
    expect(help).toContain("With no command it runs serve");
    for (const term of ["keys create --name <name>", "keys revoke <id>", "admin reset-password", "scan <dir>", "sample-dump --videos <n> --out <file>"]) {
      expect(help).toMatch(new RegExp(`^  ${term.replace(/[[\]]/g, "\\$&")}  `, "m"));
    }
    for (const { path } of COMMANDS) expect(help).toMatch(new RegExp(`^  ${path}\\b`, "m"));
    expect(help).toMatch(/\nExamples:\n {2}npm run cli -- /);
  });

  it("prints each command's help: its usage, arguments, every option with its default, and an example", async () => {
    const results = await all(COMMANDS.map(({ path }) => [...path.split(" "), "--help"]));
    COMMANDS.forEach(({ path, shows }, i) => {
      const r = results[i];
      expect(r.status, path).toBe(0);
      expect(r.stderr, path).toBe("");
      expect(r.stdout, path).toMatch(new RegExp(`^Usage: npm run cli -- ${path}( |\\n)`));
      for (const text of shows) expect(r.stdout, `${path}: ${text}`).toContain(text);
      expect(r.stdout, path).toMatch(new RegExp(`\\nExamples:\\n(  .*\\n)*  .*npm (run cli -- ${path}|start)\\b`));
    });
    // help COMMAND [SUB-COMMAND] is the same page; -h too.
    const [viaHelp, viaShort, keys] = await all([
      ["help", "keys", "create"],
      ["keys", "create", "-h"],
      ["keys", "--help"],
    ]);
    expect(viaHelp.stdout).toBe(results[2].stdout);
    expect(viaShort.stdout).toBe(results[2].stdout);
    expect(keys.stdout).toMatch(/^Usage: npm run cli -- keys <command>\n/);
    expect(keys.stdout).toContain("keys revoke <id>");
  });

  it("answers an unknown command, option, a missing argument or a bad value with one line and the usage, exit 2", async () => {
    const dir = join(ROOT, "test");
    const [command, viaHelp, option, typo, argument, extra, required, sub, group, value, valueOfParser, simulator] = await all([
      ["scna", dir],
      ["help", "scna"],
      ["scan", dir, "--bogus"],
      ["keys", "create", "--nme", "x"],
      ["scan"],
      ["import", "a.ndjson", "b.ndjson"],
      ["sample-dump", "--videos", "5"],
      ["keys", "crate"],
      ["keys"],
      ["scan", dir, "--concurrency", "99"],
      ["keys", "revoke", "first"],
      ["simulate-providers", "--fault-429", "2"],
    ]);
    const top = "npm run cli -- <command> [options]";
    expectUsageError(command, /^error: unknown command 'scna' \(did you mean scan\?\)$/, top);
    expect(command.stderr).toMatch(/^Commands: serve, migrate, keys, .*, scan, organize, watch, people, simulate-providers$/m);
    expectUsageError(viaHelp, /^error: unknown command 'scna' \(did you mean scan\?\)$/, top);
    const scan = "npm run cli -- scan <dir> [options]";
    expectUsageError(option, /^error: unknown option '--bogus'$/, scan);
    expectUsageError(typo, /^error: unknown option '--nme' \(did you mean --name\?\)$/, "npm run cli -- keys create --name <name> [--rate <n>]");
    expectUsageError(argument, /^error: missing required argument 'dir'$/, scan);
    expectUsageError(
      extra,
      /^error: too many arguments for 'import'\. Expected 1 argument but got 2: a\.ndjson, b\.ndjson\.$/,
      "npm run cli -- import <file> [--provider <name>]",
    );
    expectUsageError(
      required,
      /^error: required option '--out <file>' not specified$/,
      "npm run cli -- sample-dump --videos <n> --out <file> [--seed <s>] [--shuffle-tables] [--shuffle-columns]",
    );
    expectUsageError(sub, /^error: unknown command 'crate' \(did you mean create\?\)$/, "npm run cli -- keys create --name <name> [--rate <n>]");
    expect(sub.stderr).toContain("       npm run cli -- keys revoke <id>\n");
    expectUsageError(group, /^error: keys needs a command: create, list or revoke$/, "npm run cli -- keys create --name <name> [--rate <n>]");
    // The commands' own checks of a value read the same.
    expectUsageError(value, /^error: --concurrency must be 1 to 64$/, scan);
    expectUsageError(valueOfParser, /^error: keys revoke needs a key id \(see keys list\), got "first"$/, "npm run cli -- keys revoke <id>");
    expectUsageError(simulator, /^error: --fault-429: invalid value "2"$/, "npm run cli -- simulate-providers [options]");
  });

  it("loads only its own command's code: no command but serve loads the HTTP stack", () => {
    const dist = join(ROOT, "dist");
    /** The file and every chunk it imports at load time (not the ones it imports when a command runs). */
    const loaded = (file: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(file)) return seen;
      seen.add(file);
      const text = readFileSync(join(dist, file), "utf8");
      for (const m of text.matchAll(/^(?:import|export)\s[^;]*?from\s*"\.\/([^"]+)"|^import\s*"\.\/([^"]+)"/gm)) loaded(m[1] ?? m[2], seen);
      return seen;
    };
    const http = (file: string) => [...loaded(file)].some((f) => readFileSync(join(dist, f), "utf8").includes("// node_modules/fastify/"));
    const lazy = (file: string) => [...readFileSync(join(dist, file), "utf8").matchAll(/import\("\.\/([^"]+)"\)/g)].map((m) => m[1]);
    // main.js checks the Node version, then imports the CLI (src/main.ts); the CLI imports each command when it runs.
    const [cli, ...more] = lazy("main.js");
    expect(more).toEqual([]);
    const commands = [...loaded(cli)].flatMap(lazy);
    expect(commands.length).toBeGreaterThanOrEqual(12);
    expect(http("main.js")).toBe(false);
    expect(http(cli)).toBe(false);
    for (const file of commands) expect(http(file), file).toBe(file.startsWith("serve-"));
  });
});
