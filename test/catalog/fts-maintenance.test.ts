import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/catalog/db.js";
import { EMPTY_FILTER } from "../../src/catalog/filter-sql.js";
import { buildMatch } from "../../src/catalog/fts-match.js";
import { indexSegments, settleIndexAfterBulkWrite } from "../../src/catalog/fts-maintenance.js";
import { upsertRecords } from "../../src/catalog/movies-write.js";
import { generateSampleRecords } from "../../src/catalog/sample/generate.js";
import { countMatches, searchIds } from "../../src/catalog/search.js";
import { tempCatalog } from "../helpers/build-app.js";

describe("search index upkeep after bulk writes", () => {
  let db: Db;
  let dir: string;
  beforeAll(() => ({ db, dir } = tempCatalog()));
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("merges the index into one segment after a write of at least 10,000 titles and a fifth of the catalog, answers unchanged", () => {
    const records = [...generateSampleRecords({ count: 12_000 })];
    for (let i = 0; i < records.length; i += 500) upsertRecords(db, records.slice(i, i + 500));
    expect(indexSegments(db)).toBeGreaterThan(1);
    const spec = { match: buildMatch("the", { prefixLast: false }), exactDvdId: null, filter: EMPTY_FILTER, sort: "views" as const };
    const before = { total: countMatches(db, spec), page: searchIds(db, spec, 20, 100) };

    expect(settleIndexAfterBulkWrite(db, 9_999)).toBe(false); // too small a write to pay for a merge
    expect(settleIndexAfterBulkWrite(db, 12_000)).toBe(true);
    expect(indexSegments(db)).toBe(1);
    expect(() => db.prepare("INSERT INTO movies_fts(movies_fts, rank) VALUES ('integrity-check', 0)").run()).not.toThrow();
    expect({ total: countMatches(db, spec), page: searchIds(db, spec, 20, 100) }).toEqual(before);
  });

  it("does not merge after a write that is small next to the catalog", () => {
    expect(settleIndexAfterBulkWrite(db, 2_000)).toBe(false);
    expect(settleIndexAfterBulkWrite(db, 10_000)).toBe(true); // 10,000 of 12,000 titles
  });
});
