import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { openCatalog } from "../../src/catalog/open/open-catalog.js";
import type { Db } from "../../src/catalog/store/db.js";
import { createKey } from "../../src/catalog/store/keys.js";
import { tryUpsertRecords, upsertRecords } from "../../src/catalog/store/movies-write.js";
import { endTurnSnapshots, turnSnapshot } from "../../src/catalog/store/statements.js";
import { catalogVersion } from "../../src/catalog/store/version.js";
import { makeIngest, tempCatalogEach } from "../helpers/build-app.js";

const titles = (db: Db) => db.prepare("SELECT count(*) FROM movies").pluck().get() as number;

describe("the turn's read transaction", () => {
  let db: Db;
  let path: string;
  tempCatalogEach((c) => ({ db, path } = c));

  it("holds one snapshot until the turn ends, then sees what others wrote", async () => {
    const other = openCatalog(path);
    try {
      turnSnapshot(db);
      expect(db.inTransaction).toBe(true);
      expect(titles(db)).toBe(0);
      upsertRecords(other, [makeIngest()]);
      turnSnapshot(db); // a second request of the same turn shares it
      expect(titles(db)).toBe(0);
      await nextTurn();
      expect(db.inTransaction).toBe(false);
      expect(titles(db)).toBe(1);
    } finally {
      other.close();
    }
  });

  it("keeps the catalog's version within a turn; a commit elsewhere moves it on the next turn", async () => {
    const other = openCatalog(path);
    try {
      const before = catalogVersion(db);
      turnSnapshot(db);
      const inTurn = catalogVersion(db);
      upsertRecords(other, [makeIngest()]);
      expect(catalogVersion(db)).toBe(inTurn);
      await nextTurn();
      turnSnapshot(db);
      const next = catalogVersion(db);
      expect(next).not.toBe(inTurn);
      // A write of this connection ends the turn's snapshot and counts at once.
      upsertRecords(db, [makeIngest({ contentId: "abp00125", dvdId: "ABP-125" })]);
      expect(catalogVersion(db)).not.toBe(next);
      expect(before).toBe(inTurn);
    } finally {
      other.close();
    }
  });

  it("ends before a write on the connection, which then commits at once", () => {
    turnSnapshot(db);
    upsertRecords(db, [makeIngest()]);
    expect(db.inTransaction).toBe(false);
    turnSnapshot(db);
    expect(tryUpsertRecords(db, [makeIngest({ contentId: "abp00124", dvdId: "ABP-124" })])).toMatchObject({ added: 1 });
    expect(db.inTransaction).toBe(false);
    turnSnapshot(db);
    createKey(db, "k", 10);
    expect(db.inTransaction).toBe(false);
    const other = openCatalog(path);
    try {
      expect(titles(other)).toBe(2);
    } finally {
      other.close();
    }
  });

  it("ends everywhere in the process before a checkpoint waits for readers", () => {
    const second = openCatalog(path);
    try {
      turnSnapshot(db);
      turnSnapshot(second);
      titles(db);
      titles(second);
      endTurnSnapshots();
      expect(db.inTransaction).toBe(false);
      expect(second.inTransaction).toBe(false);
      expect(db.pragma("wal_checkpoint(TRUNCATE)", { simple: true })).toBe(0);
    } finally {
      second.close();
    }
  });
});
