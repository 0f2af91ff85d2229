import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, verifyKey, getMeta, createSession, sessionActive } from "../../src/catalog/index.js";
import { AdminPassword } from "../../src/services/access/admin-password.js";
import { testConfig } from "../helpers/build-app.js";
import { runCli } from "../helpers/run-cli.js";

describe("CLI end to end: the admin password and the keys' request counts", () => {
  let dir: string;
  let env: Record<string, string>;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "vc-admin-"));
    // ADMIN_PASSWORD unset, whatever the environment of the test run holds.
    env = { DATABASE_PATH: join(dir, "catalog.db"), ADMIN_PASSWORD: "" };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("admin reset-password prints a new password on its last line, which the catalog verifies, and signs sessions out", async () => {
    const first = runCli(["admin", "reset-password"], env);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain("ADMIN_PASSWORD");
    expect(first.stdout).toContain("signed every dashboard session out");
    const password = first.stdout.trim().split("\n").at(-1)!;
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const db = openDatabase(env.DATABASE_PATH);
    try {
      const admin = new AdminPassword(db, testConfig());
      expect(await admin.verify(password)).toBe(true);
      expect(getMeta(db, "admin_password_hash")).not.toContain(password);
      createSession(db, "f".repeat(64), Date.now(), 3_600_000);

      const second = runCli(["admin", "reset-password"], env);
      expect(second.status).toBe(0);
      const next = second.stdout.trim().split("\n").at(-1)!;
      expect(next).not.toBe(password);
      expect(await admin.verify(password)).toBe(false);
      expect(await admin.verify(next)).toBe(true);
      expect(sessionActive(db, "f".repeat(64), Date.now())).toBe(false);
    } finally {
      db.close();
    }
  });

  it("refuses while ADMIN_PASSWORD is set, and changes nothing", () => {
    const db = openDatabase(env.DATABASE_PATH);
    const before = getMeta(db, "admin_password_hash");
    const r = runCli(["admin", "reset-password"], { ...env, ADMIN_PASSWORD: "chosen by the admin" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("ADMIN_PASSWORD is set");
    expect(r.stdout).toBe("");
    expect(getMeta(db, "admin_password_hash")).toBe(before);
    db.close();

    const usage = runCli(["admin"], env);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("admin needs a command: reset-password");
    expect(usage.stderr).toContain("admin reset-password");
  });

  it("keys list shows the requests of today and of the last 30 days", () => {
    const token = runCli(["keys", "create", "--name", "counted"], env).stdout.trim().split("\n").at(-1)!;
    const db = openDatabase(env.DATABASE_PATH);
    const id = verifyKey(db, token)!.id;
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const add = db.prepare("INSERT INTO api_key_usage (key_id, day, requests) VALUES (?, ?, ?)");
    add.run(id, day(0), 7);
    add.run(id, day(10), 30);
    add.run(id, day(40), 500);
    db.close();

    const lines = runCli(["keys", "list"], env).stdout.trim().split("\n");
    const header = lines[0].split("\t");
    expect(header).toEqual(expect.arrayContaining(["today", "30 days"]));
    const row = lines.find((l) => l.includes("counted"))!.split("\t");
    expect(row[header.indexOf("today")]).toBe("7");
    expect(row[header.indexOf("30 days")]).toBe("37");
  });
});
