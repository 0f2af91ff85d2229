import { describe, expect, it } from "vitest";
import { getMeta, setMeta, createSession, sessionActive, type Db } from "../../../src/catalog/index.js";
import { AdminPassword, ensureAdminPassword, hashPassword, resetAdminPassword, verifyPassword } from "../../../src/services/access/admin-password.js";
import { tempCatalogEach, testConfig } from "../../helpers/build-app.js";

describe("password hashes (scrypt)", () => {
  it("verifies the right password only", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", stored)).toBe(false);
    expect(await verifyPassword("Correct horse battery staple", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
    expect(await verifyPassword("x".repeat(100_000), stored)).toBe(false);
  });

  it("salts every hash", async () => {
    const [a, b] = await Promise.all([hashPassword("same"), hashPassword("same")]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same", a)).toBe(true);
    expect(await verifyPassword("same", b)).toBe(true);
  });

  it("takes any Unicode, composed or decomposed alike", async () => {
    const stored = await hashPassword("pässwörd 日本語 🔑");
    expect(await verifyPassword("pässwörd 日本語 🔑", stored)).toBe(true);
    expect(await verifyPassword("pa\u0308sswo\u0308rd 日本語 🔑", stored)).toBe(true);
    expect(await verifyPassword("passwörd 日本語 🔑", stored)).toBe(false);
  });

  it("is false, never an exception, for a malformed stored string", async () => {
    const good = await hashPassword("pw");
    const parts = good.split("$");
    const bad = [
      "",
      "pw",
      "scrypt",
      good.replace("scrypt$", "bcrypt$"),
      good + "$extra",
      [...parts.slice(0, 5)].join("$"),
      [parts[0], "16383", ...parts.slice(2)].join("$"),
      [parts[0], "0", ...parts.slice(2)].join("$"),
      [parts[0], "-16384", ...parts.slice(2)].join("$"),
      [parts[0], "1048576", ...parts.slice(2)].join("$"), // past scrypt's memory limit
      [parts[0], parts[1], "0", ...parts.slice(3)].join("$"),
      [parts[0], parts[1], parts[2], "999", ...parts.slice(4)].join("$"),
      [...parts.slice(0, 4), "not base64!", parts[5]].join("$"),
      [...parts.slice(0, 5), ""].join("$"),
      [...parts.slice(0, 5), "AAAA"].join("$"),
    ];
    for (const stored of bad) expect(await verifyPassword("pw", stored), stored).toBe(false);
    expect(await verifyPassword("pw", null as unknown as string)).toBe(false);
    expect(await verifyPassword(undefined as unknown as string, good)).toBe(false);
  });
});

describe("the admin password", () => {
  let db: Db;
  tempCatalogEach((c) => (db = c.db));
  const unset = testConfig();

  it("is generated once when ADMIN_PASSWORD is unset, stored only as its hash", async () => {
    expect(await new AdminPassword(db, unset).verify("anything")).toBe(false);
    const password = await ensureAdminPassword(db, unset);
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(getMeta(db, "admin_password_hash")).toMatch(/^scrypt\$/);
    expect(getMeta(db, "admin_password_hash")).not.toContain(password);
    expect(await ensureAdminPassword(db, unset)).toBeNull();
    const admin = new AdminPassword(db, unset);
    expect(await admin.verify(password!)).toBe(true);
    expect(await admin.verify(password!.slice(1))).toBe(false);
    expect(await admin.verify("")).toBe(false);
  });

  it("is ADMIN_PASSWORD when set: that one wins over a stored hash, and none is stored", async () => {
    const fromEnv = testConfig({ ADMIN_PASSWORD: "from the environment" });
    expect(await ensureAdminPassword(db, fromEnv)).toBeNull();
    expect(getMeta(db, "admin_password_hash")).toBeNull();
    setMeta(db, "admin_password_hash", await hashPassword("stored"));
    const admin = new AdminPassword(db, fromEnv);
    expect(await admin.verify("from the environment")).toBe(true);
    expect(await admin.verify("from the environment")).toBe(true);
    expect(await admin.verify("stored")).toBe(false);
    expect(await admin.verify("")).toBe(false);
    expect(await new AdminPassword(db, unset).verify("stored")).toBe(true);
  });

  it("reset counts at once, for a checker made before it, and signs every session out", async () => {
    const first = (await ensureAdminPassword(db, unset))!;
    const admin = new AdminPassword(db, unset);
    expect(await admin.verify(first)).toBe(true);
    const now = Date.now();
    createSession(db, "a".repeat(64), now, 3_600_000);
    createSession(db, "b".repeat(64), now, 3_600_000);

    const second = await resetAdminPassword(db);
    expect(second).not.toBe(first);
    expect(await admin.verify(first)).toBe(false);
    expect(await admin.verify(second)).toBe(true);
    expect(sessionActive(db, "a".repeat(64), now)).toBe(false);
    expect(sessionActive(db, "b".repeat(64), now)).toBe(false);
  });
});
