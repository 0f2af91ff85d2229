/**
 * `scan` with LIVE_LOOKUPS=off, as a user runs it (the built CLI): a file the catalog lacks is
 * "not in the catalog" at once, and no source is asked; with it on, the same scan asks them.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulatorEnv } from "../../src/cli/simulate-env.js";
import { runCliAsync } from "../helpers/run-cli.js";

describe("scan and LIVE_LOOKUPS", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-scan-live-"));
  const videos = join(dir, "videos");
  const asked: string[] = [];
  const sources = createServer((req, res) => {
    asked.push(req.url ?? "");
    res.writeHead(404, { "content-type": "application/json" });
    res.end("{}");
  });
  let env: Record<string, string> = {};

  beforeAll(async () => {
    mkdirSync(videos);
    writeFileSync(join(videos, "ABP-906.mp4"), "");
    writeFileSync(join(videos, "SIRO-4550.mp4"), "");
    await new Promise<void>((resolve) => sources.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(sources.address() as AddressInfo).port}`;
    env = { ...simulatorEnv(() => base), DATABASE_PATH: join(dir, "catalog.db"), SAMPLE_DATA: "off", ENV_FILE: join(dir, "no.env"), HTTP_MAX_RETRIES: "0" };
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => sources.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  const scan = async (more: Record<string, string>) => {
    const r = await runCliAsync(["scan", videos, "--json"], { ...env, ...more });
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as { files: { path: string; status: string; reason: string }[] };
  };

  it("off: every file the catalog lacks is not in the catalog, and no source is asked", async () => {
    asked.length = 0;
    const { files } = await scan({ LIVE_LOOKUPS: "off" });
    expect(files.map((f) => [f.path, f.status, f.reason]).sort()).toEqual([
      ["ABP-906.mp4", "not-in-catalog", "not in the catalog"],
      ["SIRO-4550.mp4", "not-in-catalog", "not in the catalog"],
    ]);
    expect(asked).toEqual([]);
  });

  it("on: the same scan asks the sources", async () => {
    asked.length = 0;
    await scan({ LIVE_LOOKUPS: "on" });
    expect(asked.some((u) => u.includes("ABP-906"))).toBe(true);
    expect(asked.some((u) => u.includes("SIRO-4550"))).toBe(true);
  });
});
