/**
 * Load while writing: the server under many keep-alive clients on every endpoint
 * while a scheduled ingest (against the provider simulator) and `import` processes
 * write into its catalog; then SIGTERM in the middle of the load. Used by
 * `npm run soak` (long) and by test/e2e/load-while-writing.test.ts (short).
 */
import { copyFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { startSimulator } from "../tools/simulator/index.js";
import { type LoadResult, runLoad, startLoad } from "./load.js";
import { childEnv, processMemory, runCli, type ServerProcess, startServer } from "./processes.js";
import { buildWorkloads } from "./workloads.js";

export interface SoakOptions {
  /** A catalog file of `records` generated titles (bench/catalog-file.ts); copied, not changed. */
  catalogPath: string;
  records: number;
  /** An NDJSON file that `import` loads, again and again under another provider name. */
  importFile: string;
  dir: string;
  connections: number;
  windows: number;
  windowSeconds: number;
  log?: (s: string) => void;
}

export interface SoakWindow {
  second: number;
  rps: number;
  p99: number;
  max: number;
  errors: number;
  statuses: Record<string, number>;
  rssMb: number | null;
}

export interface SoakResult {
  windows: SoakWindow[];
  requests: number;
  errors: number;
  imports: number;
  ingestRuns: number;
  /** Server log lines that must not be there: stalls, busy timeouts, errors. */
  stalls: string[];
  busy: string[];
  serverErrors: string[];
  /** The exit after SIGTERM, and what the requests in flight got (statuses, or errors). */
  sigterm: { exitCode: number | null; signal: string | null; ms: number; probes: (number | string)[]; load: LoadResult; log: string[] };
}

export async function soak(o: SoakOptions): Promise<SoakResult> {
  const log = o.log ?? (() => {});
  const sim = await startSimulator({ records: 3000, seed: 21 });
  const db = join(o.dir, "soak.db");
  copyFileSync(o.catalogPath, db);
  const env = childEnv(db, {
    LOG_LEVEL: "info",
    // A scheduled ingest every 2 s, paced so that it writes all along.
    INGEST_CRON: "*/2 * * * * *",
    PROVIDER_FANZA_ENABLED: "on",
    PROVIDER_FANZA_BASE_URL: sim.url,
    PROVIDER_FANZA_RATE: "20",
    FANZA_API_ID: "soak",
    FANZA_AFFILIATE_ID: "soak-990",
  });
  let server: ServerProcess | null = null;
  const stalls: string[] = [];
  const busy: string[] = [];
  const serverErrors: string[] = [];
  const shutdown: string[] = [];
  let importing = true;
  let imports = 0;
  let importLoop: Promise<void> = Promise.resolve();
  try {
    server = await startServer(env);
    const s = server;
    let pending = "";
    const scan = (d: string) => {
      pending += d;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (line.includes("event loop stalled")) stalls.push(line);
        if (/SQLITE_BUSY|database is locked/.test(line)) busy.push(line);
        if (/"level":(50|60)/.test(line)) serverErrors.push(line.slice(0, 500));
        if (/shut/.test(line)) shutdown.push(line.slice(0, 500));
      }
    };
    s.child.stdout!.on("data", scan);
    s.child.stderr!.on("data", scan);
    const key = (await runCli(["keys", "create", "--name", "soak", "--rate", "1000000000"], env, 60_000).done).stdout.trim().split("\n").pop()!;
    log(`server pid ${s.pid} at ${s.origin}; importing and ingesting meanwhile`);

    // `import` over and over (each time as a new provider: every record is new) while the load runs.
    importLoop = (async () => {
      while (importing) {
        const run = await runCli(["import", o.importFile, "--provider", `soak${imports + 1}`], env, 30 * 60_000).done.catch((e: Error) => e);
        if (run instanceof Error) {
          serverErrors.push(`import failed: ${run.message.slice(0, 500)}`);
          break;
        }
        imports++;
      }
    })();

    const w = buildWorkloads(o.records).mixed;
    const base = { origin: s.origin, key, workload: w, connections: o.connections, warmup: 0, timeout: 10 };
    const windows: SoakWindow[] = [];
    let requests = 0;
    let errors = 0;
    for (let i = 0; i < o.windows; i++) {
      const r = await runLoad({ ...base, duration: o.windowSeconds });
      if (s.child.exitCode !== null) throw new Error(`the server died:\n${s.output().slice(-3000)}`);
      const mem = processMemory(s.pid);
      windows.push({ second: (i + 1) * o.windowSeconds, rps: r.rps, p99: r.p99, max: r.max, errors: r.errors, statuses: r.statuses, rssMb: mem.rssMb });
      requests += r.requests;
      errors += r.errors;
      log(`${(i + 1) * o.windowSeconds} s: ${Math.round(r.rps)} req/s, p99 ${r.p99.toFixed(1)} ms, errors ${r.errors}, RSS ${mem.rssMb?.toFixed(0)} MB`);
    }
    importing = false;

    // SIGTERM under load: the requests in flight are answered, then the process exits 0.
    // Probes surely in flight: POSTs whose body is half sent when SIGTERM comes; the
    // rest follows 300 ms later, and each must still get its answer.
    const last = startLoad({ ...base, duration: 4 });
    await new Promise((r) => setTimeout(r, 1000));
    const { hostname: host, port } = new URL(s.origin);
    const probes = await Promise.all(Array.from({ length: 10 }, () => halfSentPost(host, Number(port), key)));
    const t0 = performance.now();
    s.child.kill("SIGTERM");
    const finishing = Promise.all(probes.map((p) => p.finish()));
    const exit = await new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      s.child.once("exit", (code, signal) => resolve({ code, signal })),
    );
    const ms = performance.now() - t0;
    const probed = await finishing;
    const load = await last.result;
    const ingestRuns = (await runCli(["runs", "--limit", "100000"], env, 60_000).done).stdout.split("\n").filter((l) => /\tcron\t/.test(l)).length;
    server = null;
    return {
      windows,
      requests,
      errors,
      imports,
      ingestRuns,
      stalls,
      busy,
      serverErrors,
      sigterm: { exitCode: exit.code, signal: exit.signal, ms, probes: probed, load, log: shutdown },
    };
  } finally {
    importing = false;
    if (server) server.child.kill("SIGKILL");
    await importLoop;
    await sim.close();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(db + suffix, { force: true });
  }
}

/** Whether RSS grew after warm-up: the last windows against the first ones after the first third. */
export function memoryGrowth(windows: SoakWindow[]): { afterWarmupMb: number | null; endMb: number | null; growth: number | null } {
  const rss = windows.map((w) => w.rssMb).filter((v): v is number => v !== null);
  if (rss.length < 3) return { afterWarmupMb: null, endMb: null, growth: null };
  const from = Math.floor(rss.length / 3);
  const afterWarmupMb = Math.max(...rss.slice(from, from + Math.max(1, Math.floor(rss.length / 6))));
  const endMb = rss[rss.length - 1];
  return { afterWarmupMb, endMb, growth: endMb / afterWarmupMb };
}

/**
 * A POST /query in flight: its headers go with `expect: 100-continue`, and the server's
 * "100 Continue" says it has taken the request (before that, a request still waiting
 * in the listen queue is not in flight, and a closing server resets it). `finish()`
 * sends the body 300 ms later and resolves to the status answered (or the error,
 * when the connection was dropped).
 */
async function halfSentPost(host: string, port: number, key: string): Promise<{ finish: () => Promise<number | string> }> {
  const body = JSON.stringify({ q: "office", num: 5 });
  const socket = connect(port, host);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let got = "";
  let onContinue: () => void = () => {};
  const continued = new Promise<void>((resolve) => (onContinue = resolve));
  const answered = new Promise<number | string>((resolve) => {
    socket.on("data", (d) => {
      got += d.toString();
      if (got.startsWith("HTTP/1.1 100")) onContinue();
      const m = /HTTP\/1\.1 ([2-5]\d{2})/.exec(got);
      if (m) resolve(Number(m[1]));
    });
    socket.on("close", () => resolve(got ? got.slice(0, 40) : "connection closed without an answer"));
    socket.on("error", (e) => resolve(e.message));
  });
  socket.write(
    `POST /query HTTP/1.1\r\nHost: ${host}\r\nx-service-key: ${key}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nexpect: 100-continue\r\nconnection: close\r\n\r\n`,
  );
  await Promise.race([continued, answered]);
  return {
    finish: async () => {
      await new Promise((r) => setTimeout(r, 300));
      socket.write(body);
      const status = await answered;
      socket.destroy();
      return status;
    },
  };
}
