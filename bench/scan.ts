/**
 * npm run bench:scan -- [--records N] [--files F]
 *
 * A library of F empty video files named as people name them (site prefixes, tags,
 * parts, titles, folders), their codes drawn from a generated catalog of N titles,
 * scanned by the CLI as a user runs it (`node dist/main.js scan DIR --offline --json`).
 * Prints the command's wall time and CPU time, and the reader's own cost per name.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { everyNthTitle } from "../src/catalog/index.js";
import { readName } from "../src/codes/index.js";
import { catalogKnowledge } from "../src/services/titles/find-title.js";
import { currentBenchCatalog } from "./catalog-cache.js";
import { SHAPES } from "./file-shapes.js";
import { childEnv, ensureBuild, ENTRY, ROOT } from "./processes.js";

const log = (s: string) => process.stderr.write(`bench:scan: ${s}\n`);

function options() {
  const { values } = parseArgs({ options: { records: { type: "string", default: "200000" }, files: { type: "string", default: "10000" } } });
  const records = Number(values.records);
  const files = Number(values.files);
  if (!Number.isSafeInteger(records) || records < 1 || !Number.isSafeInteger(files) || files < 1)
    throw new Error("--records and --files are positive integers");
  return { records, files };
}

async function main(): Promise<void> {
  const { records, files } = options();
  await ensureBuild(log);
  const catalog = currentBenchCatalog(records, log);
  const codes = everyNthTitle(catalog.db, Math.floor(records / files), files).map((t) => t.dvdId);
  const dir = mkdtempSync(join(tmpdir(), "vc-bench-scan-"));
  try {
    const names = codes.map((c, i) => SHAPES[i % SHAPES.length](c, i));
    for (const name of names) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), "");
    }
    log(`${names.length} files from a catalog of ${records} titles in ${dir}`);

    // The reader alone, in this process, on the same catalog: CPU per name.
    const knowledge = catalogKnowledge(catalog.db);
    const cpu0 = process.cpuUsage();
    let read = 0;
    for (const name of names) if (readName(name, knowledge).found !== null) read++;
    const cpu = process.cpuUsage(cpu0);
    const perName = (cpu.user + cpu.system) / names.length;
    catalog.db.close();

    const t0 = performance.now();
    const run = spawnSync("/bin/sh", ["-c", '"$@"; times', "sh", process.execPath, ...ENTRY, "scan", dir, "--offline", "--json"], {
      cwd: ROOT,
      env: childEnv(catalog.path),
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    });
    const wallMs = performance.now() - t0;
    if (run.status !== 0) throw new Error(`scan failed: ${run.stderr}`);
    const body = JSON.parse(run.stdout.slice(0, run.stdout.lastIndexOf("}") + 1)) as { totals: Record<string, number> };
    // `times` prints the shell's then its children's user and system time: the second line is the scan's.
    const childTimes =
      run.stdout
        .slice(run.stdout.lastIndexOf("}") + 1)
        .trim()
        .split("\n")
        .at(-1) ?? "";
    const seconds = childTimes.split(/\s+/).map((t) => {
      const m = /^(\d+)m([\d.]+)s$/.exec(t);
      return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
    });
    const cpuS = (seconds[0] ?? 0) + (seconds[1] ?? 0);
    const t = body.totals;
    process.stdout.write(
      [
        `scan of ${t.files} files (catalog of ${records} titles), on ${cpus()[0]?.model ?? "?"} x${cpus().length}, Node ${process.version}`,
        `  matched ${t.matched}, not in catalog ${t.notInCatalog}, no code ${t.noCode}, ambiguous ${t.ambiguous}`,
        `  scan command: ${(wallMs / 1000).toFixed(2)} s wall, ${cpuS.toFixed(2)} s CPU (user + system), start-up included`,
        `  reading names: ${perName.toFixed(1)} us of CPU a name (${read} of ${names.length} read a code)`,
        "",
      ].join("\n"),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  log(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
