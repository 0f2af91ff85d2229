/**
 * What a /movie or /query miss that asks the live providers costs, in ms, through the real
 * app in this process (app.inject), against local stand-ins for the sources:
 *   node --import tsx bench/live-miss.ts [--misses N] [--delays 0,2000,4000]
 *
 * 1. A code of an amateur line MGStage sells (SIRO-…), on the provider simulator, whose r18dev
 *    and fanza hold no SIRO title (as the real ones do not) and answer after each of --delays ms
 *    (a source far away, or slow to say it lacks a title), within LIVE_TIMEOUT_MS (8 s).
 * 2. A miss without internet: every provider's base URL at a host name that does not resolve
 *    (http://{provider}.invalid: the system's resolver is asked, nothing else leaves the machine),
 *    then at a closed port of 127.0.0.1, then with LIVE_LOOKUPS=off; each source at its own
 *    default rate, as a real machine runs them.
 * Each case starts a fresh app (a fresh breaker: a provider failing 5 calls in a row rests,
 * and the misses after are answered at once) and asks N codes it has never seen.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createKey, openCatalog } from "../src/catalog/index.js";
import { simulatorEnv } from "../src/cli/simulate-env.js";
import { parseCode } from "../src/codes/index.js";
import { loadConfig } from "../src/config/load.js";
import { createProviderRuntime } from "../src/providers/runtime.js";
import { buildCatalog, generateCatalog } from "../tools/simulator/catalog.js";
import { startSimulator } from "../tools/simulator/index.js";
import { buildServer } from "../src/server/app.js";
import { liveLookups } from "../src/services/live/live-lookups.js";

const { values } = parseArgs({ options: { misses: { type: "string", default: "5" }, delays: { type: "string", default: "0,2000,4000" } } });
const misses = Number(values.misses);
const delays = values.delays.split(",").map(Number);
if (!Number.isSafeInteger(misses) || misses < 1 || delays.some((d) => !Number.isSafeInteger(d) || d < 0))
  throw new Error("--misses is a positive integer, --delays ms >= 0");

interface Answer {
  url: string;
  ms: number;
  status: number;
  said: string;
}

/** The app as `serve` composes it (the live fallback from LIVE_LOOKUPS and the usable providers), over a fresh catalog. */
async function app(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "vc-bench-live-"));
  const config = loadConfig({
    DATABASE_PATH: join(dir, "catalog.db"),
    LOG_LEVEL: "silent",
    SAMPLE_DATA: "off",
    INGEST_CRON: "off",
    SEARCH_WORKERS: "0",
    ...env,
  });
  const db = openCatalog(config.databasePath);
  const { token } = createKey(db, "bench", 1e9);
  const runtime = createProviderRuntime(config);
  const server = await buildServer({ db, config, live: liveLookups(db, runtime, config), pool: null, ingest: null }, { logger: false });
  return {
    async get(url: string): Promise<Answer> {
      const t = performance.now();
      const res = await server.inject({ url, headers: { "x-service-key": token } });
      const ms = performance.now() - t;
      const body = res.json() as { source?: string; code?: string; count?: number };
      return { url, ms, status: res.statusCode, said: body.code ?? `${body.source ?? ""}${body.count === undefined ? "" : ` (${body.count} results)`}` };
    },
    async close() {
      await server.close();
      await runtime.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;

function report(title: string, answers: Answer[]): void {
  console.log(`\n${title}`);
  for (const a of answers) console.log(`  ${a.url.padEnd(44)} ${String(a.status).padEnd(4)} ${a.said.padEnd(22)} ${ms(a.ms)}`);
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  console.log(`  median ${ms(sorted[Math.floor(sorted.length / 2)])}, max ${ms(sorted[sorted.length - 1])}`);
}

async function askEach(env: Record<string, string>, urls: string[]): Promise<Answer[]> {
  const a = await app(env);
  try {
    const out: Answer[] = [];
    for (const url of urls) out.push(await a.get(url));
    return out;
  } finally {
    await a.close();
  }
}

/** SIRO codes the simulated MGStage sells, from its own search (so the figure follows the simulator, whatever it numbers). */
async function siroCodes(searchUrl: string): Promise<string[]> {
  const res = await fetch(`${searchUrl}/search/cSearch.php?search_word=SIRO&list_cnt=120`, { headers: { cookie: "adc=1" } });
  const ids = [...(await res.text()).matchAll(/product_detail\/(SIRO-\d+)\//g)].map((m) => m[1]);
  return [...new Set(ids)];
}

async function siro(): Promise<void> {
  // DMM's side of the simulator without the amateur lines, as the real r18.dev and FANZA answer SIRO: no such title.
  const dmm = generateCatalog(2000, 1).records.filter((r) => parseCode(r.record.dvdId)?.kind !== "amateur");
  const sim = await startSimulator({ catalog: buildCatalog(dmm), siteTitles: 300 });
  try {
    const codes = await siroCodes(sim.baseUrlOf("mgstage"));
    if (codes.length < misses * delays.length) throw new Error(`the simulated MGStage sells ${codes.length} SIRO titles, fewer than asked`);
    for (const [i, delay] of delays.entries()) {
      sim.setFaults({ sourceDelayMs: { r18dev: delay, fanza: delay } });
      const asked = codes.slice(i * misses, (i + 1) * misses).map((c) => `/movie?q=${c}`);
      report(`SIRO, live: r18dev and fanza say "no such title" after ${delay} ms (LIVE_TIMEOUT_MS 8000)`, await askEach(simulatorEnv(sim.baseUrlOf), asked));
    }
  } finally {
    await sim.close();
  }
}

/** A port of 127.0.0.1 nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Every provider on, at `baseUrlOf`, at its own default rate (1 request a second), as a real machine runs them. */
function atOwnRates(baseUrlOf: (provider: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(simulatorEnv(baseUrlOf)).filter(([k]) => !k.endsWith("_RATE")));
}

async function offline(): Promise<void> {
  const movies = Array.from({ length: misses }, (_, i) => `/movie?q=ABP-${901 + i}`);
  const query = ["/query?q=no%20such%20words%20here"];
  const port = await closedPort();
  for (const [what, env] of [
    ["every source at a host name that does not resolve (http://{provider}.invalid)", atOwnRates((p) => `http://${p}.invalid`)],
    [`every source at http://127.0.0.1:${port} (a closed port)`, atOwnRates(() => `http://127.0.0.1:${port}`)],
    ["LIVE_LOOKUPS=off (every source at http://{provider}.invalid)", { ...atOwnRates((p) => `http://${p}.invalid`), LIVE_LOOKUPS: "off" }],
  ] as const) {
    report(`A miss offline, ${what}`, [...(await askEach(env, movies)), ...(await askEach(env, query))]);
  }
}

await siro();
await offline();
