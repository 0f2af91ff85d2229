import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCatalog } from "../../../src/catalog/index.js";
import { generateSampleRecords } from "../../../src/samples/titles/generate.js";
import { importFile, type ImportSummary } from "../../../src/import/file/import-file.js";
import { CLI_ENTRY, ROOT } from "../../helpers/run-cli.js";

const rows = (path: string) => {
  const db = openCatalog(path);
  try {
    return db.prepare("SELECT m.id, m.content_id, m.hash, m.fts_key, d.doc FROM movies m JOIN movie_docs d USING (id) ORDER BY id").raw().all() as unknown[][];
  } finally {
    db.close();
  }
};

async function importInto(path: string, file: string, workerThreads: number): Promise<ImportSummary> {
  const db = openCatalog(path);
  try {
    return await importFile(db, file, { provider: "file", workerThreads });
  } finally {
    db.close();
  }
}

describe("import FILE on worker threads", () => {
  let dir: string;
  let file: string;
  const bad = new Map<number, string>();
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "vc-import-"));
    // About 3 MB: several chunks, with lines cut at chunk boundaries wherever they fall.
    const lines: string[] = [];
    for (const r of generateSampleRecords({ count: 1_500, seed: 9 })) lines.push(JSON.stringify(r.record));
    lines.splice(700, 0, "{broken"); // line 701
    bad.set(701, "not valid JSON");
    lines.splice(1200, 0, "", "   "); // blank lines 1201-1202 count as lines, not as items
    lines.splice(1400, 0, JSON.stringify({ contentId: "x" })); // line 1401
    bad.set(1401, "dvdId");
    // A BOM on the first line, CRLF line ends, and no line break after the last line.
    file = join(dir, "records.ndjson");
    writeFileSync(file, "\uFEFF" + lines.join("\r\n"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads every line across chunk boundaries, numbers bad lines right, and writes what one thread writes", async () => {
    const summaries: ImportSummary[] = [];
    for (const workers of [0, 1, 2]) summaries.push(await importInto(join(dir, `w${workers}.db`), file, workers));
    for (const s of summaries) {
      expect(s).toMatchObject({ read: 1_502, added: 1_500, updated: 0, unchanged: 0, skipped: 2 });
      expect(s.problems.map((p) => p.line)).toEqual([...bad.keys()]);
      s.problems.forEach((p) => expect(p.message).toContain(bad.get(p.line)));
    }
    const one = rows(join(dir, "w0.db")).map(([, cid, hash, , doc]) => [cid, hash, doc]);
    for (const workers of [1, 2]) expect(rows(join(dir, `w${workers}.db`)).map(([, cid, hash, , doc]) => [cid, hash, doc])).toEqual(one);
    expect(one.length).toBe(1_500);
  });

  it("changes nothing on a second import of the same file", async () => {
    const path = join(dir, "w1.db");
    const before = rows(path);
    expect(await importInto(path, file, 1)).toMatchObject({ added: 0, updated: 0, unchanged: 1_500, skipped: 2 });
    expect(rows(path)).toEqual(before);
  });

  it("reports a file that is not JSON at all as one bad item and writes nothing", async () => {
    const broken = join(dir, "broken.json");
    writeFileSync(broken, '[{"contentId": "a"}, oops]');
    const path = join(dir, "broken.db");
    const s = await importInto(path, broken, 1);
    expect(s).toMatchObject({ read: 1, added: 0, skipped: 1 });
    expect(s.problems[0]).toMatchObject({ line: 1 });
    expect(s.problems[0].message).toMatch(/^not valid JSON/);
    expect(rows(path)).toEqual([]);
  });

  it("leaves the catalog exactly as it was when killed with SIGKILL mid-import", async () => {
    const path = join(dir, "killed.db");
    await importInto(path, file, 1);
    const before = rows(path);
    const big = join(dir, "big.ndjson");
    writeFileSync(big, [...generateSampleRecords({ count: 20_000, start: 5_000, seed: 4 })].map((r) => JSON.stringify(r.record)).join("\n"));
    const child = spawn(process.execPath, [CLI_ENTRY, "import", big], { cwd: ROOT, env: { ...process.env, DATABASE_PATH: path, BULK_NICE: "0" } });
    const exited = new Promise<string | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
    let stderr = "";
    await new Promise<void>((resolve, reject) => {
      child.stderr.on("data", (d: Buffer) => {
        stderr += d.toString();
        if (/import: \d+ records/.test(stderr)) setTimeout(resolve, 300);
      });
      void exited.then(() => reject(new Error(`import ended before it was killed:\n${stderr}`)));
    });
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    expect(rows(path)).toEqual(before);
  });
});
