/**
 * The options of simulate-providers and their checks, apart from the simulator itself:
 * the program declares them (for the help) without loading the simulator, and
 * parseSimulateArgs reads an argument list through the same declarations.
 */
import { type Command, Command as CommandClass, CommanderError, Option } from "commander";
import type { FaultOptions, SimulatorOptions } from "../../tools/simulator/index.js";
import { UsageError } from "./errors.js";

/** Flags and help of each option; "Faults:" ones are listed under their own heading. */
const OPTIONS: [flags: string, help: string, group?: "Faults:"][] = [
  ["--port <port>", "the port to listen on; 0 takes a free one (default: 0)"],
  ["--host <host>", "the address to listen on (default: 127.0.0.1)"],
  ["--records <n>", "titles in the generated catalog of DMM's sources (default: 5000)"],
  ["--site-titles <n>", "titles of each seller's site, 1pondo, heyzo, ... (default: 300)"],
  ["--seed <s>", "seeds the catalog and the faults: the same seed, the same run (default: 1)"],
  ["--max-offset <n>", "the highest ItemList offset answered, as DMM's API caps it (default: 50000)"],
  ["--fault-429 <share>", "share of requests (0 to 1) answered 429 with retry-after", "Faults:"],
  ["--retry-after <seconds>", "the retry-after of the 429s (default: 1)", "Faults:"],
  ["--fault-500 <every:N,burst:M>", "a burst of M answers 500 every N requests", "Faults:"],
  ["--slow-ms <ms>", "delay before the response headers (of every request, or of --slow-share)", "Faults:"],
  ["--slow-share <share>", "share of requests delayed by --slow-ms", "Faults:"],
  ["--truncate <share>", "share of answers cut mid-way (the connection dropped)", "Faults:"],
  ["--challenge <share>", "share of requests answered by a Cloudflare challenge page (403)", "Faults:"],
  ["--html <share>", "share of requests answered 200 with HTML where JSON was expected", "Faults:"],
  ["--rate-limit <rps>", "requests per second over which requests are answered 429", "Faults:"],
];

/** The options as the parser gives them (camelCase names, the text as typed). */
export type SimulateValues = Record<string, string | undefined>;

export function addSimulateOptions(command: Command): Command {
  for (const [flags, help, group] of OPTIONS) {
    const option = new Option(flags, help);
    command.addOption(group ? option.helpGroup(group) : option);
  }
  return command;
}

function num(name: string, raw: string | undefined, check: (n: number) => boolean): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(n) || !check(n)) throw new UsageError(`--${name}: invalid value ${JSON.stringify(raw)}`);
  return n;
}

const isShare = (n: number): boolean => n >= 0 && n <= 1;
const isCount = (n: number): boolean => Number.isSafeInteger(n) && n >= 0;

function burst(raw: string | undefined): FaultOptions["burst500"] {
  if (raw === undefined) return undefined;
  const m = /^every:(\d+),burst:(\d+)$/.exec(raw.replace(/\s+/g, ""));
  if (!m || Number(m[1]) < 1) throw new UsageError(`--fault-500: expected every:N,burst:M (N >= 1), got ${JSON.stringify(raw)}`);
  return { every: Number(m[1]), burst: Number(m[2]) };
}

/** The parsed options -> simulator options, or a UsageError naming the bad value. */
export function simulatorOptions(values: SimulateValues): SimulatorOptions {
  const faults: FaultOptions = {
    rate429: num("fault-429", values.fault429, isShare),
    retryAfterSeconds: num("retry-after", values.retryAfter, (n) => n >= 0),
    burst500: burst(values.fault500),
    slowMs: num("slow-ms", values.slowMs, isCount),
    slowShare: num("slow-share", values.slowShare, isShare),
    truncateShare: num("truncate", values.truncate, isShare),
    challengeShare: num("challenge", values.challenge, isShare),
    htmlShare: num("html", values.html, isShare),
    rateLimitRps: num("rate-limit", values.rateLimit, (n) => n > 0),
  };
  if (faults.slowMs !== undefined && faults.slowShare === undefined) faults.slowShare = 1;
  const defined = Object.fromEntries(Object.entries(faults).filter(([, v]) => v !== undefined)) as FaultOptions;
  return {
    port: num("port", values.port, (n) => isCount(n) && n <= 65535) ?? 0,
    host: values.host ?? "127.0.0.1",
    records: num("records", values.records, (n) => isCount(n) && n >= 1),
    siteTitles: num("site-titles", values.siteTitles, (n) => isCount(n) && n >= 1 && n <= 100_000),
    seed: num("seed", values.seed, isCount),
    maxOffset: num("max-offset", values.maxOffset, (n) => isCount(n) && n >= 1),
    faults: defined,
  };
}

/** An argument list -> simulator options, through the same declarations; a UsageError for a bad one. */
export function parseSimulateArgs(argv: string[]): SimulatorOptions {
  const command = addSimulateOptions(new CommandClass("simulate-providers"))
    .exitOverride()
    .configureOutput({ writeOut: () => {}, writeErr: () => {} });
  try {
    command.parse(argv, { from: "user" });
  } catch (e) {
    if (e instanceof CommanderError) throw new UsageError(e.message.replace(/^error: /, ""));
    throw e;
  }
  return simulatorOptions(command.opts<SimulateValues>());
}
