import { describe, expect, it } from "vitest";
import { type Db, createKey } from "../../../src/catalog/index.js";
import { resetAdminPassword } from "../../../src/services/access/admin-password.js";
import { markUndelivered, takeUndelivered } from "../../../src/services/access/first-start.js";
import { tempCatalog, tempCatalogEach, testConfig } from "../../helpers/build-app.js";

/** The first key and admin password a start could not write out, said at the next start. */
describe("undelivered secrets", () => {
  let db: Db;
  tempCatalogEach((c) => (db = c.db));
  const config = testConfig({ ADMIN_PASSWORD: "" });
  const made = new Date("2026-01-02T03:04:05.678Z");

  it("are said once, with when they were made and how to make new ones", () => {
    createKey(db, "default", 60, made.getTime());
    markUndelivered(db, "first API key", made);
    markUndelivered(db, "admin password", made);
    const notices = takeUndelivered(db, config);
    expect(notices.map((n) => [n.what, n.madeAt])).toEqual([
      ["first API key", made.toISOString()],
      ["admin password", made.toISOString()],
    ]);
    expect(notices[0].line).toBe(
      "The first API key, made 2026-01-02 03:04 UTC, could not be written out (the log's reader went away or fell behind); " +
        "if nobody has it, make a new one: npm run cli -- keys create --name NAME",
    );
    expect(notices[1].line).toContain("admin password of the dashboard, made 2026-01-02 03:04 UTC");
    expect(notices[1].line).toContain("npm run cli -- admin reset-password");
    expect(takeUndelivered(db, config)).toEqual([]);
  });

  it("say nothing of a first key once another key was made after it", () => {
    markUndelivered(db, "first API key", new Date(Date.now() - 60_000));
    createKey(db, "jellyfin", 60);
    expect(takeUndelivered(db, config)).toEqual([]);
  });

  it("say nothing of a generated password that a new one replaced", async () => {
    markUndelivered(db, "admin password", made);
    await resetAdminPassword(db);
    expect(takeUndelivered(db, config)).toEqual([]);
  });

  it("keep a generated password's mark while ADMIN_PASSWORD stands in for it", () => {
    markUndelivered(db, "admin password", made);
    expect(takeUndelivered(db, testConfig({ ADMIN_PASSWORD: "chosen" }))).toEqual([]);
    expect(takeUndelivered(db, config).map((n) => n.what)).toEqual(["admin password"]);
  });

  it("keep no mark in a catalog already closed (a late EPIPE as the server stops)", () => {
    const other = tempCatalog();
    other.db.close();
    expect(() => markUndelivered(other.db, "first API key", made)).not.toThrow();
  });
});
