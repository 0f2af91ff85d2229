import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clientErrors, expectCleanStop, freePort, servePiped, waitHealthy } from "../helpers/log-pipe.js";

/** util-linux's script gives the server a terminal; without it there is nothing to test here. */
const hasScript = spawnSync("script", ["--version"]).status === 0;

/**
 * A terminal that nobody reads (`docker run -t` under a stalled log collector): Node writes
 * to terminals synchronously, so the server's first full terminal buffer used to stop it.
 */
describe.skipIf(!hasScript)("a terminal that nobody reads never stops the server", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-tty-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("answers while 5,000 log lines find no reader, and exits 0 on SIGTERM within a few seconds", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      DATABASE_PATH: join(dir, "catalog.db"),
      PORT: String(port),
      LOG_LEVEL: "trace",
      INGEST_CRON: "off",
      SEARCH_WORKERS: "0",
      ADMIN_PASSWORD: "x",
    };
    const server = servePiped("cat", env, { terminal: true });
    let seen = "";
    server.shell.stdout.on("data", (d: Buffer) => (seen += d.toString()));
    try {
      await waitHealthy(base);
      server.shell.stdout.pause();
      let flooding = true;
      const flood = clientErrors(port, 5000).finally(() => (flooding = false));
      const times: number[] = [];
      while (flooding) {
        const t0 = Date.now();
        expect((await fetch(`${base}/health`, { signal: AbortSignal.timeout(10_000) })).status).toBe(200);
        times.push(Date.now() - t0);
        await new Promise((r) => setTimeout(r, 50));
      }
      await flood;
      expect(Math.max(...times)).toBeLessThan(1000);
      await expectCleanStop(server);
    } finally {
      server.kill();
      server.shell.stdout.resume();
    }
    expect(seen).toContain("listening on");
  });
});
