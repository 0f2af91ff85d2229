/**
 * In-process latency of /movie, /query and /random over a generated catalog, or any
 * catalog file with --db (app.inject: no sockets, so this is the cost of our code and
 * SQLite alone).
 *   node --import tsx bench/latency.ts --records 100000 --requests 2000
 *   node --import tsx bench/latency.ts --db data/catalog.db
 */
import { parseArgs } from "node:util";
import { createKey, everyNthTitle, openCatalog, titleCount } from "../src/catalog/index.js";
import { generateSampleRecords } from "../src/samples/titles/generate.js";
import { loadConfig } from "../src/config/load.js";
import { buildServer } from "../src/server/app.js";
import { benchCatalog } from "./catalog-file.js";

const { values } = parseArgs({
  options: { records: { type: "string", default: "100000" }, requests: { type: "string", default: "2000" }, db: { type: "string" } },
});
const requests = Number(values.requests);
const settings = loadConfig({ LOG_LEVEL: "silent", SAMPLE_DATA: "off", INGEST_CRON: "off" });
// The server's page cache and mmap settings, so that reads cost what they cost in the server.
const open = (p: string) => openCatalog(p, { cacheSizeMb: settings.cacheSizeMb, mmapSizeMb: settings.mmapSizeMb });
const { path, db } = values.db ? { path: values.db, db: open(values.db) } : benchCatalog(Number(values.records));
const records = titleCount(db);
const config = loadConfig({ DATABASE_PATH: path, LOG_LEVEL: "silent", SAMPLE_DATA: "off", INGEST_CRON: "off" });
const { token } = createKey(db, "bench", 1e9);
const app = await buildServer({ db, config, live: null, pool: null, ingest: null }, { logger: false });

// Codes of titles that exist, in assorted spellings; 10% misses.
const sampleCodes = values.db
  ? everyNthTitle(db, Math.floor(records / 5000), 5000)
  : [...generateSampleRecords({ count: 5000, start: 0 })].map((r) => r.record);
const spell = (i: number) => {
  const r = sampleCodes[(i * 7919) % sampleCodes.length];
  if (i % 10 === 9) return `ZZZ-${100 + (i % 800)}`;
  switch (i % 4) {
    case 0:
      return r.dvdId;
    case 1:
      return r.dvdId.replace("-", "").toLowerCase();
    case 2:
      return `${r.dvdId.toLowerCase()}.mp4`;
    default:
      return r.contentId;
  }
};
const queries = [
  "q=yui",
  "q=office",
  "q=凛音",
  "q=鈴村",
  "q=ABP",
  "q=ssis-1",
  "q=summer&sort=release",
  "q=love&sort=rating",
  "q=&filter=censored:uncensored",
  "filter=genre:Drama&sort=views",
  "q=night&page=20",
  "q=girl&sort=update&page=5",
];

async function measure(name: string, url: (i: number) => string) {
  for (let i = 0; i < 50; i++) await app.inject({ url: url(i), headers: { "x-service-key": token } });
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; i < requests; i++) {
    const t0 = process.hrtime.bigint();
    const r = await app.inject({ url: url(i), headers: { "x-service-key": token } });
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (r.statusCode >= 500) errors++;
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
  console.log(`${name.padEnd(16)} p50 ${q(0.5).padStart(7)} ms   p99 ${q(0.99).padStart(7)} ms   max ${q(1).padStart(7)} ms   5xx ${errors}`);
}

console.log(`catalog: ${records} records (${path}); ${requests} requests each, in process`);
await measure("/movie", (i) => `/movie?q=${encodeURIComponent(spell(i))}`);
await measure(
  "/query",
  (i) =>
    `/query?${queries[i % queries.length]
      .split("&")
      .map((kv) => kv.replace(/=(.*)/, (_m, v) => `=${encodeURIComponent(v)}`))
      .join("&")}`,
);
await measure("/random num=20", () => "/random?num=20");
await app.close();
db.close();
