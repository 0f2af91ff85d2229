import { spawn, type ChildProcessByStdio } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { expect } from "vitest";
import { CLI_ENTRY, ROOT } from "./run-cli.js";

/** A port free right now (the server's own "listening on" line may never reach us). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

export interface PipedServer {
  /** The shell running the pipeline; its stdout is what the reader passes on. */
  shell: ChildProcessByStdio<null, Readable, Readable>;
  /** The server's own pid (signals go to it alone, not to the reader). */
  pid: () => Promise<number>;
  /** The server's exit status, once it has exited. */
  status: () => Promise<number>;
  /** Kills the server if it still runs (never a pid that may have been reused since it exited). */
  kill: () => void;
}

async function poll<T>(read: () => T | null, what: string, ms = 30_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) {
    const v = read();
    if (v !== null) return v;
  }
  throw new Error(`no ${what} within ${ms} ms`);
}

/**
 * `node dist/main.js serve 2>&1 | READER` through a real shell pipe, as a person or a
 * supervisor runs it; the server's pid and exit status come back through files, since a
 * pipeline's status is its reader's. `terminal`: the server writes to a terminal instead
 * (util-linux's script), which passes what it reads to READER, as `docker run -t` does.
 */
export function servePiped(reader: string, env: Record<string, string>, options: { terminal?: boolean } = {}): PipedServer {
  const dir = mkdtempSync(join(tmpdir(), "vc-pipe-"));
  const pidFile = join(dir, "pid");
  const statusFile = join(dir, "status");
  const server = `"$NODE" ${CLI_ENTRY} serve 2>&1 & echo $! > "$PID_FILE"; wait $!; echo $? > "$STATUS_FILE"`;
  const script = options.terminal ? `script -qfec '${server}' /dev/null | ${reader}` : `{ ${server}; } | ${reader}`;
  const shell = spawn("sh", ["-c", script], {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE: process.execPath, PID_FILE: pidFile, STATUS_FILE: statusFile },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const readNumber = (file: string) => (existsSync(file) && readFileSync(file, "utf8").trim() !== "" ? Number(readFileSync(file, "utf8")) : null);
  return {
    shell,
    pid: () => poll(() => readNumber(pidFile), "server pid"),
    status: () => poll(() => readNumber(statusFile), "server exit status"),
    kill: () => {
      const pid = readNumber(pidFile);
      if (pid === null || readNumber(statusFile) !== null) return;
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // exited meanwhile
      }
    },
  };
}

/** Waits until the server answers /health. */
export async function waitHealthy(base: string): Promise<void> {
  for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const ok = await fetch(`${base}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
  }
  throw new Error(`${base} not healthy within 60 s`);
}

/**
 * `count` requests the HTTP parser refuses, `parallel` at a time: at LOG_LEVEL=trace each
 * is one log line ("client error") carrying the refused bytes, about 4 bytes of JSON per
 * byte sent: the cheapest way to make a server write many lines.
 */
export async function clientErrors(port: number, count: number, parallel = 50, bytes = 400): Promise<void> {
  const garbage = `GARBAGE${"x".repeat(bytes)}\r\n\r\n`;
  const one = () =>
    new Promise<void>((resolve) => {
      const s = connect(port, "127.0.0.1", () => s.write(garbage));
      s.on("data", () => undefined);
      s.on("close", () => resolve());
      s.on("error", () => resolve());
      s.setTimeout(5_000, () => s.destroy());
    });
  for (let i = 0; i < count; i += parallel) await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, one));
}

/** SIGTERM to the server: it exits 0 within 5 s, whatever its log reader does. */
export async function expectCleanStop(server: PipedServer): Promise<void> {
  const t0 = Date.now();
  process.kill(await server.pid(), "SIGTERM");
  expect(await server.status()).toBe(0);
  expect(Date.now() - t0).toBeLessThan(5000);
}
