import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { StagingDb, prepareRecord } from "../../../src/catalog/index.js";
import { recordBatches } from "../../../src/import/dump/records.js";
import { RECORD_FORMAT, RECORD_FORMAT_DIGEST } from "../../../src/import/dump/source-hash.js";
import { stageDump } from "../../../src/import/dump/stage.js";
import { Tally } from "../../../src/import/dump/summary.js";
import { parseR18Combined } from "../../../src/providers/r18dev/parse.js";
import { EXCERPT_PATH } from "./collect.js";
import { SAMPLES } from "../../helpers/sample-server.js";
import { TempDir } from "./helpers.js";

const COMBINED = ["combined-SNIS-217.json", "combined-ROYD-191.trimmed-fixture.json"];

/** What a refresh would store for the dump excerpt's titles: each record's document and hash. */
async function excerptRows(dir: string): Promise<unknown[]> {
  const staging = StagingDb.create({ dir });
  try {
    await stageDump(EXCERPT_PATH, staging, new Tally(), () => {});
    const plan = await staging.finish(100);
    const job = { stagingPath: staging.path, batchSize: 100, now: 0, batches: plan.batches, duplicates: [], videoBlocks: plan.videoBlocks, catalogPath: null };
    return [...recordBatches(job)].flatMap((b) => b.records.map((r) => [r.row.contentId, r.row.doc, r.row.altNames, r.row.hash]));
  } finally {
    staging.close();
  }
}

describe("RECORD_FORMAT", () => {
  const dir = new TempDir();
  afterAll(() => dir.remove());

  it("moves with the records the r18dev samples give (parser, combined JSON of the dump, document and hash)", async () => {
    const parsed = COMBINED.map((name) => {
      const r = parseR18Combined(JSON.parse(readFileSync(resolve(SAMPLES, "r18dev", name), "utf8")));
      return [r, prepareRecord(r, 0).row.hash];
    });
    const rows = await excerptRows(dir.path);
    expect(rows).toHaveLength(1);
    const digest = createHash("sha256")
      .update(JSON.stringify([parsed, rows]))
      .digest("hex")
      .slice(0, 16);
    expect(
      digest,
      `The records built from the r18dev samples changed (RECORD_FORMAT ${RECORD_FORMAT}). A refresh of a dump leaves out ` +
        "titles whose dump rows are unchanged without parsing them, so it would keep the old records: bump RECORD_FORMAT " +
        `and set RECORD_FORMAT_DIGEST to "${digest}" together, in src/import/dump/source-hash.ts.`,
    ).toBe(RECORD_FORMAT_DIGEST);
  });
});
