import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startProcess } from "../helpers/run-cli.js";

describe("the server process, started as the README says (npm start)", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-serve-"));
  const proc = startProcess(
    "npm",
    ["start", "--silent"],
    { DATABASE_PATH: join(dir, "catalog.db"), PORT: "0", LOG_LEVEL: "warn" },
    /listening on (http:\/\/[^\s]+)/,
  );
  afterAll(async () => {
    if (proc.child.exitCode === null && proc.child.signalCode === null) {
      const exited = new Promise((r) => proc.child.once("exit", r));
      proc.signalGroup("SIGKILL");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("migrates, prints a key once, loads the sample catalog and answers real HTTP requests", async () => {
    const base = (await proc.readyLine)[1];
    const { stdout } = proc.output();
    const key = stdout.match(/\b(vc_[A-Za-z0-9_-]{43})\b/)?.[1];
    expect(key).toBeDefined();
    expect(stdout).toContain("Loaded 1000 generated sample records");

    const health = await fetch(`${base}/health`).then((r) => r.json());
    expect(health).toEqual({ status: "ok", catalog: { records: 1000, providers: { sample: 1000 } } });

    const noKey = await fetch(`${base}/random`);
    expect(noKey.status).toBe(401);
    const random = await fetch(`${base}/random?num=3`, { headers: { "x-service-key": key! } });
    expect(random.status).toBe(200);
    const records = (await random.json()) as { dvdId: string }[];
    expect(records).toHaveLength(3);

    const movie = await fetch(`${base}/movie`, {
      method: "POST",
      headers: { "x-service-key": key!, "content-type": "application/json" },
      body: JSON.stringify({ q: records[0].dvdId.toLowerCase().replace("-", "") }),
    });
    expect(movie.status).toBe(200);
    expect(((await movie.json()) as { result: { dvdId: string } }).result.dvdId).toBe(records[0].dvdId);

    // Searches run on worker threads, which start from a build entry point of their own.
    const query = await fetch(`${base}/query?q=${records[0].dvdId}`, { headers: { "x-service-key": key! } });
    expect(query.status).toBe(200);
    expect(((await query.json()) as { results: { dvdId: string }[] }).results[0].dvdId).toBe(records[0].dvdId);

    // The docs UI serves files of its package, which the bundle must still find in node_modules.
    const asset = await fetch(`${base}/docs/static/swagger-ui-bundle.js`);
    expect(asset.status).toBe(200);
    expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });

  it("shuts down cleanly on SIGTERM", async () => {
    await proc.readyLine;
    const exited = new Promise<{ code: number | null; signal: string | null }>((r) => proc.child.once("exit", (code, signal) => r({ code, signal })));
    proc.signalGroup("SIGTERM");
    // The server closes and exits 0; npm may report the signal it received itself.
    expect(await exited).toSatisfy((e: { code: number | null; signal: string | null }) => e.code === 0 || e.signal === "SIGTERM");
    const groupAlive = () => {
      try {
        process.kill(-proc.child.pid!, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 100 && groupAlive(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(groupAlive()).toBe(false); // the server closed and exited too, within 5 s
  });
});
