/**
 * npm run bench -- [--records N] [--duration S] [--connections C] [--warmup S] [--import-records K]
 *
 * Builds (or reuses) a generated catalog of N titles, starts the real server on a
 * copy of it and drives it over loopback with autocannon. Every workload runs right
 * after its baseline (a constant answer of the same shape through the same stack),
 * and is followed by a bare Fastify server in its own process sending the same bytes
 * (the physical limit); each with the server's CPU time per request, and the searches
 * once more with the catalog out of the page cache (workload-runs.ts).
 * Prints a table and writes bench/results.json; the targets of issues 5 and 14 are checked.
 */
import { copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, platform, release, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { currentBenchCatalog } from "./catalog-cache.js";
import { ensureImportFile } from "./import-file.js";
import { measureDuringImport, measureIdleImport, runContention } from "./phases.js";
import { runLoad, type LoadOptions, type LoadResult } from "./load.js";
import {
  childEnv,
  ensureBuild,
  killChildren,
  processMemory,
  runCli,
  startServer,
  stopChild,
  timeStarts,
  waitUntilIdle,
  type ServerProcess,
} from "./processes.js";
import { firstTimes } from "./first-time.js";
import { warmPageCache } from "./page-cache.js";
import { formatReport, type BenchResults, type WorkloadRow } from "./report.js";
import { median } from "./stats.js";
import { evaluateTargets } from "./targets.js";
import { buildLimitWorkloads, wrongKey } from "./limit-workloads.js";
import { buildWorkloads, plexWorkloads, SORTS } from "./workloads.js";
import { limitTargetsOf, prepareBare, runWorkloads } from "./workload-runs.js";

const log = (s: string) => process.stderr.write(`bench: ${s}\n`);

function options() {
  const { values } = parseArgs({
    options: {
      records: { type: "string", default: "1000000" },
      duration: { type: "string", default: "10" },
      connections: { type: "string", default: "8" },
      warmup: { type: "string", default: "2" },
      "import-records": { type: "string" },
    },
  });
  const num = (name: string, raw: string | undefined, min: number) => {
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}, got ${raw}`);
    return n;
  };
  const records = num("records", values.records, 1);
  return {
    records,
    duration: num("duration", values.duration, 1),
    connections: num("connections", values.connections, 1),
    warmup: num("warmup", values.warmup, 0),
    // About a fifth of the catalog: 200,000 at 1M.
    importRecords: num("import-records", values["import-records"] ?? String(Math.min(200_000, Math.max(10_000, Math.round(records / 5)))), 1),
  };
}

async function main(): Promise<void> {
  const opt = options();
  const dir = mkdtempSync(join(tmpdir(), "vc-bench-"));
  const notes: string[] = [];
  let server: ServerProcess | null = null;
  const cleanup = async () => {
    await killChildren();
    rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  try {
    await ensureBuild(log);
    const catalog = currentBenchCatalog(opt.records, log);
    catalog.db.close();
    const servePath = join(dir, "serve.db");
    copyFileSync(catalog.path, servePath);
    const env = childEnv(servePath);

    const importFile = await ensureImportFile(opt.importRecords, log);
    const importIdle = await measureIdleImport(catalog.path, dir, importFile);

    const key = (await runCli(["keys", "create", "--name", "bench", "--rate", "1000000000"], env, 60_000).done).stdout.trim().split("\n").pop()!;
    log("timing 3 starts to the first answered request");
    const starts = await timeStarts(childEnv(servePath), 3);
    server = await startServer(env);
    log(`server pid ${server.pid} at ${server.origin}`);

    const w = buildWorkloads(opt.records);
    const lw = buildLimitWorkloads(wrongKey(key));
    const base = { origin: server.origin, key, connections: opt.connections, duration: opt.duration, warmup: opt.warmup };
    const alive = (s: ServerProcess) => {
      if (s.child.exitCode !== null || s.child.signalCode !== null) throw new Error(`the server died:\n${s.output().slice(-3000)}`);
    };
    const settle = async (after: string, s = server!) => {
      const waited = await waitUntilIdle(s.pid);
      if (waited > 2000) notes.push(`the server was still busy for ${(waited / 1000).toFixed(1)} s after ${after} (waited before going on)`);
    };
    const measure = async (label: string, o: LoadOptions, s = server!): Promise<LoadResult> => {
      log(`${label} (${o.connections} connections, ${o.warmup} + ${o.duration} s)`);
      const r = await runLoad(o);
      alive(s);
      await settle(label, s);
      return r;
    };

    // Before each workload the catalog is read through into the OS page cache (see page-cache.ts).
    const warmSeconds: number[] = [];
    const warm = () => warmSeconds.push(warmPageCache(servePath));
    // Every /query URL once, while the search caches are still empty.
    warm();
    log("the first time each /query URL is asked, one at a time");
    const firstTime = [
      await firstTimes(server.origin, key, w.querySelective.title, w.querySelective.paths),
      await firstTimes(server.origin, key, w.queryBroad.title, w.queryBroad.paths),
    ];
    for (const f of firstTime) if (f.errors > 0) notes.push(`${f.name}: ${f.errors} of its URLs were not answered 200 the first time`);
    log("asking the real server every URL once for the bare server's answers");
    const { plans, bare } = await prepareBare(
      server.origin,
      key,
      [
        ...[lw.health, lw.badKey, lw.badParam].map((workload) => ({ workload, baseline: false, stringify: false, cold: false })),
        { workload: w.movie, baseline: true, stringify: false, cold: false },
        ...[w.random20, w.random50].map((workload) => ({ workload, baseline: true, stringify: true, cold: false, sample: true })),
        // The slowest last: requests a run abandons may keep the server busy after it.
        ...[lw.queryJaShort, lw.queryEnTitle, w.querySelective, w.queryBroad].map((workload) => ({ workload, baseline: true, stringify: false, cold: true })),
      ],
      dir,
      notes,
    );
    log(`bare server pid ${bare.pid} at ${bare.origin}`);
    const rows: WorkloadRow[] = await runWorkloads({ base, real: server, bare, servePath, measure, warm, notes }, plans);
    await stopChild(bare.child);

    // Plex's provider (the key in the path), beside /movie's row: its CPU per request is the figure.
    for (const pw of plexWorkloads(opt.records, key)) {
      warm();
      const result = await measure(pw.title, { ...base, pid: server.pid, workload: pw });
      rows.push({
        name: pw.name,
        title: pw.title,
        cache: "warm",
        bare: null,
        cpuRatio: null,
        stringify: null,
        mix: pw.mix,
        connections: opt.connections,
        result,
        baseline: null,
        ratio: null,
      });
    }

    warm();
    const contention = await runContention(base, w.queryHeavy, w.movie);
    alive(server);
    await settle("/movie while heavy /query");
    const movieBaseline = rows.find((r) => r.name === "movie")!.baseline!;
    rows.push({
      name: "movie-under-query",
      title: "/movie while heavy /query",
      cache: "warm",
      bare: null,
      cpuRatio: null,
      stringify: null,
      mix: `${w.movie.mix}, on ${contention.movieConnections} connections beside ${contention.queryConnections} of ${w.queryHeavy.mix}`,
      connections: contention.movieConnections,
      result: contention.movie,
      baseline: movieBaseline,
      ratio: null,
    });

    warm();
    const idle = await measure("every endpoint at once, idle", { ...base, workload: w.mixed });
    warm();
    const during = await measureDuringImport(base, w.mixed, env, importFile, dir, importIdle, opt, server);
    alive(server);
    const memory = processMemory(server.pid);
    await stopChild(server.child);

    // Every endpoint of the mix, also one that got no answer (NaN: not met).
    const byTag: BenchResults["duringImport"]["byTag"] = {};
    for (const tag of [...new Set(w.mixed.paths.map((p) => p.tag))].sort()) {
      const i = idle.byTag[tag];
      const t = during.load.byTag[tag];
      byTag[tag] = { idleP99: i?.p99 ?? NaN, importP99: t?.p99 ?? NaN, idleErrors: i?.wrongStatus ?? 0, importErrors: t?.wrongStatus ?? 0 };
    }
    if (during.load.socketErrors + during.load.timeouts > 0) {
      notes.push(`${during.load.socketErrors} socket errors and ${during.load.timeouts} timeouts during the import run (not attributable to one endpoint)`);
    }
    if (!("error" in during.run) && during.run.windowCovered < 1) {
      notes.push(`the concurrent import finished before the end of the measured window (it covered ${Math.round(during.run.windowCovered * 100)}%)`);
    }

    for (const r of rows) {
      if (r.result.requests === 0) notes.push(`${r.title}: no answer at all within the run (${r.result.unanswered} requests still waiting at its end)`);
    }
    const all = [...rows.flatMap((r) => [r.result, r.baseline?.result]), contention.query, idle, during.load];
    const fiveXx = all.reduce((n, r) => n + Object.entries(r?.statuses ?? {}).reduce((m, [code, c]) => m + (Number(code) >= 500 ? c : 0), 0), 0);
    if (fiveXx > 0) {
      const lines = server
        .output()
        .trimEnd()
        .split("\n")
        .slice(-5)
        .map((l) => l.slice(0, 400));
      notes.push(`the server answered ${fiveXx} requests with 5xx; its last log lines:\n  ${lines.join("\n  ")}`);
    }
    notes.push(
      `the catalog file was read through into the OS page cache before each workload (${warmSeconds.length} times, ` +
        `${Math.min(...warmSeconds).toFixed(1)}-${Math.max(...warmSeconds).toFixed(1)} s each), as on a server whose catalog fits in memory`,
    );
    const startupMs = median(starts);
    const row = (name: string) => rows.find((r) => r.name === name)!;
    const sortFigures = (r: LoadResult) => Object.fromEntries(SORTS.map((sort) => [sort, { p50: r.byTag[sort]?.p50 ?? NaN, p99: r.byTag[sort]?.p99 ?? NaN }]));
    const results: BenchResults = {
      date: new Date().toISOString(),
      machine: {
        cpu: cpus()[0]?.model.trim() ?? "unknown",
        cores: cpus().length,
        memoryGb: Math.round(totalmem() / 2 ** 30),
        node: process.version,
        os: `${platform()} ${release()}`,
      },
      options: opt,
      catalog: { records: opt.records, bytes: statSync(catalog.path).size },
      workloads: rows,
      firstTime,
      contention,
      duringImport: { idle, import: during.load, byTag, importRun: during.run },
      importIdle,
      server: memory,
      startup: { medianMs: startupMs, runsMs: starts },
      targets: evaluateTargets({
        movie: { ratio: row("movie").ratio, p99: row("movie").result.p99 },
        random20: { ratio: row("random20").ratio, p99: row("random20").result.p99 },
        selectiveBySort: sortFigures(row("query-selective").result),
        broadBySort: sortFigures(row("query-broad").result),
        movieUnderQuery: { p99: contention.movie.p99 },
        duringImport: { byTag, errors: during.load.errors, importFailed: "error" in during.run },
        rssMb: memory.rssMb,
        startupMs,
        importRecordsPerSecond: "error" in importIdle ? null : importIdle.recordsPerSecond,
      }),
      limitTargets: limitTargetsOf(rows, opt.connections),
      notes,
    };
    const file = resolve(import.meta.dirname, "results.json");
    writeFileSync(file, JSON.stringify(results, forJson, 2) + "\n");
    process.stdout.write(formatReport(results) + "\n");
    log(`wrote ${file}`);
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await cleanup();
  }
}

/** results.json: figures to the microsecond; no clock readings that mean nothing outside this run. */
const forJson = (key: string, value: unknown) =>
  key === "startedAt" || key === "endedAt" ? undefined : typeof value === "number" && !Number.isInteger(value) ? Math.round(value * 1000) / 1000 : value;

main().catch(async (e: unknown) => {
  process.stderr.write(`bench failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  await killChildren();
  process.exit(1);
});
