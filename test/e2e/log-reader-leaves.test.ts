import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expectCleanStop, freePort, servePiped, waitHealthy } from "../helpers/log-pipe.js";
import { startAndStop } from "../helpers/run-cli.js";

/**
 * `node dist/main.js serve 2>&1 | head -c 100`: the reader takes 100 bytes, the first
 * key's line cut in two, and leaves. The server used to exit there (141, the key lost)
 * or, on a later start, hang for good in its log writer's exit flush.
 */
describe("a log reader that leaves never stops the server", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-leave-"));
  const env = { DATABASE_PATH: join(dir, "catalog.db"), LOG_LEVEL: "info", INGEST_CRON: "off", SEARCH_WORKERS: "0", ADMIN_PASSWORD: "" };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A start with `| head -c 100`: it answers, then SIGTERM; what head passed on. */
  async function startIntoHead(): Promise<string> {
    const port = await freePort();
    const server = servePiped("head -c 100", { ...env, PORT: String(port) });
    let seen = "";
    server.shell.stdout.on("data", (d: Buffer) => (seen += d.toString()));
    try {
      await waitHealthy(`http://127.0.0.1:${port}`);
      for (let i = 0; i < 20; i++) expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
      await expectCleanStop(server);
    } finally {
      server.kill();
    }
    return seen;
  }

  it("a first start: answers, exits 0 on SIGTERM; the next start says the key and password were not written out", async () => {
    const cut = await startIntoHead();
    expect(cut).toHaveLength(100);
    expect(cut).not.toMatch(/vc_/);

    const next = await startAndStop({ ...env, PORT: "0" });
    expect(next).toMatch(/The first API key, made \d{4}-\d\d-\d\d \d\d:\d\d UTC, could not be written out/);
    expect(next).toContain("make a new one: npm run cli -- keys create --name NAME");
    expect(next).toMatch(/The admin password of the dashboard, made [^\n]* could not be written out/);
    expect(next).toContain("make a new one: npm run cli -- admin reset-password");
    const warns = next.split("\n").filter((l) => l.includes('"msg":"secret not written out at an earlier start"'));
    expect(warns.map((l) => (JSON.parse(l) as { level: number; secret: string }).secret)).toEqual(["first API key", "admin password"]);

    // Said once.
    expect(await startAndStop({ ...env, PORT: "0" })).not.toContain("could not be written out");
  });

  it("a later start (nothing secret to print): answers, exits 0 on SIGTERM, and leaves nothing to say", async () => {
    const cut = await startIntoHead();
    expect(cut).toHaveLength(100);
    expect(await startAndStop({ ...env, PORT: "0" })).not.toContain("could not be written out");
  });
});
