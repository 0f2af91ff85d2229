/**
 * Child processes of the benchmark: the real server (`node dist/main.js serve`, what
 * `npm start` runs) and CLI commands, each bounded in time. Every child is tracked so
 * that killChildren() can end them all, on success, on errors and on Ctrl-C.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { ensureBuilt } from "../scripts/build.mjs";
import { cpuTicks } from "./proc-cpu.js";
import { providersOffEnv } from "../src/cli/simulate-env.js";

export const ROOT = resolve(import.meta.dirname, "..");
/** The build users run, so that the start-up measured is theirs. */
export const ENTRY = ["dist/main.js"];
/** The same server with the baseline routes (bench/serve.ts, built beside it). */
const BENCH_SERVER = ["dist/bench-serve.js"];
const children = new Set<ChildProcess>();

/**
 * The environment of every child: loopback only, no live providers (a /movie miss
 * is answered from the catalog alone), no schedule, no sample data, and no .env file
 * of the developer's.
 */
export function childEnv(dbPath: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ENV_FILE: resolve(ROOT, "bench", ".cache", "no-such.env"),
    DATABASE_PATH: dbPath,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "warn",
    SAMPLE_DATA: "off",
    INGEST_CRON: "off",
    ...providersOffEnv(),
    KEY_RATE_PER_MINUTE: "10000000",
    ...extra,
  };
}

/** Builds dist/ if a source changed since its last build, as `npm start` does. */
export async function ensureBuild(log: (s: string) => void): Promise<void> {
  const t0 = performance.now();
  if (await ensureBuilt()) log(`built dist/ in ${Math.round(performance.now() - t0)} ms`);
}

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", () => r()));

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the child is gone. */
export async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited(child);
  clearTimeout(timer);
}

export async function killChildren(): Promise<void> {
  await Promise.all([...children].map((c) => stopChild(c, 2000)));
}

/** The last `n` lines of a text, for error messages. */
const tail = (text: string, n = 15) => text.trimEnd().split("\n").slice(-n).join("\n");

export interface CliRun {
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs the CLI with `args` to completion; throws on a non-zero exit or after `timeoutMs`. */
export function runCli(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): { child: ChildProcess; done: Promise<CliRun> } {
  const t0 = performance.now();
  const child = track(spawn(process.execPath, [...ENTRY, ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] }));
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr = (stderr + d).slice(-20_000)));
  const done = new Promise<CliRun>((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`${args[0]} did not finish within ${timeoutMs / 1000} s`));
      void stopChild(child);
    }, timeoutMs);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolvePromise({ stdout, stderr, ms: performance.now() - t0 });
      else reject(new Error(`${args.join(" ")} exited with ${code ?? signal}:\n${tail(stderr || stdout)}`));
    });
  });
  return { child, done };
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  origin: string;
  /** From spawn to the first answered request (GET /health), in ms. */
  startMs: number;
  /** Recent output, for error messages. */
  output: () => string;
}

/**
 * Starts the server (serve, with the baseline routes; or `entry`, the bare server) on a free port (PORT=0; the
 * port is read from its "listening on" line) and waits until /health answers.
 */
export async function startServer(env: NodeJS.ProcessEnv, timeoutMs = 60_000, entry = BENCH_SERVER): Promise<ServerProcess> {
  const t0 = performance.now();
  const child = track(spawn(process.execPath, entry, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] }));
  let output = "";
  const keep = (d: string) => (output = (output + d).slice(-20_000));
  child.stderr!.setEncoding("utf8").on("data", keep);
  const origin = await new Promise<string>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not listen within ${timeoutMs / 1000} s:\n${tail(output)}`)), timeoutMs);
    child.stdout!.setEncoding("utf8").on("data", (d: string) => {
      keep(d);
      const m = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolvePromise(m[1]);
      }
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before listening:\n${tail(output)}`));
    });
  }).catch(async (e: unknown) => {
    await stopChild(child);
    throw e;
  });
  for (;;) {
    try {
      const r = await fetch(`${origin}/health`);
      await r.arrayBuffer();
      if (r.ok) break;
    } catch {
      // not answering yet
    }
    if (performance.now() - t0 > timeoutMs) {
      await stopChild(child);
      throw new Error(`the server did not answer /health within ${timeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  return { child, pid: child.pid!, origin, startMs: performance.now() - t0, output: () => output };
}

/** Start to first answered request, `runs` times (each server stopped after); in ms. */
export async function timeStarts(env: NodeJS.ProcessEnv, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = await startServer(env);
    times.push(s.startMs);
    await stopChild(s.child);
  }
  return times;
}

export interface Memory {
  /** VmRSS, VmHWM (peak), RssAnon, RssFile in MiB; null where /proc is not available. */
  rssMb: number | null;
  peakMb: number | null;
  anonMb: number | null;
  fileMb: number | null;
}

export function processMemory(pid: number): Memory {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return { rssMb: null, peakMb: null, anonMb: null, fileMb: null };
  }
  const kb = (field: string) => {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
    return m ? Number(m[1]) / 1024 : null;
  };
  return { rssMb: kb("VmRSS"), peakMb: kb("VmHWM"), anonMb: kb("RssAnon"), fileMb: kb("RssFile") };
}

/**
 * Waits until the process has used almost no CPU for two windows in a row, so that
 * work left over from one run (requests still being answered after the load
 * generator hung up) does not count against the next. Returns the ms waited.
 */
export async function waitUntilIdle(pid: number, maxMs = 30_000, windowMs = 250): Promise<number> {
  const t0 = performance.now();
  let quiet = 0;
  let last = cpuTicks(pid);
  if (last === null) return 0;
  while (quiet < 2 && performance.now() - t0 < maxMs) {
    await new Promise((r) => setTimeout(r, windowMs));
    const now = cpuTicks(pid);
    if (now === null) return performance.now() - t0;
    // Clock ticks are 10 ms on Linux: at most 2 in a 250 ms window is under 10% of a core.
    quiet = now - last <= 2 ? quiet + 1 : 0;
    last = now;
  }
  return performance.now() - t0;
}

export interface TimedRun {
  stdout: string;
  stderr: string;
  wallS: number;
  /** The command's user + system time, from the shell's `times`. */
  cpuS: number;
}

/** Runs the CLI to its end through `sh -c '...; times'` (as a user runs it): its output, wall and CPU time. Throws on a non-zero exit. */
export function timedCli(args: string[], env: NodeJS.ProcessEnv, nodeFlags: string[] = []): Promise<TimedRun> {
  const t0 = performance.now();
  return new Promise((resolvePromise, reject) => {
    const child = track(
      spawn("/bin/sh", ["-c", '"$@"; code=$?; times; exit $code', "sh", process.execPath, ...nodeFlags, ...ENTRY, ...args], {
        cwd: ROOT,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      }),
    );
    let stdout = "";
    let stderr = "";
    child.stdout!.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr = (stderr + d).slice(-20_000)));
    child.once("error", reject);
    child.once("close", (code) => {
      const wallS = (performance.now() - t0) / 1000;
      // `times` prints the shell's then its children's user and system time: the last line is the command's.
      const lines = stdout.trimEnd().split("\n");
      const [user, system] = (lines.at(-1) ?? "").split(/\s+/).map((t) => {
        const m = /^(\d+)m([\d.]+)s$/.exec(t);
        return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
      });
      const own = lines.slice(0, -2).join("\n");
      if (code !== 0) reject(new Error(`${args.join(" ")} exited with ${code}:\n${tail(stderr || own)}`));
      else resolvePromise({ stdout: own, stderr, wallS, cpuS: (user ?? 0) + (system ?? 0) });
    });
  });
}
