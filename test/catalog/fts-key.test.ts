import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { countMatches } from "../../src/catalog/search/counts.js";
import { EMPTY_FILTER } from "../../src/catalog/search/filter-sql.js";
import { ftsKey, ID_BITS } from "../../src/catalog/fts/fts-key.js";
import { indexSegments } from "../../src/catalog/search/fts-maintenance.js";
import { buildMatch } from "../../src/catalog/search/fts-match.js";
import { searchIds } from "../../src/catalog/search/search.js";
import { openCatalog } from "../../src/catalog/open/open-catalog.js";
import type { Db } from "../../src/catalog/store/db.js";
import { prepareRecord, purgeProvider, upsertRecords } from "../../src/catalog/store/movies-write.js";
import { makeIngest, tempCatalog } from "../helpers/build-app.js";
import { catalogAtMigration } from "../helpers/old-catalog.js";

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The SQL of migrations/0002_fts_key.sql that backfills fts_key. */
const SQL_KEY = "min(1048575, max(0, CAST(julianday(?) - 2415020.5 AS INTEGER))) * 4294967296 + ?";

describe("the FTS key (release order in the index's rowid)", () => {
  it("is the same in JS and in the migration's SQL, and orders by release date then id", () => {
    const db = new Database(":memory:");
    const dates = ["1850-06-01", "1899-12-31", "1900-01-01", "1970-01-01", "2000-02-29", "2024-12-31", "2026-11-22", "9999-12-31"];
    const keys: number[] = [];
    for (const date of dates) {
      for (const id of [1, 77, ID_BITS - 1]) {
        const sql = db.prepare(`SELECT ${SQL_KEY}`).pluck().get(date, id);
        expect(ftsKey(id, date), `${date} #${id}`).toBe(sql);
        keys.push(ftsKey(id, date));
        expect(ftsKey(id, date) % ID_BITS).toBe(id);
        expect(Number.isSafeInteger(ftsKey(id, date))).toBe(true);
      }
    }
    expect(ftsKey(5, "1850-06-01")).toBe(ftsKey(5, "1900-01-01")); // before 1900: clamped to the first day
    expect(keys.slice(6)).toEqual([...keys.slice(6)].sort((a, b) => a - b)); // from 1900-01-01 (day 0) on: ascending
    expect(() => ftsKey(0, "2020-01-01")).toThrow(RangeError);
    expect(() => ftsKey(ID_BITS, "2020-01-01")).toThrow(RangeError);
  });

  it("follows a title whose release date changes: the old key leaves the index, search finds it once", () => {
    const { db, dir } = tempCatalog();
    dbs.push(db);
    dirs.push(dir);
    upsertRecords(db, [makeIngest({ contentId: "abc00001", dvdId: "ABC-001", titleEn: "Lantern night", releaseDate: "2020-01-01T00:00:00.000Z" })]);
    upsertRecords(db, [makeIngest({ contentId: "abc00001", dvdId: "ABC-001", titleEn: "Lantern morning", releaseDate: "2021-05-05T00:00:00.000Z" })]);
    const id = db.prepare("SELECT id FROM movies").pluck().get() as number;
    expect(db.prepare("SELECT fts_key FROM movies").pluck().get()).toBe(ftsKey(id, "2021-05-05"));
    expect(db.prepare("SELECT rowid FROM movies_fts WHERE movies_fts MATCH 'lantern'").pluck().all()).toEqual([ftsKey(id, "2021-05-05")]);
    expect(countMatches(db, { match: buildMatch("night"), filter: EMPTY_FILTER })).toBe(0);
    expect(searchIds(db, { match: buildMatch("morning"), exactDvdId: null, filter: EMPTY_FILTER, sort: "release" }, 10, 0)).toEqual([id]);
    expect(purgeProvider(db, "file")).toBe(1);
    expect(db.prepare("SELECT count(*) FROM movies_fts WHERE movies_fts MATCH 'lantern'").pluck().get()).toBe(0);
    expect(db.prepare("SELECT count(*) FROM movie_docs").pluck().get()).toBe(0);
  });

  it("writes a batch's index rows in key order (one FTS5 segment), and a title written twice in a batch is indexed once, as last written", () => {
    const { db, dir } = tempCatalog();
    dbs.push(db);
    dirs.push(dir);
    const dates = Array.from({ length: 300 }, (_, i) => `20${String(10 + ((i * 37) % 15)).padStart(2, "0")}-0${1 + ((i * 7) % 9)}-1${i % 10}T00:00:00.000Z`);
    const batch = dates.map((releaseDate, i) =>
      makeIngest({ contentId: `key${String(i).padStart(5, "0")}`, dvdId: `KEY-${i + 1}`, titleEn: "Orchard", releaseDate }),
    );
    batch.push(makeIngest({ contentId: "key00007", dvdId: "KEY-8", titleEn: "Vineyard", releaseDate: "2030-01-01T00:00:00.000Z" }));
    expect(upsertRecords(db, batch)).toEqual({ added: 300, updated: 1, unchanged: 0 });
    expect(indexSegments(db)).toBe(1);
    expect(countMatches(db, { match: buildMatch("orchard"), filter: EMPTY_FILTER })).toBe(299);
    const vineyard = searchIds(db, { match: buildMatch("vineyard"), exactDvdId: null, filter: EMPTY_FILTER, sort: "release" }, 5, 0);
    expect(vineyard).toEqual([db.prepare("SELECT id FROM movies WHERE content_id = 'key00007'").pluck().get()]);
    expect(db.prepare("SELECT count(*) FROM movies_fts WHERE movies_fts MATCH 'vineyard OR orchard'").pluck().get()).toBe(300);
  });

  it("upgrades a catalog indexed by id: the migration rebuilds the index from the stored documents", () => {
    const dir = mkdtempSync(join(tmpdir(), "vc-upgrade-"));
    dirs.push(dir);
    // The migrations as they were before 0002, applied to a fresh file.
    const { db: old, path } = catalogAtMigration(dir, 1);
    // Three titles written as the old writer did: the index's rowid was movies.id.
    const titles = [
      { contentId: "old00001", dvdId: "OLD-001", titleEn: "Harbor lights", releaseDate: "2019-03-01T00:00:00.000Z" },
      { contentId: "old00002", dvdId: "OLD-002", titleEn: "Harbor rain", releaseDate: "2023-07-01T00:00:00.000Z" },
      { contentId: "old00003", dvdId: "OLD-003", titleEn: "Harbor dawn", releaseDate: "2021-01-15T00:00:00.000Z" },
    ];
    for (const t of titles) {
      const { row, fields } = prepareRecord(makeIngest(t));
      const id = old
        .prepare(
          `INSERT INTO movies (provider, content_id, dvd_id, service_code, site, release_date, runtime_mins, censored, rating_avg,
           rating_count, popularity, hash, created_at, updated_at) VALUES (@provider, @contentId, @dvdId, @serviceCode, @site,
           @releaseDate, @runtimeMins, @censored, @ratingAvg, @ratingCount, @popularity, @hash, @now, @now)`,
        )
        .run(row).lastInsertRowid;
      old.prepare("INSERT INTO movie_docs (id, page_url, doc, alt_names) VALUES (?, ?, ?, ?)").run(id, row.pageUrl, row.doc, row.altNames);
      old.prepare("INSERT INTO movies_fts (rowid, code, title, people, org, cat, comment, tags) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run(id, ...fields);
    }
    old.close();

    const db = openCatalog(path);
    dbs.push(db);
    expect(db.prepare("SELECT count(*) FROM meta WHERE key = 'fts_rebuild'").pluck().get()).toBe(0);
    const ids = db.prepare("SELECT id FROM movies ORDER BY id").pluck().all() as number[];
    const spec = { match: buildMatch("harbor"), exactDvdId: null, filter: EMPTY_FILTER };
    expect(countMatches(db, spec)).toBe(3);
    // Newest first: 2023 (id 2), 2021 (id 3), 2019 (id 1).
    expect(searchIds(db, { ...spec, sort: "release" }, 10, 0)).toEqual([ids[1], ids[2], ids[0]]);
    expect(searchIds(db, { ...spec, sort: "relevance" }, 10, 0).sort()).toEqual([...ids].sort());
    expect(countMatches(db, { match: buildMatch("rain"), filter: EMPTY_FILTER })).toBe(1);
    // Writes after the upgrade keep working, deletions included.
    upsertRecords(db, [makeIngest({ ...titles[0], titleEn: "Harbor fog" })]);
    expect(countMatches(db, { match: buildMatch("lights"), filter: EMPTY_FILTER })).toBe(0);
    expect(countMatches(db, { match: buildMatch("fog"), filter: EMPTY_FILTER })).toBe(1);
    expect(purgeProvider(db, "file")).toBe(3);
    expect(countMatches(db, spec)).toBe(0);
  });
});
