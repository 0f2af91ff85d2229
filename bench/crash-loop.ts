/**
 * Crashes lose nothing: SIGKILL at random points of an ingest run, an `import`, an
 * `import-dump` and the server (while its scheduled ingest writes). After each kill
 * the catalog is checked (SQLite's and FTS5's integrity checks, no half-written
 * title); after the last kill of each kind the command runs to its end, and the
 * catalog must hold exactly the titles of a clean run. Used by `npm run soak --
 * --kills K` and by test/e2e/crash-loop.test.ts.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { checkCatalog, listRuns, openCatalog, titleHashes } from "../src/catalog/index.js";
import { startSimulator } from "../tools/simulator/index.js";
import { seededRandom } from "./workloads.js";
import { childEnv, ENTRY, ROOT, runCli } from "./processes.js";

export const KINDS = ["ingest", "import", "import-dump", "server"] as const;
export type Kind = (typeof KINDS)[number];

export interface CrashLoopOptions {
  dir: string;
  kills: number;
  seed?: number;
  log?: (s: string) => void;
}

export interface CrashLoopResult {
  kills: number;
  byKind: Record<Kind, number>;
  /** Runs found `interrupted` by the run after a kill (ingest and server). */
  interrupted: number;
  /** What went wrong: a check after a kill, or a final catalog unlike the clean one. */
  failures: string[];
}

interface Job {
  args: string[];
  env: NodeJS.ProcessEnv;
  /** How long a clean run took, in ms: kills fall within it. */
  cleanMs: number;
}

/** Runs `args` to its end; its duration in ms. */
async function runToEnd(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const t0 = performance.now();
  await runCli(args, env, 10 * 60_000).done;
  return performance.now() - t0;
}

/**
 * Starts `args`, SIGKILLs it after `ms`: whether it was still running then, and how
 * long it ran (to the kill, or to its own end).
 */
async function killAfter(args: string[], env: NodeJS.ProcessEnv, ms: number): Promise<{ running: boolean; ranMs: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...ENTRY, ...args], { cwd: ROOT, env, stdio: "ignore" });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  let ended = false;
  void exited.then(() => (ended = true));
  await Promise.race([new Promise((r) => setTimeout(r, ms)), exited]);
  const running = !ended;
  const ranMs = performance.now() - t0;
  if (running) child.kill("SIGKILL");
  await exited;
  return { running, ranMs };
}

function check(path: string, what: string, failures: string[]): void {
  const db = openCatalog(path);
  try {
    for (const p of checkCatalog(db)) failures.push(`${what}: ${p}`);
  } finally {
    db.close();
  }
}

export async function crashLoop(o: CrashLoopOptions): Promise<CrashLoopResult> {
  const log = o.log ?? (() => {});
  const sim = await startSimulator({ records: 1500, seed: 13 });
  const failures: string[] = [];
  const byKind = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  let interrupted = 0;
  try {
    const fanza = {
      PROVIDER_FANZA_ENABLED: "on",
      PROVIDER_FANZA_BASE_URL: sim.url,
      PROVIDER_FANZA_RATE: "200",
      FANZA_API_ID: "crash",
      FANZA_AFFILIATE_ID: "crash-990",
    };
    const ndjson = join(o.dir, "crash.ndjson");
    const dump = join(o.dir, "crash.sql.gz");
    await Promise.all([
      runCli(["sample", "--count", "3000", "--seed", "3", "--out", ndjson], childEnv(":memory:"), 120_000).done,
      runCli(["sample-dump", "--videos", "3000", "--seed", "4", "--out", dump], childEnv(":memory:"), 120_000).done,
    ]);
    const commands: Record<Kind, string[]> = {
      ingest: ["ingest", "--provider", "fanza", "--since", "2000-01-01"],
      import: ["import", ndjson, "--provider", "crash"],
      "import-dump": ["import-dump", dump],
      // The server: its scheduled ingest writes every second.
      server: ["serve"],
    };
    const envOf = (kind: Kind, db: string) =>
      childEnv(db, { ...fanza, ...(kind === "server" ? { INGEST_CRON: "* * * * * *", PROVIDER_FANZA_RATE: "50" } : {}) });

    // Clean runs, one at a time as the kills' runs would go alone: the catalogs every killed one
    // must end up as, and how long each takes.
    const jobs = {} as Record<Kind, Job>;
    const clean = {} as Record<Kind, string[]>;
    for (const kind of KINDS) {
      const path = join(o.dir, `clean-${kind}.db`);
      const cleanArgs = kind === "server" ? commands.ingest : commands[kind];
      const cleanMs = await runToEnd(cleanArgs, envOf(kind, path));
      const db = openCatalog(path);
      clean[kind] = titleHashes(db);
      db.close();
      jobs[kind] = { args: commands[kind], env: envOf(kind, join(o.dir, `crash-${kind}.db`)), cleanMs: kind === "server" ? cleanMs + 1500 : cleanMs };
      log(`clean ${kind}: ${clean[kind].length} titles in ${Math.round(cleanMs)} ms`);
    }

    // The kills, the kinds side by side (each on its own catalog; most of a run is a wait on the
    // source's rate, or on the CPU the others use, which only makes a run longer than its clean
    // one): each at a random point of a run, then the command once more to its end.
    const kindKills = (k: number) => Math.floor(o.kills / KINDS.length) + (k < o.kills % KINDS.length ? 1 : 0);
    await Promise.all(
      KINDS.map(async (kind, k) => {
        const random = seededRandom((o.seed ?? 5) + k);
        const job = jobs[kind];
        for (let i = 0; i < kindKills(k); i++) {
          const at = Math.round(150 + random() * job.cleanMs);
          const { running, ranMs } = await killAfter(job.args, job.env, at);
          if (running) byKind[kind]++;
          // It ended first: a resumed ingest has less left to do than a clean run, and a busy
          // machine makes any run's length vary. The next kill of this kind falls within
          // the length it has now.
          else job.cleanMs = Math.max(ranMs - 150, 1);
          check(job.env.DATABASE_PATH!, `${kind} killed at ${at} ms`, failures);
        }
        // The server's catalog is finished by an ingest at the ingest kind's rate: only its kills needed the slower one.
        const last = kind === "server" ? { args: commands.ingest, env: envOf("ingest", job.env.DATABASE_PATH!) } : job;
        interrupted += await lastRun(last.args, last.env, kind, clean[kind], failures);
      }),
    );
  } finally {
    await sim.close();
  }
  const kills = Object.values(byKind).reduce((a, b) => a + b, 0);
  return { kills, byKind, interrupted, failures };
}

/** Runs `args` to its end after the kills of `kind`; checks the catalog against the clean run's titles. The runs it finds interrupted. */
async function lastRun(args: string[], env: NodeJS.ProcessEnv, kind: Kind, clean: string[], failures: string[]): Promise<number> {
  const path = env.DATABASE_PATH!;
  await runToEnd(args, env);
  const db = openCatalog(path);
  try {
    for (const p of checkCatalog(db)) failures.push(`${kind} after the last run: ${p}`);
    const got = titleHashes(db);
    if (got.join("\n") !== clean.join("\n")) {
      const missing = clean.filter((t) => !got.includes(t)).length;
      const extra = got.filter((t) => !clean.includes(t)).length;
      failures.push(`${kind}: the catalog differs from a clean run's (${missing} titles missing or different, ${extra} extra)`);
    }
    if (kind !== "ingest" && kind !== "server") return 0;
    const runs = listRuns(db, 100_000);
    if (runs.some((r) => r.status === "running")) failures.push(`${kind}: a run is still marked running`);
    if (runs[0]?.status !== "succeeded") failures.push(`${kind}: the last run ended ${runs[0]?.status}`);
    return runs.filter((r) => r.status === "interrupted").length;
  } finally {
    db.close();
  }
}
