import { spawn, spawnSync } from "node:child_process";
import { resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../..");
/** What `npm start` and `npm run cli` run: the build in dist/ (the global setup builds it when stale). */
export const CLI_ENTRY = "dist/main.js";

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI as `npm run cli` does, with extra env. */
export function runCli(args: string[], env: Record<string, string>, input?: string): CliResult {
  const r = spawnSync(process.execPath, [CLI_ENTRY, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    encoding: "utf8",
    input,
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Like runCli, without blocking this process (needed when a server in this process must answer the CLI). */
export function runCliAsync(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (status) => resolveRun({ status, stdout, stderr }));
  });
}

/** Starts a long-running command; resolves once a stdout line matches. */
export function startProcess(command: string, args: string[], env: Record<string, string>, ready: RegExp) {
  // Its own process group, so a signal reaches npm and the server alike (as Ctrl-C in a terminal does).
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let stdout = "";
  let stderr = "";
  const readyLine = new Promise<RegExpMatchArray>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`not ready in 60 s:\n${stdout}\n${stderr}`)), 60_000);
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
      const m = stdout.match(ready);
      if (m) {
        clearTimeout(timer);
        res(m);
      }
    });
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("exit", (code) => {
      clearTimeout(timer);
      rej(new Error(`exited with ${code} before ready:\n${stdout}\n${stderr}`));
    });
  });
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  return { child, readyLine, signalGroup, output: () => ({ stdout, stderr }) };
}

/** Starts the server as `npm start` does (the built dist/), waits for it to listen, stops it (SIGTERM); its stdout. */
export async function startAndStop(env: Record<string, string>): Promise<string> {
  const proc = startProcess(process.execPath, [CLI_ENTRY, "serve"], env, /listening on http/);
  try {
    await proc.readyLine;
  } finally {
    const exited = new Promise((r) => proc.child.once("exit", r));
    proc.signalGroup("SIGTERM");
    await exited;
  }
  return proc.output().stdout;
}

/** Polls `probe` until it gives something other than null; throws, naming `what`, after `ms`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | null> | T | null, ms = 40_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** SIGKILL to a started process's whole group (kill -9); resolves once it is gone. */
export async function killHard(proc: ReturnType<typeof startProcess> | undefined): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = new Promise((r) => proc.child.once("exit", r));
  proc.signalGroup("SIGKILL");
  await exited;
}
