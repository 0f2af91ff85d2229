/**
 * Load while writing, short (`npm run soak` runs it for minutes with 200 clients):
 * the server started as `npm start` starts it, many keep-alive clients on every
 * endpoint while a scheduled ingest and `import` processes write, then SIGTERM.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentBenchCatalog } from "../../bench/catalog-cache.js";
import { ensureImportFile } from "../../bench/import-file.js";
import { type SoakResult, soak } from "../../bench/soak-run.js";

describe("load while writing", () => {
  let dir: string;
  let result: SoakResult;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "vc-soak-"));
    const catalog = currentBenchCatalog(5000, () => {});
    catalog.db.close();
    const importFile = await ensureImportFile(2000, () => {});
    result = await soak({ catalogPath: catalog.path, records: 5000, importFile, dir, connections: 50, windows: 2, windowSeconds: 4 });
  }, 180_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    const r = result;
    if (r)
      console.log(
        `load while writing: ${r.requests} requests, ${r.errors} errors, ${r.imports} imports, ${r.ingestRuns} ingest runs; SIGTERM exit ${r.sigterm.exitCode} in ${Math.round(r.sigterm.ms)} ms`,
      );
  });

  it("answers every request right while an ingest and imports write: no error, no busy timeout, no long stall", () => {
    expect(result.requests).toBeGreaterThan(1000);
    expect(result.windows.map((w) => w.errors)).toEqual([0, 0]);
    expect(result.imports).toBeGreaterThanOrEqual(1);
    expect(result.ingestRuns).toBeGreaterThanOrEqual(1);
    expect(result.busy).toEqual([]);
    expect(result.serverErrors).toEqual([]);
    // The server logs every second whose event-loop delay went over 100 ms. Here the other
    // test files run on the same cores at the same time, and a process the OS leaves
    // waiting counts as stalled: this short run holds a 250 ms bar, `npm run soak`
    // (alone on the machine) the 100 ms one.
    const long = result.stalls.filter((l) => (JSON.parse(l) as { maxMs: number }).maxMs > 250);
    expect(long).toEqual([]);
  });

  it("on SIGTERM answers the requests in flight, then exits 0", () => {
    expect(result.sigterm).toMatchObject({ exitCode: 0, signal: null });
    expect(result.sigterm.probes).toEqual(Array(10).fill(200));
    expect(result.sigterm.ms, result.sigterm.log.join("\n")).toBeLessThan(15_000);
  });
});
