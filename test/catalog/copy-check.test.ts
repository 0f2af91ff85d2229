import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkCopy, MIGRATIONS_DIR, migrationsMismatch, openDatabase } from "../../src/catalog/index.js";
import { tempCatalog } from "../helpers/build-app.js";

const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
const n = journal.entries.length;
const lastTag = journal.entries[n - 1].tag;

describe("a copy's check before a replica serves it", () => {
  it("passes a catalog migrated by this build, opened read-only", () => {
    const { db, dir, path } = tempCatalog();
    db.close();
    const copy = openDatabase(path, { readonly: true });
    try {
      expect(migrationsMismatch(copy)).toBeNull();
      expect(checkCopy(copy)).toEqual([]);
      expect(checkCopy(copy, true)).toEqual([]);
    } finally {
      copy.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a catalog with a migration fewer, or one this build does not know", () => {
    const { db, dir } = tempCatalog();
    try {
      const last = db.prepare("SELECT max(created_at) FROM __drizzle_migrations").pluck().get() as number;
      db.prepare("UPDATE __drizzle_migrations SET created_at = 1 WHERE created_at = ?").run(last);
      expect(migrationsMismatch(db)).toBe(
        `the catalog has ${n} migrations, this build ${n}; not applied: ${lastTag}; newer than this build: one unknown to this build (1)`,
      );
      db.prepare("DELETE FROM __drizzle_migrations WHERE created_at = 1").run();
      expect(migrationsMismatch(db)).toBe(`the catalog has ${n - 1} migrations, this build ${n}; not applied: ${lastTag}`);
      expect(checkCopy(db)).toEqual([`the catalog has ${n - 1} migrations, this build ${n}; not applied: ${lastTag}`]);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a file that is no catalog", () => {
    const { db, dir } = tempCatalog();
    try {
      db.exec("DROP TABLE __drizzle_migrations");
      expect(migrationsMismatch(db)).toMatch(new RegExp(`^the catalog has 0 migrations, this build ${n}; not applied: 0000_init, `));
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
