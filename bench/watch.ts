/**
 * npm run bench:watch -- [--records N] [--files F] [--interval S] [--walks W] [--drops D] [--settle S] [--cpu-prof DIR]
 *
 * The built watcher as a user runs it (`node dist/main.js watch INBOX --into LIB --offline`,
 * a process of its own, a stand-in Jellyfin told of each folder), measured from outside:
 * 1. an inbox of F files that stay there (default 10,000, a few bytes each): half named by
 *    codes of the catalog's lines with numbers it lacks (titles not out yet: pending), half
 *    with no code (they stay); the first pass (from the start until every file's job rests)
 *    timed, wall and CPU; then the process's CPU (utime + stime, all threads) over an idle
 *    window of W whole walks of the inbox (default 3, at the default interval of 60 s), and
 *    its RSS;
 * 2. then D downloads (default 20) dropped one at a time beside those files, each written
 *    under qBittorrent's `.!qB` name and renamed: from the moment its settle time elapsed
 *    (the rename plus --settle, default 2 s) to Jellyfin's refresh call for its folder; the
 *    same again with a watcher of an empty inbox.
 * The settle time is short (2 s, against 30 s by default) so that the first pass starts at
 * once; it changes when a file is taken, not what a walk costs. --cpu-prof DIR writes each
 * watcher's V8 CPU profile there (on its exit).
 */
import type { ChildProcess } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { everyNthTitle, openCatalog, readWatchBeat, watchCounts } from "../src/catalog/index.js";
import { currentBenchCatalog } from "./catalog-cache.js";
import { clockTicksPerSecond, cpuTicks } from "./proc-cpu.js";
import { childEnv, ensureBuild, killChildren, processMemory, runCli, stopChild, waitUntilIdle } from "./processes.js";
import { idleNames, jellyfinRecorder, LONE_SHAPES } from "./watch-inbox.js";

const log = (s: string) => process.stderr.write(`bench:watch: ${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TOKEN = "bench-token";

function options() {
  const { values } = parseArgs({
    options: {
      records: { type: "string", default: "200000" },
      files: { type: "string", default: "10000" },
      interval: { type: "string", default: "60" },
      walks: { type: "string", default: "3" },
      drops: { type: "string", default: "20" },
      settle: { type: "string", default: "2" },
      "cpu-prof": { type: "string" },
    },
  });
  const n = (k: keyof typeof values, min: number) => {
    const v = Number(values[k]);
    if (!Number.isSafeInteger(v) || v < min) throw new Error(`--${k} is a whole number, ${min} or more`);
    return v;
  };
  const prof = values["cpu-prof"];
  return {
    records: n("records", 1),
    files: n("files", 2),
    intervalS: n("interval", 1),
    walks: n("walks", 1),
    drops: n("drops", 1),
    settleS: n("settle", 0),
    nodeOptions: prof === undefined ? null : `--cpu-prof --cpu-prof-dir=${resolve(prof)}`,
  };
}

const ticksToMs = (t: number) => (t * 1000) / clockTicksPerSecond();

interface Running {
  child: ChildProcess;
  pid: number;
  /** "watch: placed" lines: the file, where it went, when (ms). */
  placed: Map<string, { to: string; at: number }>;
}

/** Starts the watcher; resolves once it says it is watching. */
async function startWatcher(args: string[], env: NodeJS.ProcessEnv): Promise<Running> {
  const { child, done } = runCli(["watch", ...args], env, 3_600_000);
  done.catch((e: unknown) => log(`the watcher: ${(e as Error).message}`));
  const placed: Running["placed"] = new Map();
  let rest = "";
  let watching = false;
  const read = (d: Buffer | string) => {
    const lines = (rest + d.toString()).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) {
      if (line.startsWith("watching ")) watching = true;
      if (!line.includes('"watch: placed"')) continue;
      const l = JSON.parse(line) as { time: number | string; file: string; to: string };
      placed.set(l.file, { to: l.to, at: typeof l.time === "number" ? l.time : Date.parse(l.time) });
    }
  };
  child.stdout!.on("data", read);
  child.stderr!.on("data", read);
  for (const t0 = Date.now(); !watching; await sleep(20)) {
    if (child.exitCode !== null) throw new Error("the watcher exited before it started");
    if (Date.now() - t0 > 60_000) throw new Error("the watcher did not start within 60 s");
  }
  return { child, pid: child.pid!, placed };
}

async function until<T>(what: string, check: () => T | null | undefined | false, ms: number, every = 50): Promise<T> {
  for (const end = Date.now() + ms; ; await sleep(every)) {
    const v = check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`waited ${ms / 1000} s for ${what}`);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Drops `codes` into the inbox one at a time (a few bytes under `.!qB`, renamed), each after
 * the refresh call for the one before and a pause: for each, the ms from its rename plus the
 * settle time to its placing (the log) and to the refresh call for its folder.
 */
async function drops(w: Running, jf: Awaited<ReturnType<typeof jellyfinRecorder>>, inbox: string, codes: string[], settleMs: number) {
  const out: { toPlaced: number; toRefresh: number }[] = [];
  for (const [i, code] of codes.entries()) {
    const name = LONE_SHAPES[i % LONE_SHAPES.length](code, i);
    const file = join(inbox, name);
    const before = jf.got.length;
    writeFileSync(`${file}.!qB`, name);
    await sleep(300);
    const renamed = Date.now();
    renameSync(`${file}.!qB`, file);
    const call = await until(`the refresh call for ${name}`, () => jf.got[before], settleMs + 30_000, 5);
    const placed = await until(`the log's line of ${name} placed`, () => w.placed.get(file), 5_000);
    if (jf.got.length !== before + 1 || call.path !== dirname(placed.to))
      throw new Error(`${name} went to ${placed.to}; the refresh calls since: ${JSON.stringify(jf.got.slice(before))}`);
    const due = renamed + settleMs;
    out.push({ toPlaced: placed.at - due, toRefresh: call.at - due });
    await sleep(2_000);
  }
  return out;
}

async function main(): Promise<void> {
  const o = options();
  await ensureBuild(log);
  const catalog = currentBenchCatalog(o.records, log);
  const { pending, stays } = idleNames(catalog.db, o.files);
  const known = everyNthTitle(catalog.db, Math.max(1, Math.floor(o.records / (2 * o.drops))), 2 * o.drops).map((t) => t.dvdId);
  catalog.db.close();
  const dir = mkdtempSync(join(tmpdir(), "vc-bench-watch-"));
  const jf = await jellyfinRecorder(TOKEN);
  try {
    // A copy: the watcher writes its queue and journal into the catalog, which the other benches share.
    const dbPath = join(dir, "catalog.db");
    copyFileSync(catalog.path, dbPath);
    const env = childEnv(dbPath, {
      LOG_LEVEL: "info",
      LIVE_LOOKUPS: "off",
      JELLYFIN_URL: jf.url,
      JELLYFIN_TOKEN: TOKEN,
      ...(o.nodeOptions === null ? {} : { NODE_OPTIONS: o.nodeOptions }),
    });
    const [inbox, lib, empty] = [join(dir, "inbox"), join(dir, "library"), join(dir, "empty-inbox")];
    for (const d of [inbox, lib, empty]) mkdirSync(d);
    for (const name of [...pending, ...stays]) {
      mkdirSync(dirname(join(inbox, name)), { recursive: true });
      writeFileSync(join(inbox, name), name);
    }
    log(`${pending.length} files of titles the catalog lacks and ${stays.length} with no code in ${inbox}; catalog of ${o.records} titles`);
    const db = openCatalog(dbPath, { readonly: true });
    const args = (from: string) => [from, "--into", lib, "--offline", "--settle", String(o.settleS), "--interval", String(o.intervalS)];

    // 1. The first pass, then the idle walks.
    const t0 = Date.now();
    const w = await startWatcher(args(inbox), env);
    const counts = await until(
      "every file's job to rest",
      () => {
        const c = watchCounts(db);
        return (c.pending ?? 0) + (c.stays ?? 0) + (c.conflict ?? 0) + (c.failed ?? 0) === o.files && c;
      },
      600_000,
      100,
    );
    const first = { wallMs: Date.now() - t0, cpuMs: ticksToMs(cpuTicks(w.pid) ?? 0) };
    log(`first pass: ${JSON.stringify(counts)} in ${first.wallMs} ms, ${first.cpuMs} ms CPU`);
    await waitUntilIdle(w.pid, 60_000, 500);
    const beatAt = () => readWatchBeat(db, Date.now())?.at ?? 0;
    let beat = beatAt();
    let turns = 0;
    const [w0, c0] = [Date.now(), cpuTicks(w.pid) ?? 0];
    for (const end = w0 + o.walks * o.intervalS * 1000; Date.now() < end; await sleep(500)) {
      const b = beatAt();
      if (b !== beat) [beat, turns] = [b, turns + 1];
    }
    // A walk begun within the window is counted whole: its end waited for.
    await waitUntilIdle(w.pid, 60_000, 500);
    if (beatAt() !== beat) turns++;
    const idle = { wallMs: Date.now() - w0, cpuMs: ticksToMs((cpuTicks(w.pid) ?? 0) - c0), turns, mem: processMemory(w.pid) };
    log(`idle: ${JSON.stringify(idle)}`);

    // 2. Downloads dropped beside the idle files, then into an empty inbox.
    const settleMs = o.settleS * 1000;
    const beside = await drops(w, jf, inbox, known.slice(0, o.drops), settleMs);
    await stopChild(w.child);
    const w2 = await startWatcher(args(empty), env);
    const alone = await drops(w2, jf, empty, known.slice(o.drops), settleMs);
    await stopChild(w2.child);
    db.close();

    const ms = (x: number) => `${Math.round(x)} ms`;
    const delays = (what: string, d: typeof beside) =>
      `  ${what}: to placed median ${ms(median(d.map((x) => x.toPlaced)))}, max ${ms(Math.max(...d.map((x) => x.toPlaced)))}; to the refresh call median ${ms(median(d.map((x) => x.toRefresh)))}, max ${ms(Math.max(...d.map((x) => x.toRefresh)))}`;
    process.stdout.write(
      [
        `watch of an inbox of ${o.files} files (${counts.pending ?? 0} pending, ${counts.stays ?? 0} stay), catalog of ${o.records} titles, --settle ${o.settleS} --interval ${o.intervalS},`,
        `  on ${cpus()[0]?.model ?? "?"} x${cpus().length}, Node ${process.version}`,
        `  first pass (start-up to every job resting): ${ms(first.wallMs)} wall, ${ms(first.cpuMs)} CPU`,
        `  idle: ${ms(idle.cpuMs)} CPU over ${(idle.wallMs / 1000).toFixed(1)} s and ${turns} walks: ${ms(idle.cpuMs / Math.max(1, turns))} a walk, ${((100 * idle.cpuMs) / idle.wallMs).toFixed(2)} % of a core`,
        `  RSS ${idle.mem.rssMb?.toFixed(0)} MiB (peak ${idle.mem.peakMb?.toFixed(0)} MiB)`,
        `  from a download's settle time elapsed (its rename + ${o.settleS} s), ${o.drops} downloads each:`,
        delays(`beside the ${o.files} files`, beside),
        delays("in an empty inbox", alone),
        `  each (ms to the refresh call), beside: ${beside.map((x) => Math.round(x.toRefresh)).join(" ")}`,
        `  each (ms to the refresh call), empty: ${alone.map((x) => Math.round(x.toRefresh)).join(" ")}`,
        "",
      ].join("\n"),
    );
  } finally {
    await killChildren();
    await jf.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch(async (e: unknown) => {
  log(e instanceof Error ? (e.stack ?? e.message) : String(e));
  await killChildren();
  process.exit(1);
});
