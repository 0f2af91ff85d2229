import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it, vi } from "vitest";
import { EMPTY_FILTER } from "../../../src/catalog/index.js";
import { generateSampleRecords } from "../../../src/samples/titles/generate.js";
import type { ServiceDeps } from "../../../src/services/deps.js";
import type { RandomAnswer } from "../../../src/services/search-pool/answers.js";
import { randomAnswer } from "../../../src/services/search/random-records.js";
import type { SearchPool } from "../../../src/services/search-pool/search-pool.js";
import { buildTestApp } from "../../helpers/build-app.js";

describe("/random draws on the event loop while the worker is behind", () => {
  it("makes at most 4 draws a turn there; the others wait for the worker", async () => {
    const t = await buildTestApp([...generateSampleRecords({ count: 200 })]);
    try {
      const onWorker = vi.fn(async (): Promise<RandomAnswer> => ({ json: Buffer.from("[]") }));
      const pool = { queued: 4, random: onWorker } as unknown as SearchPool;
      const deps: ServiceDeps = { ...t.deps, pool };
      const turn = () => Array.from({ length: 6 }, () => randomAnswer(deps, 10, EMPTY_FILTER));
      // In one turn: the first 4 answered here (at once, not as promises), then the worker.
      const first = turn();
      expect(first.map((a) => a instanceof Promise)).toEqual([false, false, false, false, true, true]);
      expect(onWorker).toHaveBeenCalledTimes(2);
      for (const a of first.slice(0, 4)) expect(JSON.parse(Buffer.from((a as { json: Uint8Array }).json).toString())).toHaveLength(10);
      // The next turn may draw here again.
      await nextTurn();
      expect(turn().filter((a) => !(a instanceof Promise))).toHaveLength(4);
      // A worker not that far behind gets them all.
      await nextTurn();
      (pool as { queued: number }).queued = 3;
      expect(turn().every((a) => a instanceof Promise)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
