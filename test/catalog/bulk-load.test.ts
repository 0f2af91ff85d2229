import { rmSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BulkLoad, indexMergeFor, mergeFanIn } from "../../src/catalog/bulk/bulk-load.js";
import { countMatches } from "../../src/catalog/search/counts.js";
import { EMPTY_FILTER } from "../../src/catalog/search/filter-sql.js";
import { indexSegments } from "../../src/catalog/search/fts-maintenance.js";
import { buildMatch } from "../../src/catalog/search/fts-match.js";
import { type SortKey, searchIds } from "../../src/catalog/search/search.js";
import { openCatalog } from "../../src/catalog/open/open-catalog.js";
import type { Db } from "../../src/catalog/store/db.js";
import { prepareRecord, upsertRecords } from "../../src/catalog/store/movies-write.js";
import { generateSampleRecords } from "../../src/samples/titles/generate.js";
import { tempCatalog, tempCatalogEach } from "../helpers/build-app.js";

const ftsConfig = (db: Db) => Object.fromEntries(db.prepare("SELECT k, v FROM movies_fts_config WHERE k <> 'version'").raw().all() as [string, unknown][]);

function load(db: Db, records: ReturnType<typeof prepareRecord>[], batch = 700, flushRows?: number) {
  const bulk = BulkLoad.begin(db, { flushRows });
  try {
    for (let i = 0; i < records.length; i += batch) bulk.upsert(records.slice(i, i + batch));
    return { merge: bulk.commit(), result: bulk.result };
  } finally {
    bulk.end();
  }
}

/** A page of every sort for a few searches: what must not change with how the index was written. */
function answers(db: Db) {
  const out: unknown[] = [];
  for (const q of ["the", "night", "凛音", null]) {
    for (const sort of ["relevance", "release", "update", "rating", "views"] as SortKey[]) {
      const spec = { match: q === null ? null : buildMatch(q, { prefixLast: false }), exactDvdId: null, filter: EMPTY_FILTER, sort };
      out.push([q, sort, countMatches(db, spec), searchIds(db, spec, 20, 40)]);
    }
  }
  return out;
}

describe("bulk loads", () => {
  let db: Db;
  let path: string;
  tempCatalogEach((c) => ({ db, path } = c));

  it("picks the merge by the load's share of the catalog", () => {
    expect(indexMergeFor(0, 5_000)).toBe("none");
    expect(indexMergeFor(9_999, 9_999)).toBe("merge"); // too small to rewrite the index for
    expect(indexMergeFor(12_000, 12_000)).toBe("optimize");
    expect(indexMergeFor(10_000, 50_000)).toBe("optimize");
    expect(indexMergeFor(10_000, 50_001)).toBe("merge");
    expect([1, 4, 9, 16, 100].map(mergeFanIn)).toEqual([4, 4, 9, 16, 16]);
  });

  it("announces each step of its commit before it runs: the merge and the commit with the transaction still open, then the checkpoint", () => {
    const reader = openCatalog(path);
    try {
      const titles = () => reader.prepare("SELECT count(*) FROM movies").pluck().get();
      const seen: [string, boolean, unknown][] = [];
      const bulk = BulkLoad.begin(db);
      try {
        bulk.upsert([...generateSampleRecords({ count: 50 })].map((r) => prepareRecord(r, 1_000)));
        bulk.commit((step) => seen.push([step, db.inTransaction, titles()]));
      } finally {
        bulk.end();
      }
      expect(seen).toEqual([
        ["merge", true, 0],
        ["commit", true, 0],
        ["checkpoint", false, 50],
      ]);
    } finally {
      reader.close();
    }
  });

  it("writes what row-by-row upserts write: same rows, same search answers, one index segment, FTS settings put back", () => {
    const records = [...generateSampleRecords({ count: 12_000 })];
    const before = ftsConfig(db);
    const { merge, result } = load(
      db,
      records.map((r) => prepareRecord(r, 1_000)),
    );
    expect(merge).toBe("optimize");
    expect(result).toEqual({ added: 12_000, updated: 0, unchanged: 0 });
    expect(indexSegments(db)).toBe(1);
    expect(ftsConfig(db)).toEqual({ ...before, automerge: 4, crisismerge: 16, hashsize: 1048576, usermerge: 4 });
    expect(() => db.prepare("INSERT INTO movies_fts(movies_fts, rank) VALUES ('integrity-check', 0)").run()).not.toThrow();

    const other = tempCatalog();
    try {
      for (let i = 0; i < records.length; i += 500) upsertRecords(other.db, records.slice(i, i + 500), 1_000);
      const rows = (d: Db) => d.prepare("SELECT m.*, d.doc, d.alt_names, d.page_url FROM movies m JOIN movie_docs d USING (id) ORDER BY id").raw().all();
      expect(rows(db)).toEqual(rows(other.db));
      expect(answers(db)).toEqual(answers(other.db));
    } finally {
      other.db.close();
      rmSync(other.dir, { recursive: true, force: true });
    }
  });

  it("merges only its own segments into a larger catalog; updates replace index rows; a re-load changes nothing", () => {
    const records = [...generateSampleRecords({ count: 8_000 })];
    load(
      db,
      records.slice(0, 7_000).map((r) => prepareRecord(r, 1_000)),
    );
    expect(indexSegments(db)).toBe(1);
    const changed = records.slice(6_000).map((r, i) => (i < 500 ? { ...r, record: { ...r.record, titleEn: `Zephyrine ${i}` } } : r));
    const { merge, result } = load(
      db,
      changed.map((r) => prepareRecord(r, 2_000)),
    );
    expect(merge).toBe("merge");
    expect(result).toEqual({ added: 1_000, updated: 500, unchanged: 500 });
    expect(indexSegments(db)).toBeLessThanOrEqual(2);
    const zephyrine = { match: buildMatch("zephyrine", { prefixLast: false }), exactDvdId: null, filter: EMPTY_FILTER, sort: "release" as const };
    expect(countMatches(db, zephyrine)).toBe(500);
    expect(() => db.prepare("INSERT INTO movies_fts(movies_fts, rank) VALUES ('integrity-check', 0)").run()).not.toThrow();
    expect(
      load(
        db,
        changed.map((r) => prepareRecord(r, 3_000)),
      ).result,
    ).toEqual({ added: 0, updated: 0, unchanged: 2_000 });
  });

  it("merges a load's many windows into one segment and leaves the catalog's segment as it is", () => {
    const records = [...generateSampleRecords({ count: 9_000 })].map((r) => prepareRecord(r, 1_000));
    load(db, records.slice(0, 7_000));
    const segids = (d: Db) => d.prepare("SELECT DISTINCT segid FROM movies_fts_idx ORDER BY segid").pluck().all() as number[];
    const [catalogSegment] = segids(db);
    expect(segids(db)).toHaveLength(1);
    // 2,000 titles in windows of 100: 20 segments at the lowest level, merged together.
    expect(load(db, records.slice(7_000), 700, 100).merge).toBe("merge");
    expect(segids(db)).toHaveLength(2);
    expect(segids(db)).toContain(catalogSegment);
    const night = { match: buildMatch("night", { prefixLast: false }), exactDvdId: null, filter: EMPTY_FILTER, sort: "release" as const };
    const other = tempCatalog();
    try {
      load(other.db, records);
      expect(answers(db)).toEqual(answers(other.db));
      expect(countMatches(db, night)).toBe(countMatches(other.db, night));
    } finally {
      other.db.close();
      rmSync(other.dir, { recursive: true, force: true });
    }
    expect(() => db.prepare("INSERT INTO movies_fts(movies_fts, rank) VALUES ('integrity-check', 0)").run()).not.toThrow();
  });

  it("leaves nothing behind when it ends without a commit, and readers never see a load in progress", () => {
    upsertRecords(db, [...generateSampleRecords({ count: 10 })]);
    const before = ftsConfig(db);
    const reader = openCatalog(path);
    try {
      const bulk = BulkLoad.begin(db);
      bulk.upsert([...generateSampleRecords({ count: 5_000, start: 10 })].map((r) => prepareRecord(r)));
      expect(reader.prepare("SELECT count(*) FROM movies").pluck().get()).toBe(10);
      expect(ftsConfig(reader)).toEqual(before);
      bulk.end();
      expect(db.inTransaction).toBe(false);
      expect(db.prepare("SELECT count(*) FROM movies").pluck().get()).toBe(10);
      expect(ftsConfig(db)).toEqual(before);
      expect(() => bulk.upsert([])).toThrow(/over/);
    } finally {
      reader.close();
    }
  });
});
