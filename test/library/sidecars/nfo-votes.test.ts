/**
 * A catalog title's review count reaches its NFO as Kodi's <votes>: stored with the record
 * (upsertRecords), read back with it (findByDvdId, fromCatalog), written by buildNfo.
 */
import { describe, expect, it } from "vitest";
import { type Db, findByDvdId, upsertRecords } from "../../../src/catalog/index.js";
import { fromCatalog } from "../../../src/services/titles/title.js";
import { makeIngest, tempCatalogEach } from "../../helpers/build-app.js";
import { build, kodiReads, parseNfo } from "./read-nfo.js";

describe("the NFO of a catalog title", () => {
  let db: Db;
  tempCatalogEach((c) => {
    db = c.db;
  });

  it("carries the source's review count as the rating's votes, and none without reviews", () => {
    upsertRecords(db, [
      makeIngest({ contentId: "abp00123", dvdId: "ABP-123" }, { provider: "fanza", ratingAvg: 4.5, ratingCount: 12 }),
      makeIngest({ contentId: "abp00124", dvdId: "ABP-124" }, { provider: "fanza", ratingAvg: null, ratingCount: null }),
    ]);
    const rated = fromCatalog(findByDvdId(db, "ABP-123")[0]);
    expect([rated.ratingAvg, rated.ratingCount]).toEqual([4.5, 12]);
    expect(kodiReads(parseNfo(build(rated))).rating).toEqual({ name: "fanza", value: 9, votes: 12 });
    const unrated = fromCatalog(findByDvdId(db, "ABP-124")[0]);
    expect(unrated.ratingCount).toBeNull();
    expect(parseNfo(build(unrated)).ratings).toBeUndefined();
  });
});
