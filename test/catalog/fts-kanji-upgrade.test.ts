import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { countMatches } from "../../src/catalog/search/counts.js";
import { EMPTY_FILTER } from "../../src/catalog/search/filter-sql.js";
import { buildMatch } from "../../src/catalog/search/fts-match.js";
import { openCatalog } from "../../src/catalog/open/open-catalog.js";
import type { Db } from "../../src/catalog/store/db.js";
import { upsertRecords } from "../../src/catalog/store/movies-write.js";
import { makeIngest } from "../helpers/build-app.js";
import { catalogAtMigration } from "../helpers/old-catalog.js";

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const count = (db: Db, q: string) => countMatches(db, { match: buildMatch(q), filter: EMPTY_FILTER });

describe("upgrading to kanji indexed alone (migration 0005)", () => {
  it("rebuilds an index written without them, so one-kanji searches find every title again", () => {
    const dir = mkdtempSync(join(tmpdir(), "vc-kanji-"));
    dirs.push(dir);
    // The migrations up to 0004, applied to a fresh file.
    const { db: old, path } = catalogAtMigration(dir, 4);
    const titles = [
      makeIngest({ contentId: "kan00001", dvdId: "KAN-001", titleEn: "Summer night", titleJa: "夏の夜", actresses: [] }),
      makeIngest({ contentId: "kan00002", dvdId: "KAN-002", titleEn: "Midsummer", titleJa: "真夏", actresses: [] }),
    ];
    // Today's writer also stores source_hash (migration 0006, after this catalog's time): the column is there only while it writes.
    // So does the credits column of 0010 (these titles credit no one, so no table of people is written).
    old.exec("ALTER TABLE movies ADD source_hash text");
    old.exec("ALTER TABLE movie_docs ADD credits text");
    upsertRecords(old as unknown as Db, titles);
    old.exec("ALTER TABLE movies DROP COLUMN source_hash");
    old.exec("ALTER TABLE movie_docs DROP COLUMN credits");
    // The title column as the writer before 0005 indexed it: bigrams and the last character of each run.
    const oldTitles: Record<string, string> = { kan00001: "summer night \n  夏の の夜 夜 \n ", kan00002: "midsummer \n  真夏 夏 \n " };
    for (const [cid, title] of Object.entries(oldTitles)) {
      const key = old.prepare("SELECT fts_key FROM movies WHERE content_id = ?").pluck().get(cid) as bigint | number;
      old.prepare("DELETE FROM movies_fts WHERE rowid = ?").run(key);
      old.prepare("INSERT INTO movies_fts (rowid, code, title) VALUES (?, ?, ?)").run(key, cid, title);
    }
    // Before the upgrade a one-kanji term misses 夏 at the start of a run.
    expect(old.prepare("SELECT count(*) FROM movies_fts WHERE movies_fts MATCH '\"夏\"'").pluck().get()).toBe(1);
    old.close();

    const db = openCatalog(path);
    dbs.push(db);
    expect(db.prepare("SELECT count(*) FROM meta WHERE key = 'fts_rebuild'").pluck().get()).toBe(0);
    expect(count(db, "夏")).toBe(2);
    expect(count(db, "夜")).toBe(1);
    expect(count(db, "真")).toBe(1);
    expect(count(db, "夏の夜")).toBe(1);
    expect(count(db, "summer")).toBe(1);
    expect(count(db, "kan-001")).toBe(1);
  });

  it("marks nothing to rebuild on a new, empty catalog", () => {
    const dir = mkdtempSync(join(tmpdir(), "vc-kanji-"));
    dirs.push(dir);
    const db = openCatalog(join(dir, "catalog.db"));
    dbs.push(db);
    expect(db.prepare("SELECT count(*) FROM meta WHERE key = 'fts_rebuild'").pluck().get()).toBe(0);
  });
});
