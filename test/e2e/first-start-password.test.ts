import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/catalog/index.js";
import { AdminPassword } from "../../src/services/access/admin-password.js";
import { testConfig } from "../helpers/build-app.js";
import { runCli, startAndStop } from "../helpers/run-cli.js";

const PASSWORD_LINES = /admin password of the dashboard \(at \/dashboard[^\n]*\n {2}([A-Za-z0-9_-]{24})\n[^\n]*ADMIN_PASSWORD[^\n]*reset-password/;

describe("the server's first start prints the dashboard's admin password once", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-first-"));
  const env = (name: string) => ({
    DATABASE_PATH: join(dir, name),
    PORT: "0",
    LOG_LEVEL: "warn",
    SAMPLE_DATA: "off",
    INGEST_CRON: "off",
    SEARCH_WORKERS: "0",
    ADMIN_PASSWORD: "",
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const verify = async (path: string, password: string) => {
    const db = openDatabase(path);
    try {
      return await new AdminPassword(db, testConfig()).verify(password);
    } finally {
      db.close();
    }
  };

  it("beside the first key, and not on the next start", async () => {
    const first = await startAndStop(env("new.db"));
    expect(first).toMatch(/\bvc_[A-Za-z0-9_-]{43}\b/);
    const password = first.match(PASSWORD_LINES)?.[1];
    expect(password, first).toBeDefined();
    expect(await verify(env("new.db").DATABASE_PATH, password!)).toBe(true);

    const second = await startAndStop(env("new.db"));
    expect(second).toContain("listening on");
    expect(second).not.toContain("admin password");
    expect(second).not.toContain(password);
    expect(await verify(env("new.db").DATABASE_PATH, password!)).toBe(true);
  });

  it("on the first start after an upgrade: keys already there, no password yet", async () => {
    expect(runCli(["keys", "create", "--name", "older"], env("old.db")).status).toBe(0);
    const out = await startAndStop(env("old.db"));
    expect(out).not.toMatch(/\bvc_[A-Za-z0-9_-]{43}\b/);
    const password = out.match(PASSWORD_LINES)?.[1];
    expect(password, out).toBeDefined();
    expect(await verify(env("old.db").DATABASE_PATH, password!)).toBe(true);
  });

  it("never with ADMIN_PASSWORD set", async () => {
    const out = await startAndStop({ ...env("set.db"), ADMIN_PASSWORD: "chosen" });
    expect(out).toMatch(/\bvc_[A-Za-z0-9_-]{43}\b/);
    expect(out).not.toContain("admin password");
  });
});
