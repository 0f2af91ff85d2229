import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { getPriority } from "node:os";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "vc-nice-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The niceness a command's process ends up with, opened as the CLI opens it. */
function niceOf(bulk: boolean, env: Record<string, string>): number {
  return priorityOf(bulk, env).nice;
}

/** The niceness and the Linux scheduling policy (field 41 of /proc/self/stat; 5 = SCHED_IDLE) of a command's process. */
function priorityOf(bulk: boolean, env: Record<string, string>): { nice: number; policy: number | null } {
  const script = `import { openCli } from "./src/cli/context.ts"; import { getPriority } from "node:os"; import { readFileSync } from "node:fs";
    const { db } = openCli({ bulk: ${bulk} }); db.close();
    let policy = null; try { policy = Number(readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ")[38]); } catch {}
    process.stdout.write(JSON.stringify({ nice: getPriority(), policy }));`;
  const outText = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    env: { ...process.env, DATABASE_PATH: join(dir, "catalog.db"), SAMPLE_DATA: "off", ...env },
    encoding: "utf8",
  });
  return JSON.parse(outText) as { nice: number; policy: number | null };
}

const SCHED_IDLE = 5;
const hasChrt = process.platform === "linux" && spawnSync("chrt", ["--version"]).status === 0;

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
  it.runIf(hasChrt)("at the lowest niceness, bulk writers also run in the idle scheduling class; others do not", () => {
    expect(priorityOf(true, {}).policy).toBe(SCHED_IDLE);
    expect(priorityOf(true, { BULK_NICE: "3" }).policy).toBe(0);
    expect(priorityOf(false, {}).policy).toBe(0);
  });
});
