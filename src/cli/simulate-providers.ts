import { parseArgs } from "node:util";
import { startSimulator, type FaultOptions, type SimulatorOptions } from "../samples/simulator/index.js";
import { CliError, out } from "./context.js";

const USAGE = `simulate-providers --port P [--host H] [--records N] [--seed S] [--max-offset N]
  [--fault-429 SHARE] [--retry-after SECONDS] [--fault-500 every:N,burst:M]
  [--slow-ms MS --slow-share SHARE] [--truncate SHARE] [--challenge SHARE] [--html SHARE] [--rate-limit RPS]`;

function num(name: string, raw: string | undefined, check: (n: number) => boolean): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(n) || !check(n)) throw new CliError(`--${name}: invalid value ${JSON.stringify(raw)}\n${USAGE}`);
  return n;
}

const isShare = (n: number): boolean => n >= 0 && n <= 1;
const isCount = (n: number): boolean => Number.isSafeInteger(n) && n >= 0;

function burst(raw: string | undefined): FaultOptions["burst500"] {
  if (raw === undefined) return undefined;
  const m = /^every:(\d+),burst:(\d+)$/.exec(raw.replace(/\s+/g, ""));
  if (!m || Number(m[1]) < 1) throw new CliError(`--fault-500: expected every:N,burst:M (N >= 1), got ${JSON.stringify(raw)}`);
  return { every: Number(m[1]), burst: Number(m[2]) };
}

/** argv -> simulator options; exported for tests. */
export function parseSimulateArgs(argv: string[]): SimulatorOptions {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: Object.fromEntries(
        [
          "port",
          "host",
          "records",
          "seed",
          "max-offset",
          "fault-429",
          "retry-after",
          "fault-500",
          "slow-ms",
          "slow-share",
          "truncate",
          "challenge",
          "html",
          "rate-limit",
        ].map((k) => [k, { type: "string" as const }]),
      ),
    }) as { values: Record<string, string | undefined> });
  } catch (err) {
    throw new CliError(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
  }
  const faults: FaultOptions = {
    rate429: num("fault-429", values["fault-429"], isShare),
    retryAfterSeconds: num("retry-after", values["retry-after"], (n) => n >= 0),
    burst500: burst(values["fault-500"]),
    slowMs: num("slow-ms", values["slow-ms"], isCount),
    slowShare: num("slow-share", values["slow-share"], isShare),
    truncateShare: num("truncate", values.truncate, isShare),
    challengeShare: num("challenge", values.challenge, isShare),
    htmlShare: num("html", values.html, isShare),
    rateLimitRps: num("rate-limit", values["rate-limit"], (n) => n > 0),
  };
  if (faults.slowMs !== undefined && faults.slowShare === undefined) faults.slowShare = 1;
  const defined = Object.fromEntries(Object.entries(faults).filter(([, v]) => v !== undefined)) as FaultOptions;
  return {
    port: num("port", values.port, (n) => isCount(n) && n <= 65535) ?? 0,
    host: values.host ?? "127.0.0.1",
    records: num("records", values.records, (n) => isCount(n) && n >= 1),
    seed: num("seed", values.seed, isCount),
    maxOffset: num("max-offset", values["max-offset"], (n) => isCount(n) && n >= 1),
    faults: defined,
  };
}

/** simulate-providers: serves r18.dev and DMM ItemList formats over a generated catalog until SIGINT/SIGTERM. */
export async function simulateProvidersCommand(argv: string[]): Promise<void> {
  const options = parseSimulateArgs(argv);
  const sim = await startSimulator(options);
  out(`provider simulator listening on ${sim.url}`);
  out(`${sim.catalog.records.length} records; point the service at it with:`);
  out(`PROVIDER_R18DEV_BASE_URL=${sim.url}`);
  out(`PROVIDER_FANZA_BASE_URL=${sim.url}`);
  out("FANZA_API_ID=sim FANZA_AFFILIATE_ID=sim-990");
  const faults = Object.entries(options.faults ?? {});
  if (faults.length > 0) out(`faults: ${faults.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(" ")}`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  const stats = sim.stats();
  await sim.close();
  out(`provider simulator stopped after ${stats.requests} requests ${JSON.stringify(stats.byRoute)} faults ${JSON.stringify(stats.faults)}`);
}
