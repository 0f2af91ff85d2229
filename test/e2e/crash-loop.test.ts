/**
 * SIGKILL at random points of ingest, import, import-dump and the server, then checks
 * (bench/crash-loop.ts). `npm run soak -- --kills 60` runs more of them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { crashLoop } from "../../bench/crash-loop.js";

describe("crashes lose nothing", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-crash-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("after kills at random points the catalog checks clean, and the next run ends with exactly a clean run's titles", async () => {
    // Three kills of each kind; `npm run soak` kills many more.
    const r = await crashLoop({ dir, kills: 12, seed: Date.now() % 100_000 });
    console.log(`crash loop: ${r.kills} kills (${JSON.stringify(r.byKind)}), ${r.interrupted} runs found interrupted`);
    expect(r.failures).toEqual([]);
    // Most kills land while the command runs (a few may come after a fast one ended).
    expect(r.kills).toBeGreaterThanOrEqual(7);
    expect(r.interrupted).toBeGreaterThan(0);
  }, 300_000);
});
