import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";

describe("keys create: the same checks as the dashboard's form", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-keys-"));
  const env = { DATABASE_PATH: join(dir, "catalog.db"), KEY_RATE_PER_MINUTE: "90" };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("creates a key with the default rate, and refuses a bad name or rate with the reason (exit 2), creating nothing", () => {
    const ok = runCli(["keys", "create", "--name", "  jellyfin  "], env);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('"jellyfin" (90 requests/minute)');
    for (const [args, why] of [
      [["--rate", "60"], "required option '--name <name>' not specified"],
      [["--name", "   "], "needs a name"],
      [["--name", "x".repeat(101)], "at most 100 characters"],
      [["--name", "ok", "--rate", "0"], "whole number of requests per minute"],
      [["--name", "ok", "--rate", "1e3"], "whole number of requests per minute"],
      [["--name", "ok", "--rate", "2.5"], "whole number of requests per minute"],
    ] as const) {
      const res = runCli(["keys", "create", ...args], env);
      expect(res.status, args.join(" ")).toBe(2);
      expect(res.stderr).toContain(why);
      expect(res.stdout).toBe("");
    }
    const list = runCli(["keys", "list"], env);
    expect(list.stdout.trim().split("\n")).toHaveLength(2);
  });
});
