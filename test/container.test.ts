/**
 * The container files agree with each other and with the service, without building the
 * image (CI's container step builds and runs it: .ci/container):
 * - `Dockerfile` is `Containerfile`, whose base is Node 24's official slim image;
 * - everything the Containerfile copies from the checkout is in the build context that
 *   .dockerignore lets through;
 * - every variable compose.yaml sets is a setting of the service or one of the entry's;
 *   its watcher's inbox and library are inside one mount;
 * - the entry's refusals: one line and an exit code for a PUID, PGID or UMASK that is not
 *   one, and (as root, where util-linux's setpriv is) for a catalog its user cannot write.
 */
import { spawnSync } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SETTINGS } from "../src/config/schema.js";
import { providerSettingDocs } from "../src/providers/registry.js";

const ROOT = join(import.meta.dirname, "..");
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const ENTRY = join(ROOT, "container/entry.sh");
const ENTRY_SETTINGS = ["PUID", "PGID", "UMASK", "TZ"];

/** The sources of the Containerfile's COPY lines that copy from the build context (not --from). */
function copiedPaths(containerfile: string): string[] {
  const copies = [...containerfile.matchAll(/^COPY\s+(?!--from)(.+)$/gm)].map((m) => m[1].trim().split(/\s+/));
  return copies.flatMap((words) => words.slice(0, -1));
}

/** Whether .dockerignore's rules (`*`, then `!path` exceptions) let a path into the context. */
function inContext(ignore: string, path: string): boolean {
  const rules = ignore.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("#"));
  expect(rules[0]).toBe("*");
  return rules.slice(1).some((r) => {
    const allowed = r.replace(/^!/, "").replace(/\/$/, "");
    return path.replace(/\/$/, "") === allowed || path.startsWith(`${allowed}/`);
  });
}

describe("the container files", () => {
  it("has Dockerfile as a link to the Containerfile, FROM Node 24's slim image by default", () => {
    expect(lstatSync(join(ROOT, "Dockerfile")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(ROOT, "Dockerfile"))).toBe("Containerfile");
    const file = read("Containerfile");
    expect(file).toMatch(/^ARG BASE=docker\.io\/library\/node:24-bookworm-slim$/m);
    expect(file.match(/^FROM \$\{BASE\}/gm)).toHaveLength(2);
    expect(file).toMatch(/^HEALTHCHECK .*healthcheck\.mjs/m);
    expect(file).toMatch(/^VOLUME \["\/data"\]$/m);
  });

  it("copies only what the build context holds", () => {
    const ignore = read(".dockerignore");
    const paths = copiedPaths(read("Containerfile"));
    expect(paths).toContain("src");
    for (const path of paths) expect(inContext(ignore, path), path).toBe(true);
    expect(inContext(ignore, "node_modules")).toBe(false);
    expect(inContext(ignore, "data/catalog.db")).toBe(false);
  });

  it("sets in compose.yaml only the service's settings and the entry's, the watcher's folders under one mount", () => {
    const compose = read("compose.yaml");
    const known = new Set([...[...Object.values(SETTINGS), ...providerSettingDocs()].map((s) => s.env), ...ENTRY_SETTINGS]);
    const env = compose.slice(compose.indexOf("environment:"), compose.indexOf("volumes:"));
    const names = [...env.matchAll(/^\s+#?\s*([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
    expect(names).toContain("WATCH_INBOX");
    for (const name of names) expect(known.has(name), name).toBe(true);
    const mounts = [...compose.matchAll(/^\s+- ([^:\s]+):(\/[a-z]+)$/gm)].map((m) => m[2]);
    expect(mounts).toContain("/data");
    const inside = (setting: string) => mounts.filter((m) => new RegExp(`${setting}: ${m}/`).test(compose));
    expect(inside("WATCH_INBOX")).toEqual(inside("WATCH_INTO"));
    expect(inside("WATCH_INBOX")).toHaveLength(1);
  });
});

describe("the container's entry", () => {
  const run = (env: Record<string, string>) => spawnSync("sh", [ENTRY, "keys", "list"], { encoding: "utf8", env: { PATH: process.env.PATH, ...env } });

  it.each<{ env: Record<string, string>; line: string }>([
    { env: { PUID: "abc" }, line: "PUID must be a number (a user id), not 'abc'" },
    { env: { PGID: "-1" }, line: "PGID must be a number (a group id), not '-1'" },
    { env: { UMASK: "0229" }, line: "UMASK must be three or four octal digits (022, 002), not '0229'" },
  ])("refuses $env in one line, exit 64", ({ env, line }) => {
    const r = run(env);
    expect(r.status).toBe(64);
    expect(r.stderr).toBe(`video-catalog: ${line}\n`);
  });

  const asRoot = process.getuid?.() === 0 && spawnSync("setpriv", ["--version"]).status === 0;
  it.runIf(asRoot)("refuses a catalog its user cannot write in one line naming the folder, the ids and the owner, exit 77", () => {
    const dir = mkdtempSync(join(tmpdir(), "vc-entry-"));
    try {
      mkdirSync(join(dir, "data"), { mode: 0o755 });
      writeFileSync(join(dir, "data", "catalog.db"), "");
      const r = run({ PUID: "1234", PGID: "2345", DATABASE_PATH: join(dir, "data", "catalog.db") });
      expect(r.status).toBe(77);
      expect(r.stderr).toBe(
        `video-catalog: ${dir}/data is not writable by user 1234 group 2345 (it belongs to 0:0): give it to them on the host (chown -R 1234:2345 on the folder mounted there), or set PUID and PGID to its owner\n`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
