/**
 * npm run bench:scan-write -- [--files F] [--rate R]
 *
 * `scan DIR --write nfo,poster,fanart` over a library of F empty video files named as
 * people name them, each a title of a catalog of F generated titles whose covers a
 * local server serves (an 800x538 JPEG jacket each): the CLI as a user runs it, timed
 * whole (wall and CPU, start-up included), in the runs a user meets:
 *   1. a plain scan (what --write adds to);
 *   2. --write with an empty image cache: every cover fetched at IMAGE_HOST_RATE = R a
 *      second (the default, 20), then cut and encoded;
 *   3. the same again over the unchanged library: nothing to write;
 *   4. --write into a fresh copy of the library with the image cache warm.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { childEnv, ENTRY, ensureBuild, ROOT } from "./processes.js";

const log = (s: string) => process.stderr.write(`bench:scan-write: ${s}\n`);

/** How people name files (as bench/scan.ts), two parts of one title among them. */
const SHAPES: Array<(code: string, i: number) => string[]> = [
  (c) => [`${c}.mp4`],
  (c) => [`hhd800.com@${c}-C.mp4`],
  (c) => [`[Thz.la]${c.toLowerCase()}.mkv`],
  (c) => [`${c} 1080p x264.mkv`],
  (c) => [`${c}/${c}-cd1.avi`, `${c}/${c}-cd2.avi`],
  (c) => [`Actress Name - Some Title [${c}].mp4`],
  (c) => [`${c} 日本語のタイトル 女優名.mp4`],
  (c) => [`Studio/${c}.mp4`],
];

/** Runs the CLI to its end through `sh -c '...; times'`: its stdout, wall time and CPU time (user + system). */
function timed(args: string[], env: NodeJS.ProcessEnv): Promise<{ stdout: string; wallS: number; cpuS: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", '"$@"; times', "sh", process.execPath, ...ENTRY, ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr = (stderr + d).slice(-5000)));
    child.on("close", (code) => {
      const wallS = (performance.now() - t0) / 1000;
      const times = stdout.trim().split("\n").at(-1) ?? "";
      const [user, system] = times.split(/\s+/).map((t) => {
        const m = /^(\d+)m([\d.]+)s$/.exec(t);
        return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
      });
      if (code !== 0 && !/ failed$/m.test(stdout)) reject(new Error(`scan exited ${code}: ${stderr}`));
      else resolve({ stdout, wallS, cpuS: (user ?? 0) + (system ?? 0) });
    });
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { files: { type: "string", default: "10000" }, rate: { type: "string", default: "20" } } });
  const titles = Number(values.files);
  await ensureBuild(log);
  const jacket = await sharp({ create: { width: 800, height: 538, channels: 3, background: "#b03030" } })
    .jpeg({ quality: 90 })
    .toBuffer();
  let served = 0;
  const server = createServer((_req, res) => {
    served++;
    res.writeHead(200, { "content-type": "image/jpeg", "content-length": jacket.length }).end(jacket);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dir = mkdtempSync(join(tmpdir(), "vc-bench-scan-write-"));
  try {
    const env = childEnv(join(dir, "catalog.db"), { IMAGE_CACHE_DIR: join(dir, "image-cache"), IMAGE_HOST_RATE: values.rate });
    // F generated titles, their covers moved onto the local server.
    await timed(["sample", "--count", String(titles), "--seed", "7", "--out", join(dir, "titles.ndjson")], env);
    const records = readFileSync(join(dir, "titles.ndjson"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { dvdId: string; jacketFullUrl: string; jacketThumbUrl: string });
    const move = (u: string) => (u ? base + new URL(u).pathname : u);
    writeFileSync(
      join(dir, "titles.ndjson"),
      records.map((r) => JSON.stringify({ ...r, jacketFullUrl: move(r.jacketFullUrl), jacketThumbUrl: move(r.jacketThumbUrl) })).join("\n"),
    );
    await timed(["import", join(dir, "titles.ndjson")], env);
    const makeLibrary = (root: string) => {
      let n = 0;
      records.forEach((r, i) => {
        for (const name of SHAPES[i % SHAPES.length](r.dvdId, i)) {
          mkdirSync(dirname(join(root, name)), { recursive: true });
          writeFileSync(join(root, name), "");
          n++;
        }
      });
      return n;
    };
    const videos = makeLibrary(join(dir, "lib"));
    log(`${videos} video files, ${titles} titles, covers at ${values.rate}/s from ${base}`);
    const summary = (out: string) => out.match(/^sidecars in .*$/m)?.[0] ?? out.match(/^\d+ videos in .*$/m)?.[0] ?? "";
    const lines: string[] = [];
    const report = (what: string, r: { stdout: string; wallS: number; cpuS: number }) => {
      lines.push(`  ${what}: ${r.wallS.toFixed(1)} s wall, ${r.cpuS.toFixed(1)} s CPU; ${summary(r.stdout)}`);
      log(lines.at(-1)!.trim());
    };
    const scan = (root: string, ...more: string[]) => timed(["scan", root, "--offline", ...more], env);
    report("plain scan", await scan(join(dir, "lib")));
    const before = served;
    report("--write, image cache empty", await scan(join(dir, "lib"), "--write", "nfo,poster,fanart"));
    lines.push(`    covers fetched: ${served - before}`);
    report("--write again, library unchanged", await scan(join(dir, "lib"), "--write", "nfo,poster,fanart"));
    makeLibrary(join(dir, "lib2"));
    const warm = served;
    report("--write, fresh library, image cache warm", await scan(join(dir, "lib2"), "--write", "nfo,poster,fanart"));
    lines.push(`    covers fetched: ${served - warm}`);
    process.stdout.write(
      [
        `scan --write nfo,poster,fanart: ${videos} videos, ${titles} titles, on ${cpus()[0]?.model ?? "?"} x${cpus().length}, Node ${process.version}`,
        ...lines,
        "",
      ].join("\n"),
    );
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  log(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
