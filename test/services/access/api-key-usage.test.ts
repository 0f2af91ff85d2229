import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Db, createKey, listKeysWithUsage } from "../../../src/catalog/index.js";
import { ApiKeys } from "../../../src/services/access/api-keys.js";
import { tempCatalogEach } from "../../helpers/build-app.js";

const DAY = 86_400_000;
const MIDNIGHT = Date.parse("2026-03-10T00:00:00.000Z");

/** The stored counts, as day -> requests, of one key. */
function stored(db: Db, keyId: number): Record<string, number> {
  const rows = db.prepare("SELECT day, requests FROM api_key_usage WHERE key_id = ? ORDER BY day").all(keyId) as { day: string; requests: number }[];
  return Object.fromEntries(rows.map((r) => [r.day, r.requests]));
}

function addStored(db: Db, keyId: number, day: string, requests: number): void {
  db.prepare("INSERT INTO api_key_usage (key_id, day, requests) VALUES (?, ?, ?)").run(keyId, day, requests);
}

describe("requests per key and UTC day", () => {
  let db: Db;
  let path: string;
  let importer: Db | undefined;
  tempCatalogEach((c) => ({ db, path } = c));
  afterEach(() => {
    if (importer?.inTransaction) importer.exec("ROLLBACK");
    importer?.close();
    importer = undefined;
  });
  const key = (name = "k") => createKey(db, name, 600).key.id;

  it("counts each request on its UTC day, across midnight, and adds to what is stored", () => {
    const a = key("a");
    const b = key("b");
    const keys = new ApiKeys(db);
    keys.noteUse(a, MIDNIGHT - 2);
    keys.noteUse(a, MIDNIGHT - 1);
    keys.noteUse(b, MIDNIGHT - 1);
    keys.noteUse(a, MIDNIGHT);
    keys.noteUse(a, MIDNIGHT + DAY - 1);
    keys.noteUse(b, MIDNIGHT + DAY);
    // A clock that steps back a little still counts on the right day.
    keys.noteUse(a, MIDNIGHT - 3);
    expect(keys.flush(MIDNIGHT + DAY)).toBe(true);
    expect(stored(db, a)).toEqual({ "2026-03-09": 3, "2026-03-10": 2 });
    expect(stored(db, b)).toEqual({ "2026-03-09": 1, "2026-03-11": 1 });
    expect(keys.pending).toBe(0);

    keys.noteUse(a, MIDNIGHT + 5);
    keys.noteUse(b, MIDNIGHT + DAY + 5);
    expect(keys.flush(MIDNIGHT + DAY)).toBe(true);
    expect(stored(db, a)).toEqual({ "2026-03-09": 3, "2026-03-10": 3 });
    expect(stored(db, b)).toEqual({ "2026-03-09": 1, "2026-03-11": 2 });
    expect(keys.flush(MIDNIGHT + DAY)).toBe(true);
    expect(stored(db, a)).toEqual({ "2026-03-09": 3, "2026-03-10": 3 });
  });

  it("keeps counts and last-used times while the catalog is busy, and writes them once when it is free", () => {
    const a = key();
    const keys = new ApiKeys(db);
    keys.noteUse(a, MIDNIGHT + 1);
    importer = openDatabase(path);
    importer.prepare("BEGIN IMMEDIATE").run();

    expect(keys.flush(MIDNIGHT + 2)).toBe(false);
    keys.noteUse(a, MIDNIGHT + 3);
    expect(keys.flush(MIDNIGHT + 4)).toBe(false);
    expect(stored(db, a)).toEqual({});
    expect(keys.pending).toBe(1);
    // The dashboard of this process sees them meanwhile.
    expect(keys.list(MIDNIGHT + 4)[0]).toMatchObject({ requestsToday: 2, requests30d: 2, lastUsedAt: MIDNIGHT + 3 });

    importer.exec("COMMIT");
    keys.noteUse(a, MIDNIGHT + 5);
    expect(keys.flush(MIDNIGHT + 6)).toBe(true);
    expect(stored(db, a)).toEqual({ "2026-03-10": 3 });
    expect(listKeysWithUsage(db, MIDNIGHT + 6)[0]).toMatchObject({ lastUsedAt: MIDNIGHT + 5, requestsToday: 3, requests30d: 3 });
    expect(keys.flush(MIDNIGHT + 7)).toBe(true);
    expect(stored(db, a)).toEqual({ "2026-03-10": 3 });
  });

  it("keeps nothing after a failure other than a busy catalog", () => {
    const a = key();
    const keys = new ApiKeys(db);
    keys.noteUse(a, MIDNIGHT);
    db.exec("CREATE TEMP TRIGGER usage_fails BEFORE INSERT ON api_key_usage BEGIN SELECT RAISE(ABORT, 'disk on fire'); END");
    expect(() => keys.flush(MIDNIGHT)).toThrow(/disk on fire/);
    expect(keys.pending).toBe(0);
    db.exec("DROP TRIGGER usage_fails");
    // The last-used time went with the counts: one transaction.
    expect(keys.list(MIDNIGHT)[0]).toMatchObject({ lastUsedAt: null, requestsToday: 0 });
    expect(keys.flush(MIDNIGHT)).toBe(true);
    expect(stored(db, a)).toEqual({});
  });

  it("lists the stored counts with the ones not flushed added in", () => {
    const a = key("a");
    const b = key("b");
    const c = key("c");
    addStored(db, a, "2026-03-10", 10);
    addStored(db, a, "2026-03-01", 5);
    addStored(db, b, "2026-03-09", 7);
    const keys = new ApiKeys(db);
    keys.noteUse(a, MIDNIGHT + 10);
    keys.noteUse(a, MIDNIGHT + 20);
    keys.noteUse(b, MIDNIGHT - 10);
    keys.noteUse(b, MIDNIGHT + 10);

    const listed = keys.list(MIDNIGHT + 30);
    expect(listed.map((k) => [k.name, k.requestsToday, k.requests30d, k.lastUsedAt])).toEqual([
      ["a", 12, 17, MIDNIGHT + 20],
      ["b", 1, 9, MIDNIGHT + 10],
      ["c", 0, 0, null],
    ]);
    // What the catalog alone holds, without this process's counts.
    expect(listKeysWithUsage(db, MIDNIGHT + 30).map((k) => [k.requestsToday, k.requests30d])).toEqual([
      [10, 15],
      [0, 7],
      [0, 0],
    ]);
    expect(listed.find((k) => k.id === c)).not.toHaveProperty("keyHash");
  });

  it("counts the 30 UTC days ending today, today included", () => {
    const a = key();
    const now = Date.parse("2026-03-30T23:59:59.999Z");
    addStored(db, a, "2026-02-28", 1000); // 31 days back: outside
    addStored(db, a, "2026-03-01", 100); // the first day of the window
    addStored(db, a, "2026-03-15", 10);
    addStored(db, a, "2026-03-30", 1); // today
    addStored(db, a, "2026-03-31", 10_000); // tomorrow (a clock ahead): not yet
    expect(listKeysWithUsage(db, now)[0]).toMatchObject({ requestsToday: 1, requests30d: 111 });
    expect(listKeysWithUsage(db, now + 1)[0]).toMatchObject({ requestsToday: 10_000, requests30d: 10_011 });

    const keys = new ApiKeys(db);
    keys.noteUse(a, Date.parse("2026-02-28T23:59:59.999Z"));
    keys.noteUse(a, Date.parse("2026-03-01T00:00:00.000Z"));
    expect(keys.list(now)[0]).toMatchObject({ requestsToday: 1, requests30d: 112 });
  });

  it("deletes counts older than 400 days during a flush, once a day", () => {
    const a = key();
    const now = Date.parse("2026-03-10T12:00:00.000Z");
    addStored(db, a, "2025-02-02", 1); // 401 days before
    addStored(db, a, "2025-02-03", 2); // 400 days before: kept
    const keys = new ApiKeys(db);
    keys.noteUse(a, now);
    expect(keys.flush(now)).toBe(true);
    expect(stored(db, a)).toEqual({ "2025-02-03": 2, "2026-03-10": 1 });

    // Not again the same day...
    addStored(db, a, "2025-01-01", 3);
    keys.noteUse(a, now + 1);
    expect(keys.flush(now + 1)).toBe(true);
    expect(stored(db, a)).toMatchObject({ "2025-01-01": 3 });
    // ...but on the next one.
    keys.noteUse(a, now + DAY);
    expect(keys.flush(now + DAY)).toBe(true);
    expect(stored(db, a)).toEqual({ "2026-03-10": 2, "2026-03-11": 1 });
  });
});
