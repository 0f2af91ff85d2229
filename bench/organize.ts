/**
 * npm run bench:organize -- [--records N] [--files F] [--cpu-prof DIR]
 *
 * A download folder of F video files named as people name them (bench:scan's shapes, a
 * stack of two parts in place of each `-cd` name), a subtitle beside one video in ten,
 * their codes drawn from a generated catalog of N titles, organized into a library on the
 * same file system by the CLI as a user runs it, offline: the plan (`--json`), the apply
 * (`--apply`, which plans again first), the undo (`--undo last`) and an apply again after
 * the undo. Each is timed whole (wall and CPU, start-up included) and the tree is checked
 * after it: every planned file at its target after an apply, the tree as before (paths and
 * inodes) after the undo. The files hold a few bytes each: on one file system a move is a
 * link and an unlink, whatever the size. --cpu-prof DIR writes each command's V8 profile there.
 */
import { copyFileSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { everyNthTitle } from "../src/catalog/index.js";
import type { OrganizePlan } from "../src/library/organize/plan.js";
import { currentBenchCatalog } from "./catalog-cache.js";
import { SHAPES } from "./file-shapes.js";
import { childEnv, ensureBuild, type TimedRun, timedCli } from "./processes.js";

const log = (s: string) => process.stderr.write(`bench:organize: ${s}\n`);

/** The shape whose name carries a part: here both parts of one title, a stack. */
const PARTS_SHAPE = 4;
const SUBTITLES = [".srt", ".zh-CN.ass", ".en.vtt"];

function options() {
  const { values } = parseArgs({
    options: { records: { type: "string", default: "200000" }, files: { type: "string", default: "10000" }, "cpu-prof": { type: "string" } },
  });
  const records = Number(values.records);
  const files = Number(values.files);
  if (!Number.isSafeInteger(records) || records < 1 || !Number.isSafeInteger(files) || files < 1)
    throw new Error("--records and --files are positive integers");
  const prof = values["cpu-prof"];
  return { records, files, nodeFlags: prof === undefined ? [] : ["--cpu-prof", "--cpu-prof-dir", resolve(prof)] };
}

/** `files` video names (one code each, two for a stack) and a subtitle beside every tenth: relative paths. */
function downloadFolder(codes: string[], files: number): { videos: string[]; subtitles: Map<string, string> } {
  const videos: string[] = [];
  const subtitles = new Map<string, string>();
  for (let k = 0; videos.length < files; k++) {
    const c = codes[k];
    const shape = k % SHAPES.length;
    for (const v of shape === PARTS_SHAPE ? [`${c}-cd1.avi`, `${c}-cd2.avi`] : [SHAPES[shape](c, k)]) {
      if (videos.length === files) break;
      videos.push(v);
      if (videos.length % 10 === 0) subtitles.set(v, v.slice(0, v.lastIndexOf(".")) + SUBTITLES[subtitles.size % SUBTITLES.length]);
    }
  }
  return { videos, subtitles };
}

/** Every folder and file under `root`: a file by its inode and size, a folder as "dir". */
function tree(root: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const p = join(e.parentPath, e.name);
    const s = lstatSync(p);
    out.set(relative(root, p), s.isDirectory() ? "dir" : `${s.ino}:${s.size}`);
  }
  return out;
}

/** Fails loudly, naming the first differences, when two trees are not the same. */
function sameTree(what: string, got: Map<string, string>, want: Map<string, string>): void {
  const diffs: string[] = [];
  for (const [p, v] of want) if (got.get(p) !== v) diffs.push(`${p}: ${got.get(p) ?? "missing"}, expected ${v}`);
  for (const [p, v] of got) if (!want.has(p)) diffs.push(`${p}: ${v}, not expected`);
  if (diffs.length > 0) throw new Error(`${what}: ${diffs.length} differences, e.g.\n  ${diffs.slice(0, 10).join("\n  ")}`);
}

/** The trees an applied plan leaves: its files gone from the source, each at its target with its inode. */
function applied(plan: OrganizePlan, before: Map<string, string>, src: string, lib: string): { src: Map<string, string>; lib: Map<string, string> } {
  const want = { src: new Map(before), lib: new Map<string, string>() };
  for (const u of plan.units.filter((u) => u.status === "move")) {
    for (const f of u.files) {
      const old = relative(src, f.from);
      const id = want.src.get(old);
      if (id !== `${f.ino}:${f.size}`) throw new Error(`the plan's ${old} is not the file the folder holds (${id})`);
      want.src.delete(old);
      const rel = relative(lib, f.to);
      want.lib.set(rel, id);
      for (let d = dirname(rel); d !== "."; d = dirname(d)) want.lib.set(d, "dir");
    }
  }
  return want;
}

/** What the plan must say of the folder: every video placed, each subtitle with its video, each stack one unit. */
function checkPlan(plan: OrganizePlan, src: string, videos: string[], subtitles: Map<string, string>): { files: number; stacks: number } {
  const moving = plan.units.filter((u) => u.status === "move");
  const planned = new Set(moving.flatMap((u) => u.files.map((f) => relative(src, f.from))));
  const notPlaced = videos.filter((v) => !planned.has(v));
  if (notPlaced.length > 0) throw new Error(`${notPlaced.length} videos not placed by the plan, e.g. ${notPlaced.slice(0, 5).join(", ")}`);
  const behind = [...subtitles.values()].filter((s) => !planned.has(s));
  if (behind.length > 0) throw new Error(`${behind.length} subtitles left behind by the plan, e.g. ${behind.slice(0, 5).join(", ")}`);
  const stacks = moving.filter((u) => u.files.filter((f) => f.kind === "video").length === 2).length;
  const want = videos.filter((v) => v.endsWith("-cd2.avi")).length;
  if (stacks !== want) throw new Error(`${stacks} stacks in the plan, expected ${want}`);
  return { files: planned.size, stacks };
}

const seconds = (s: number) => `${s.toFixed(2)} s`;

async function main(): Promise<void> {
  const { records, files, nodeFlags } = options();
  await ensureBuild(log);
  const catalog = currentBenchCatalog(records, log);
  const codes = everyNthTitle(catalog.db, Math.max(1, Math.floor(records / files)), files).map((t) => t.dvdId);
  catalog.db.close();
  const dir = mkdtempSync(join(tmpdir(), "vc-bench-organize-"));
  try {
    // A copy: the runs write their journal into the catalog, which the other benches share.
    const dbPath = join(dir, "catalog.db");
    copyFileSync(catalog.path, dbPath);
    const env = childEnv(dbPath);
    const [src, lib] = [join(dir, "downloads"), join(dir, "library")];
    mkdirSync(lib);
    const { videos, subtitles } = downloadFolder(codes, files);
    for (const name of [...videos, ...subtitles.values()]) {
      mkdirSync(dirname(join(src, name)), { recursive: true });
      writeFileSync(join(src, name), name);
    }
    if (statSync(src).dev !== statSync(lib).dev) throw new Error(`${src} and ${lib} are not on one file system`);
    const before = { src: tree(src), lib: tree(lib) };
    log(`${videos.length} videos and ${subtitles.size} subtitles from a catalog of ${records} titles in ${src}`);

    const rows: string[] = [];
    const row = (what: string, r: TimedRun, n: number, note: string) => {
      rows.push(
        `  ${what.padEnd(22)} ${seconds(r.wallS).padStart(8)} wall ${seconds(r.cpuS).padStart(8)} CPU ${String(Math.round(n / r.wallS)).padStart(7)} files/s  ${note}`,
      );
      log(rows.at(-1)!.trim());
    };
    const organize = (...more: string[]) => timedCli(["organize", src, "--into", lib, "--offline", "--json", ...more], env, nodeFlags);

    const planned = await organize();
    const plan = JSON.parse(planned.stdout) as OrganizePlan;
    sameTree("the tree after the plan", tree(src), before.src);
    const { files: moving, stacks } = checkPlan(plan, src, videos, subtitles);
    const want = applied(plan, before.src, src, lib);
    row("plan", planned, videos.length, `${plan.units.length} units (${stacks} stacks), ${moving} files to place, ${plan.left.length} stay`);

    const apply = await organize("--apply");
    const first = JSON.parse(apply.stdout) as { run: number; steps: { op: string; state: string }[] };
    sameTree("the source after the apply", tree(src), want.src);
    sameTree("the library after the apply", tree(lib), want.lib);
    const by = (op: string) => first.steps.filter((s) => s.op === op).length;
    const notDone = first.steps.filter((s) => s.state !== "done");
    if (notDone.length > 0) throw new Error(`${notDone.length} steps of the apply not done, e.g. ${JSON.stringify(notDone[0])}`);
    row("apply (plans again)", apply, moving, `run ${first.run}: ${first.steps.length} steps (${by("move")} moves, ${by("mkdir")} folders)`);

    const undo = await timedCli(["organize", "--undo", "last", "--json"], env, nodeFlags);
    const back = JSON.parse(undo.stdout) as { undo: number; steps: { op: string; state: string }[] };
    sameTree("the source after the undo", tree(src), before.src);
    sameTree("the library after the undo", tree(lib), before.lib);
    const undoBy = (op: string) => back.steps.filter((s) => s.op === op).length;
    row("undo", undo, moving, `run ${back.undo}: ${back.steps.length} steps (${undoBy("move")} moves, ${undoBy("rmdir")} folders removed)`);

    const again = await organize("--apply");
    const second = JSON.parse(again.stdout) as { run: number; steps: unknown[] };
    sameTree("the source after the apply again", tree(src), want.src);
    sameTree("the library after the apply again", tree(lib), want.lib);
    row("apply after the undo", again, moving, `run ${second.run}: ${second.steps.length} steps`);

    const journal = first.steps.length + back.steps.length + second.steps.length;
    process.stdout.write(
      [
        `organize of ${videos.length} videos and ${subtitles.size} subtitles (${moving} files to place, catalog of ${records} titles), one file system,`,
        `  on ${cpus()[0]?.model ?? "?"} x${cpus().length}, Node ${process.version}; start-up included; files/s: the videos for the plan, the files placed otherwise`,
        ...rows,
        `  journal: ${journal} steps written over the three runs, each marked started and done in a transaction of its own`,
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
