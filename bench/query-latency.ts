/**
 * In-process latency of each /query URL of the benchmark's selective and any-shape
 * mixes (app.inject: no sockets, no load generator), slowest first: where a search
 * plan is slow, and by how much.
 *   node --import tsx bench/query-latency.ts --records 1000000
 *   node --import tsx bench/query-latency.ts --db data/catalog.db --repeat 5
 */
import { parseArgs } from "node:util";
import { createKey, openCatalog, titleCount } from "../src/catalog/index.js";
import { loadConfig } from "../src/config/load.js";
import { buildServer } from "../src/server/app.js";
import { currentBenchCatalog } from "./catalog-cache.js";
import { broadQueryPaths, selectiveQueryPaths } from "./workloads.js";

const { values } = parseArgs({
  options: {
    records: { type: "string", default: "1000000" },
    db: { type: "string" },
    repeat: { type: "string", default: "3" },
    top: { type: "string", default: "8" },
  },
});
const repeat = Math.max(2, Number(values.repeat));
const path = values.db ?? currentBenchCatalog(Number(values.records), (s) => process.stderr.write(s + "\n")).path;
const config = loadConfig({ DATABASE_PATH: path, LOG_LEVEL: "silent", SAMPLE_DATA: "off", INGEST_CRON: "off" });
const db = openCatalog(path, { cacheSizeMb: config.cacheSizeMb, mmapSizeMb: config.mmapSizeMb });
const { token } = createKey(db, "query-latency", 1e9);
const app = await buildServer({ db, config, live: null, pool: null, ingest: null }, { logger: false });

const titles = titleCount(db);
console.log(`${titles} titles in ${path}; each URL ${repeat} times, the first discarded`);
for (const [name, paths] of [
  ["selective", selectiveQueryPaths()],
  ["any shape", broadQueryPaths()],
] as const) {
  const all: number[] = [];
  const per: [number, string][] = [];
  for (const p of paths) {
    const times: number[] = [];
    for (let i = 0; i < repeat; i++) {
      const t0 = performance.now();
      const r = await app.inject({ url: p.path, headers: { "x-service-key": token } });
      times.push(performance.now() - t0);
      if (r.statusCode !== 200) throw new Error(`${p.path}: ${r.statusCode} ${r.body.slice(0, 200)}`);
    }
    const warm = times.slice(1).sort((a, b) => a - b);
    all.push(...warm);
    per.push([warm[Math.floor(warm.length / 2)], decodeURIComponent(p.path)]);
  }
  all.sort((a, b) => a - b);
  const q = (f: number) => all[Math.min(all.length - 1, Math.floor(f * all.length))].toFixed(1);
  console.log(`\n/query ${name}: ${paths.length} URLs, p50 ${q(0.5)} ms, p90 ${q(0.9)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms; slowest:`);
  per.sort((a, b) => b[0] - a[0]);
  for (const [ms, p] of per.slice(0, Number(values.top))) console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${p}`);
}
await app.close();
db.close();
