/**
 * An unsupported Node is refused in one line before anything native loads: on Node 20,
 * better-sqlite3 13's binary ended `npm start` with a bare "Segmentation fault". The
 * process is made to say it is Node 20 (test/fixtures/old-node/node-20.mjs), and any
 * native addon it loads ends it with status 9, so a refusal that comes too late fails.
 * At install, npm's own engine check refuses (`.npmrc` engine-strict, package.json engines).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GET_NODE, NEEDED_NODE, nodeIsSupported, nodeRefusal } from "../../src/lib/node-version.js";
import { CLI_ENTRY, ROOT } from "../helpers/run-cli.js";

const PRELOAD = join(ROOT, "test/fixtures/old-node/node-20.mjs");

function runAs20(args: string[], preload = PRELOAD) {
  return spawnSync(process.execPath, ["--import", preload, CLI_ENTRY, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_PATH: ":memory:", LOG_LEVEL: "warn" },
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("an unsupported Node", () => {
  it.each([["serve"], ["keys", "list"], ["scan", "."], []])("is refused by `%s` in one line, before any native addon loads", (...args) => {
    const r = runAs20(args);
    expect(r.stderr).toBe(`video-catalog needs Node.js ${NEEDED_NODE} or newer, and this is Node.js 20.20.2. Node 24 for this shell, from npm: ${GET_NODE}\n`);
    expect(r.stdout).toBe("");
    expect(r.status).toBe(1);
  });

  it("the preload does catch a native addon (so the test above can fail)", () => {
    // Without the refusal the CLI goes on to open the catalog: better-sqlite3 is the first addon.
    const r = spawnSync(process.execPath, ["--import", PRELOAD, "-e", "new (require('better-sqlite3'))(':memory:')"], { cwd: ROOT, encoding: "utf8" });
    expect(r.status).toBe(9);
    expect(r.stderr).toMatch(/native addon loaded: .*better-sqlite3.*\.node/);
  });

  it("npm refuses to install on it: engine-strict, and the same version as the process's check", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { engines: { node: string } };
    expect(pkg.engines.node).toBe(`>=${NEEDED_NODE}`);
    expect(readFileSync(join(ROOT, ".npmrc"), "utf8")).toMatch(/^engine-strict=true$/m);
    // The README's way to a supported Node is the one the refusal names.
    expect(readFileSync(join(ROOT, "README.md"), "utf8")).toContain(GET_NODE);
  });
});

describe("nodeIsSupported", () => {
  it.each([
    ["20.20.2", false],
    ["22.16.0", false],
    ["22.17.0", true],
    ["22.17.1", true],
    ["22.21.0", true],
    ["23.0.0", true],
    ["24.11.1", true],
    ["v24.0.0", true],
    ["18.20.8", false],
  ])("%s -> %s", (version, ok) => {
    expect(nodeIsSupported(version)).toBe(ok);
    expect(nodeRefusal(version) === null).toBe(ok);
  });
});
