import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientErrors, freePort, servePiped, waitHealthy, type PipedServer } from "../helpers/log-pipe.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `node dist/main.js serve 2>&1 | cat`, and this test, cat's reader, stops reading: cat
 * then blocks on its output and stops reading its input, so the real pipe from the server
 * fills up, as with a stalled log collector. Logs at trace: each refused request is a line.
 */
describe("a log reader that stops reading never stops the server", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-stall-"));
  let server: PipedServer;
  let base = "";
  let port = 0;
  let seen = "";

  beforeAll(async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = servePiped("cat", {
      DATABASE_PATH: join(dir, "catalog.db"),
      PORT: String(port),
      LOG_LEVEL: "trace",
      INGEST_CRON: "off",
      SEARCH_WORKERS: "0",
      ADMIN_PASSWORD: "chosen",
    });
    server.shell.stdout.on("data", (d: Buffer) => (seen += d.toString()));
    await waitHealthy(base);
  });

  afterAll(() => {
    server.kill();
    server.shell.stdout.resume();
    rmSync(dir, { recursive: true, force: true });
  });

  const clientErrorLines = (text: string) => text.split("\n").filter((l) => l.includes('"msg":"client error"')).length;

  it("answers /health and /movie in normal times while 5,000 log lines find no reader", async () => {
    for (let i = 0; i < 100 && !/vc_[A-Za-z0-9_-]{43}/.test(seen); i++) await sleep(50);
    const key = seen.match(/\b(vc_[A-Za-z0-9_-]{43})\b/)?.[1] ?? "";
    const headers = { "x-service-key": key, "content-type": "application/json" };
    const [{ dvdId }] = (await (await fetch(`${base}/random?num=1`, { headers })).json()) as { dvdId: string }[];

    server.shell.stdout.pause();
    let flooding = true;
    const flood = clientErrors(port, 5000).finally(() => (flooding = false));
    const times: number[] = [];
    while (flooding) {
      const t0 = Date.now();
      const health = await fetch(`${base}/health`, { signal: AbortSignal.timeout(10_000) });
      const movie = await fetch(`${base}/movie`, { method: "POST", headers, body: JSON.stringify({ q: dvdId }), signal: AbortSignal.timeout(10_000) });
      times.push(Date.now() - t0);
      expect([health.status, movie.status]).toEqual([200, 200]);
      await sleep(50);
    }
    await flood;
    expect(times.length).toBeGreaterThan(3);
    expect(Math.max(...times)).toBeLessThan(1000);
    // Everything was logged in the meantime, and far more than the pipe and the sink hold: most lines wait or were dropped.
    expect(clientErrorLines(seen)).toBeLessThan(2000);
  });

  it("says how many lines it dropped, and over what time, once the reader reads again", async () => {
    server.shell.stdout.resume();
    for (let i = 0; i < 200 && !seen.includes("log lines dropped"); i++) await sleep(50);
    const report = seen.split("\n").find((l) => l.includes("log lines dropped"));
    expect(report, seen.slice(-2000)).toBeDefined();
    const { dropped, levels, from, to, level } = JSON.parse(report!) as {
      dropped: number;
      levels: Record<string, number>;
      from: number;
      to: number;
      level: number;
    };
    expect(level).toBe(40);
    expect(to).toBeGreaterThanOrEqual(from);
    // Each refused request was one trace line: written before the report, or counted in it. Other
    // lines may have been dropped beside them (a warning that the event loop stalled, on a busy machine).
    const before = seen.slice(0, seen.indexOf(report!));
    expect(clientErrorLines(before) + levels.trace).toBe(5000);
    expect(Object.values(levels).reduce((a, b) => a + b, 0)).toBe(dropped);
    await fetch(`${base}/health`);
  });

  it("exits 0 on SIGTERM within a few seconds while its reader is stalled again", async () => {
    server.shell.stdout.pause();
    await clientErrors(port, 3000);
    const pid = await server.pid();
    const t0 = Date.now();
    process.kill(pid, "SIGTERM");
    const status = await server.status();
    expect(status).toBe(0);
    expect(Date.now() - t0).toBeLessThan(5000);
    server.shell.stdout.resume();
    await new Promise((r) => server.shell.once("close", r));
  });
});
