import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { getPriority } from "node:os";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "vc-nice-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The niceness a command's process ends up with, opened as the CLI opens it. */
function niceOf(bulk: boolean, env: Record<string, string>): number {
  const script = `import { openCli } from "./src/cli/context.ts"; import { getPriority } from "node:os";
    const { db } = openCli({ bulk: ${bulk} }); db.close(); process.stdout.write(String(getPriority()));`;
  const outText = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    env: { ...process.env, DATABASE_PATH: join(dir, "catalog.db"), SAMPLE_DATA: "off", ...env },
    encoding: "utf8",
  });
  return Number(outText);
}

describe("bulk writers run at a lower CPU priority", () => {
  const base = getPriority();
  it("import, import-dump, sample, ingest and purge add BULK_NICE (default 19) to their niceness", () => {
    expect(niceOf(true, {})).toBe(19);
    expect(niceOf(true, { BULK_NICE: "3" })).toBe(Math.min(19, base + 3));
  });
  it("other commands, and BULK_NICE=0, keep the priority they have", () => {
    expect(niceOf(false, {})).toBe(base);
    expect(niceOf(true, { BULK_NICE: "0" })).toBe(base);
  });
});
