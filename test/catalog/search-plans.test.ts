import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/catalog/db.js";
import { buildMatch } from "../../src/catalog/fts-match.js";
import { EMPTY_FILTER } from "../../src/catalog/filter-sql.js";
import { upsertRecords } from "../../src/catalog/movies-write.js";
import { generateSampleRecords } from "../../src/catalog/sample/generate.js";
import { countMatches, searchIds, SORT_KEYS, type SearchSpec } from "../../src/catalog/search.js";
import { tempCatalog } from "../helpers/build-app.js";

describe("search plans on a real catalog", () => {
  let db: Db;
  let dir: string;
  beforeAll(() => {
    ({ db, dir } = tempCatalog());
    upsertRecords(db, [...generateSampleRecords({ count: 3000 })]);
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const filters = [EMPTY_FILTER, { ...EMPTY_FILTER, censored: true }, { ...EMPTY_FILTER, releaseAfter: "2010-01-01" }];
  const KEY: Record<string, string> = {
    release: "release_date || printf('%012d', id)",
    update: "printf('%015d', updated_at) || printf('%012d', id)",
    rating: "printf('%08.2f', coalesce(rating_avg, -1)) || printf('%09d', coalesce(rating_count, -1)) || printf('%012d', id)",
    views: "printf('%012d', coalesce(popularity, -1)) || printf('%012d', id)",
  };
  for (const sort of SORT_KEYS.filter((s) => s !== "relevance")) {
    for (const [i, filter] of filters.entries()) {
      it(`sort=${sort}, filter #${i}: pages are ordered and continue each other`, () => {
        const spec: SearchSpec = { match: buildMatch("the", { prefixLast: false }), exactDvdId: null, filter, sort };
        const total = countMatches(db, spec);
        expect(total).toBeGreaterThan(100);
        const all = searchIds(db, spec, total + 10, 0);
        expect(all).toHaveLength(total);
        const keys = all.map((id) => db.prepare(`SELECT ${KEY[sort]} FROM movies WHERE id = ?`).pluck().get(id) as string);
        expect(keys).toEqual([...keys].sort().reverse());
        for (const [limit, offset] of [[10, 0], [10, 90], [25, total - 5]]) {
          expect(searchIds(db, spec, limit, offset)).toEqual(all.slice(offset, offset + limit));
        }
      });
    }
  }

  it("ranks by relevance within the newest matches when broad, and puts the exact code first", () => {
    const spec: SearchSpec = { match: buildMatch("the"), exactDvdId: null, filter: EMPTY_FILTER, sort: "relevance" };
    const broad = searchIds(db, { ...spec, broadLimit: 200 }, 10, 0);
    expect(broad).toHaveLength(10);
    expect(Math.min(...broad)).toBeGreaterThan(0);
    const code = [...generateSampleRecords({ count: 1, start: 5 })][0].record.dvdId;
    const exactId = db.prepare("SELECT id FROM movies WHERE dvd_id = ?").pluck().get(code);
    const match = `(${buildMatch(code)}) OR (code : "${code.toLowerCase().replace("-", " ")}")`;
    expect(searchIds(db, { match, exactDvdId: code, filter: EMPTY_FILTER, sort: "relevance", broadLimit: 1 }, 5, 0)[0]).toBe(exactId);
  });
});
