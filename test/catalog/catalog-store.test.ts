import { rmSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { countMatches } from "../../src/catalog/search/counts.js";
import { EMPTY_FILTER } from "../../src/catalog/search/filter-sql.js";
import { buildMatch } from "../../src/catalog/search/fts-match.js";
import { searchIds } from "../../src/catalog/search/search.js";
import type { Db } from "../../src/catalog/store/db.js";
import { catalogCounts, catalogProviders, findByDvdId } from "../../src/catalog/store/movies-read.js";
import { purgeProvider, upsertRecords } from "../../src/catalog/store/movies-write.js";
import { foldName } from "../../src/catalog/fts/name-tags.js";
import type { NameKind } from "../../src/model/record.js";
import { makeIngest, tempCatalog } from "../helpers/build-app.js";

const matchCount = (db: Db, text: string) => countMatches(db, { match: buildMatch(text), filter: EMPTY_FILTER });
const withName = (db: Db, kind: NameKind, name: string) =>
  countMatches(db, { match: null, filter: { ...EMPTY_FILTER, names: [{ kind, name: foldName(name) }] } });

describe("catalog store (real migrations on a real SQLite file)", () => {
  let db: Db;
  let dir: string;
  beforeEach(() => ({ db, dir } = tempCatalog()));
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("creates the schema with WAL, FTS5 and the triggers", () => {
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    const objects = db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table','trigger') ORDER BY name").pluck().all();
    expect(objects).toEqual(expect.arrayContaining(["movies", "movie_docs", "movies_fts", "api_keys", "movies_delete_index"]));
  });

  it("adds, skips unchanged and updates, keeping FTS and names in step", () => {
    const first = makeIngest({ titleEn: "Summer Holiday", actresses: ["Airi Suzumura"] }, { altNames: { actress: ["鈴村あいり"] } });
    expect(upsertRecords(db, [first])).toEqual({ added: 1, updated: 0, unchanged: 0 });
    expect(upsertRecords(db, [first])).toEqual({ added: 0, updated: 0, unchanged: 1 });
    expect(matchCount(db, "summer")).toBe(1);
    expect(matchCount(db, "鈴村")).toBe(1);
    expect(matchCount(db, "村あ")).toBe(1);

    const changed = makeIngest({ titleEn: "Winter Break", actresses: ["Yua Mikami"] }, { altNames: { actress: ["三上悠亜"] } });
    expect(upsertRecords(db, [changed])).toEqual({ added: 0, updated: 1, unchanged: 0 });
    expect(matchCount(db, "summer")).toBe(0);
    expect(matchCount(db, "鈴村")).toBe(0);
    expect(matchCount(db, "winter")).toBe(1);
    expect(matchCount(db, "三上")).toBe(1);
    expect(withName(db, "actress", "Yua Mikami")).toBe(1);
    expect(withName(db, "actress", "三上悠亜")).toBe(1);
    expect(withName(db, "actress", "Airi Suzumura")).toBe(0);
    expect(withName(db, "actress", "鈴村あいり")).toBe(0);
    expect(findByDvdId(db, "ABP-123")).toHaveLength(1);
  });

  it("keeps one row per provider and content id, several per code", () => {
    upsertRecords(db, [
      makeIngest({ contentId: "abp00123" }),
      makeIngest({ contentId: "abp123", serviceCode: "mono" }),
      makeIngest({ contentId: "abp00123" }, { provider: "other" }),
    ]);
    expect(findByDvdId(db, "ABP-123")).toHaveLength(3);
    expect(catalogProviders(db)).toEqual(["file", "other"]);
    expect(catalogCounts(db)).toEqual({ file: 2, other: 1 });
  });

  it("purges a provider with its index entries", () => {
    upsertRecords(db, [makeIngest({ titleEn: "Gone Soon" }, { provider: "sample" }), makeIngest({ contentId: "x1", dvdId: "XYZ-001", titleEn: "Stays" })]);
    expect(purgeProvider(db, "sample")).toBe(1);
    expect(matchCount(db, "gone")).toBe(0);
    expect(matchCount(db, "stays")).toBe(1);
    expect(catalogProviders(db)).toEqual(["file"]);
    expect(withName(db, "maker", "prestige")).toBe(1);
  });

  it("rolls a failing batch back whole", () => {
    const bad = makeIngest({ contentId: "bad1" });
    (bad.record as unknown as { runtimeMins: unknown }).runtimeMins = null; // NOT NULL violation
    expect(() => upsertRecords(db, [makeIngest({ contentId: "good1" }), bad])).toThrow();
    expect(db.prepare("SELECT count(*) FROM movies").pluck().get()).toBe(0);
    expect(matchCount(db, "english")).toBe(0);
  });

  it("ranks by bm25 with the code column weighted highest", () => {
    upsertRecords(db, [
      makeIngest({ contentId: "a1", dvdId: "AAA-001", titleEn: "Nothing here", commentEn: "mentions zeta once" }),
      makeIngest({ contentId: "a2", dvdId: "ZETA-001", titleEn: "Other" }),
    ]);
    const ids = searchIds(db, { match: buildMatch("zeta"), exactDvdId: null, filter: EMPTY_FILTER, sort: "relevance" }, 10, 0);
    const codes = ids.map((id) => db.prepare("SELECT dvd_id FROM movies WHERE id = ?").pluck().get(id));
    expect(codes).toEqual(["ZETA-001", "AAA-001"]);
  });
});
