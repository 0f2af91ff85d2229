/**
 * Time from `npm start` (node dist/main.js serve) to the first answered request, on
 * an empty catalog and on a generated one.
 *   node --import tsx bench/startup.ts --records 100000
 */
import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { benchCatalog } from "./catalog-file.js";
import { ENTRY, ensureBuild, ROOT } from "./processes.js";

const { values } = parseArgs({ options: { records: { type: "string", default: "100000" }, runs: { type: "string", default: "3" } } });

async function timeStart(dbPath: string, port: number): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...ENTRY, "serve"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_PATH: dbPath, PORT: String(port), LOG_LEVEL: "warn", SAMPLE_DATA: "off", INGEST_CRON: "off" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      try {
        const r = await fetch(`http://127.0.0.1:${port}/health`);
        if (r.ok) return performance.now() - t0;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
  }
}

await ensureBuild((s) => console.log(s));
const dir = mkdtempSync(join(tmpdir(), "vc-start-"));
const { path, db } = benchCatalog(Number(values.records));
db.close();
const big = join(dir, "big.db");
copyFileSync(path, big);
for (const [label, dbPath] of [
  ["empty catalog", join(dir, "empty.db")],
  [`${values.records} records`, big],
] as const) {
  const times: number[] = [];
  for (let i = 0; i < Number(values.runs); i++) times.push(await timeStart(dbPath, 18_900 + i));
  times.sort((a, b) => a - b);
  console.log(
    `start to first answer, ${label}: median ${times[Math.floor(times.length / 2)].toFixed(0)} ms (runs: ${times.map((t) => t.toFixed(0)).join(", ")})`,
  );
}
rmSync(dir, { recursive: true, force: true });
