/**
 * npm run bench:workers -- [--records N] [--duration S] [--connections C] [--workers 1,2] [--rounds R]
 *
 * /movie and /query against the server with WORKERS=1 and WORKERS=2 (or the list given)
 * in one run, alternating, through wrk (a C client, so the load generator takes little
 * of the cores): req/s, p99, the CPU microseconds a request of all the server's
 * processes together (from /proc), and their memory (VmRSS, summed).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { currentBenchCatalog } from "./catalog-cache.js";
import { clockTicksPerSecond, cpuTicks } from "./proc-cpu.js";
import { childEnv, ensureBuild, processMemory, runCli, startServer, stopChild, waitUntilIdle } from "./processes.js";
import { buildWorkloads } from "./workloads.js";

const log = (s: string) => process.stderr.write(`bench:workers: ${s}\n`);

/** The server's processes: the one started and, with WORKERS > 1, its workers (and theirs). */
function tree(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const list = readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim();
      if (list) children.push(...list.split(" ").map(Number));
    }
  } catch {
    // gone, or no /proc
  }
  return [pid, ...children.flatMap(tree)];
}

const treeTicks = (pid: number) => tree(pid).reduce((sum, p) => sum + (cpuTicks(p) ?? 0), 0);
const treeRssMb = (pid: number) => tree(pid).reduce((sum, p) => sum + (processMemory(p).rssMb ?? 0), 0);

/** A wrk script that cycles through `paths` with the key header. */
function wrkScript(dir: string, name: string, paths: string[], key: string): string {
  const file = join(dir, `${name}.lua`);
  const list = paths.map((p) => `  ${JSON.stringify(p)},`).join("\n");
  writeFileSync(
    file,
    `local paths = {\n${list}\n}\nlocal i = 0\nwrk.headers["x-service-key"] = ${JSON.stringify(key)}\n` +
      `request = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n`,
  );
  return file;
}

function wrk(origin: string, script: string, seconds: number, connections: number): { rps: number; p99Ms: number; requests: number } {
  const out = execFileSync("wrk", ["-t2", `-c${connections}`, `-d${seconds}s`, "--latency", "-s", script, origin], { encoding: "utf8" });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99Ms = p99 ? Number(p99[1]) * (p99[2] === "us" ? 0.001 : p99[2] === "s" ? 1000 : 1) : Number.NaN;
  return { rps, p99Ms, requests };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      records: { type: "string", default: "200000" },
      duration: { type: "string", default: "10" },
      connections: { type: "string", default: "16" },
      workers: { type: "string", default: "1,2" },
      rounds: { type: "string", default: "2" },
    },
  });
  const records = Number(values.records);
  const seconds = Number(values.duration);
  const connections = Number(values.connections);
  const counts = values.workers.split(",").map(Number);
  await ensureBuild(log);
  const catalog = currentBenchCatalog(records, log);
  catalog.db.close();
  const env = childEnv(catalog.path);
  const key = (await runCli(["keys", "create", "--name", "bench-workers", "--rate", "1000000000"], env, 60_000).done).stdout.trim().split("\n").pop()!;
  const w = buildWorkloads(records);
  const dir = mkdtempSync(join(tmpdir(), "vc-bench-workers-"));
  const scripts = {
    movie: wrkScript(
      dir,
      "movie",
      w.movie.paths.map((p) => p.path),
      key,
    ),
    query: wrkScript(
      dir,
      "query",
      w.querySelective.paths.map((p) => p.path),
      key,
    ),
  };
  const rows: string[] = [];
  try {
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const n of counts) {
        const server = await startServer({ ...env, WORKERS: String(n) });
        try {
          for (const [name, script] of Object.entries(scripts)) {
            wrk(server.origin, script, 2, connections); // warm-up
            await waitUntilIdle(server.pid);
            const t0 = treeTicks(server.pid);
            const r = wrk(server.origin, script, seconds, connections);
            const cpuUs = ((treeTicks(server.pid) - t0) * 1e6) / clockTicksPerSecond() / Math.max(1, r.requests);
            const row = `WORKERS=${n}  ${name.padEnd(5)}  ${Math.round(r.rps).toLocaleString("en-US").padStart(7)} req/s  p99 ${r.p99Ms.toFixed(1).padStart(6)} ms  ${Math.round(cpuUs).toString().padStart(4)} us CPU/request  RSS ${Math.round(treeRssMb(server.pid))} MB (${tree(server.pid).length} processes)`;
            rows.push(row);
            log(row);
          }
        } finally {
          await stopChild(server.child);
        }
      }
    }
    process.stdout.write(
      [
        `WORKERS on ${cpus()[0]?.model ?? "?"} x${cpus().length}, Node ${process.version}: ${records.toLocaleString("en-US")} titles, wrk -t2 -c${connections} -d${seconds}s`,
        ...rows,
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
