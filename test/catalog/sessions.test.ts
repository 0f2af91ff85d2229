import { describe, expect, it } from "vitest";
import type { Db } from "../../src/catalog/store/db.js";
import { createSession, deleteAllSessions, deleteSession, hashSessionToken, pruneSessions, sessionActive } from "../../src/catalog/store/sessions.js";
import { tempCatalogEach } from "../helpers/build-app.js";

const HOUR = 3_600_000;

describe("dashboard sessions", () => {
  let db: Db;
  tempCatalogEach((c) => (db = c.db));
  const count = () => db.prepare("SELECT count(*) FROM dashboard_sessions").pluck().get() as number;

  it("keeps only the SHA-256 of a token", () => {
    const hash = hashSessionToken("token");
    expect(hash).toBe("3c469e9d6c5875d37a43f353d4f88e61fcf812c66eee3457465a40b0da4153e0");
    createSession(db, hash, 1_000, HOUR);
    expect(db.prepare("SELECT token_hash FROM dashboard_sessions").pluck().all()).toEqual([hash]);
  });

  it("is active until it expires, and not from then on", () => {
    const t0 = Date.parse("2026-03-10T12:00:00Z");
    const s = hashSessionToken("s");
    createSession(db, s, t0, 12 * HOUR);
    expect(sessionActive(db, s, t0)).toBe(true);
    expect(sessionActive(db, s, t0 + 12 * HOUR - 1)).toBe(true);
    expect(sessionActive(db, s, t0 + 12 * HOUR)).toBe(false);
    expect(sessionActive(db, hashSessionToken("other"), t0)).toBe(false);
  });

  it("prunes the expired ones only", () => {
    const t0 = 1_000_000;
    createSession(db, hashSessionToken("old"), t0, HOUR);
    createSession(db, hashSessionToken("new"), t0 + HOUR, HOUR);
    expect(pruneSessions(db, t0 + HOUR)).toBe(1);
    expect(count()).toBe(1);
    expect(sessionActive(db, hashSessionToken("new"), t0 + HOUR)).toBe(true);
    expect(pruneSessions(db, t0 + HOUR)).toBe(0);
  });

  it("deletes one (signing out) or all (a new admin password)", () => {
    for (const t of ["a", "b", "c"]) createSession(db, hashSessionToken(t), 0, HOUR);
    deleteSession(db, hashSessionToken("a"));
    deleteSession(db, hashSessionToken("unknown"));
    expect(sessionActive(db, hashSessionToken("a"), 1)).toBe(false);
    expect(sessionActive(db, hashSessionToken("b"), 1)).toBe(true);
    expect(deleteAllSessions(db)).toBe(2);
    expect(count()).toBe(0);
  });
});
