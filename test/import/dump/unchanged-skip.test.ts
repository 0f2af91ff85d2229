import { describe, expect, it } from "vitest";
import { StagingDb, prepareChangedRecord, prepareRecord, StoredHashes } from "../../../src/catalog/index.js";
import { importDump } from "../../../src/import/dump/import-dump.js";
import { type RecordBatch, recordBatches } from "../../../src/import/dump/records.js";
import { stageDump } from "../../../src/import/dump/stage.js";
import { Tally } from "../../../src/import/dump/summary.js";
import { makeIngest } from "../../helpers/build-app.js";
import { baseBlocks, catalogForSuite, dumpText } from "./helpers.js";

/** The record builders' batches of a dump, as import-dump's write phase gets them. */
async function builtBatches(path: string, catalogPath: string | null, dir: string): Promise<RecordBatch[]> {
  const staging = StagingDb.create({ dir });
  try {
    await stageDump(path, staging, new Tally(), () => {});
    const plan = await staging.finish(2);
    return [
      ...recordBatches({ stagingPath: staging.path, batchSize: 2, now: 1, batches: plan.batches, duplicates: [], videoBlocks: plan.videoBlocks, catalogPath }),
    ];
  } finally {
    staging.close();
  }
}

describe("import-dump: titles the catalog already holds as they are", () => {
  const { db, path, files } = catalogForSuite();
  const first = files.write("first.sql", dumpText(baseBlocks()));

  it("are left out by the record builders, before their index text, and only they", async () => {
    expect((await builtBatches(first, path, files.path)).flatMap((b) => b.records)).toHaveLength(3);
    await importDump(db, first);
    const again = await builtBatches(first, path, files.path);
    expect(again.flatMap((b) => b.records)).toEqual([]);
    expect(again.reduce((n, b) => n + b.unchanged, 0)).toBe(3);
    // Without the catalog to read, every title is prepared (and the write skips them).
    expect((await builtBatches(first, null, files.path)).flatMap((b) => b.records)).toHaveLength(3);

    const newer = files.write("newer.sql", dumpText(baseBlocks({ videos: [{ content_id: "118abw00013", dvd_id: "ABW-013", title_en: "Changed" }] })));
    const mixed = await builtBatches(newer, path, files.path);
    expect(mixed.flatMap((b) => b.records.map((r) => r.row.contentId))).toEqual(["118abw00013"]);
    expect(mixed.reduce((n, b) => n + b.unchanged, 0)).toBe(2);
    expect(await importDump(db, newer)).toMatchObject({ videos: 3, added: 0, updated: 1, unchanged: 2 });
  });

  it("are read as one range of the catalog per batch, for the provider asked", () => {
    const reader = StoredHashes.open(path) as StoredHashes;
    try {
      const all = reader.between("r18dev", "", "\uffff");
      expect([...all.keys()].sort()).toEqual([...all.keys()]);
      expect(all.size).toBe(3);
      const [firstId] = all.keys();
      expect([...reader.between("r18dev", firstId, firstId).keys()]).toEqual([firstId]);
      expect(reader.between("fanza", "", "\uffff").size).toBe(0);
    } finally {
      reader.close();
    }
    expect(StoredHashes.open(`${files.path}/no-such-catalog.db`)).toBeNull();
  });

  it("compare a whole range's source hashes at once: the same titles with the same hashes, or not", () => {
    const reader = StoredHashes.open(path) as StoredHashes;
    try {
      const titles = [...reader.between("r18dev", "", "\uffff")].map(([cid, t]) => [cid, t.sourceHash as string] as const);
      expect(titles.every(([, h]) => typeof h === "string")).toBe(true);
      const [first, last] = [titles[0][0], titles[titles.length - 1][0]];
      expect(reader.sameSources("r18dev", first, last, titles)).toBe(true);
      expect(
        reader.sameSources(
          "r18dev",
          first,
          last,
          titles.map(([cid, h], i) => [cid, i === 1 ? `${h.slice(1)}x` : h] as const),
        ),
      ).toBe(false);
      expect(reader.sameSources("r18dev", first, last, titles.slice(1))).toBe(false);
      expect(reader.sameSources("r18dev", first, last, [...titles, ["zzz99999", titles[0][1]] as const])).toBe(false);
      expect(reader.sameSources("fanza", first, last, titles)).toBe(false);
      expect(reader.noneBetween("r18dev", first, null)).toBe(false);
      expect(reader.noneBetween("r18dev", `${last}z`, null)).toBe(true);
      expect(reader.noneBetween("fanza", "", null)).toBe(true);
    } finally {
      reader.close();
    }
  });

  it("prepares a record unless it hashes to the stored hash", () => {
    const r = makeIngest();
    const prepared = prepareRecord(r, 5);
    expect(prepareChangedRecord(r, 5, prepared.row.hash)).toBeNull();
    expect(prepareChangedRecord(r, 5, null)).toEqual(prepared);
    expect(prepareChangedRecord(r, 5, "something else")).toEqual(prepared);
  });
});
