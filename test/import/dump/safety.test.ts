import { spawn } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, createKey, findByContentId } from "../../../src/catalog/index.js";
import { writeSampleDump } from "../../../tools/sample-dump/dump.js";
import { buildServer } from "../../../src/server/app.js";
import { importDump } from "../../../src/import/dump/import-dump.js";
import { tempCatalog, testConfig } from "../../helpers/build-app.js";
import { CLI_ENTRY, ROOT } from "../../helpers/run-cli.js";
import { TempDir, baseBlocks, dumpText, snapshot } from "./helpers.js";

const files = new TempDir();
afterAll(() => files.remove());

describe("import-dump: the catalog stays usable and whole", () => {
  it("keeps answering from the old catalog until the import commits", async () => {
    const { db, dir, path } = tempCatalog();
    await importDump(db, files.write("old.sql", dumpText(baseBlocks())));
    const before = snapshot(db);

    // The API on its own connection, as the server process would have it.
    const reader = openDatabase(path);
    const { token } = createKey(reader, "reader", 1e9);
    const app = await buildServer({ db: reader, config: testConfig({ DATABASE_PATH: path }), live: null, pool: null, ingest: null }, { logger: false });
    const title = async () => {
      const r = await app.inject({ url: "/movie?q=ABW-013", headers: { "x-service-key": token } });
      expect(r.statusCode).toBe(200);
      return r.json().result.titleEn as string;
    };
    const seen: Record<string, unknown> = {};
    const newer = files.write(
      "newer.sql",
      dumpText(
        baseBlocks({
          videos: [
            { content_id: "118abw00013", dvd_id: "ABW-013", title_en: "New title" },
            { content_id: "abp00123", dvd_id: "ABP-123" },
          ],
        }),
      ),
    );
    await importDump(db, newer, {
      // Paused with every record written into the open transaction, not yet committed.
      onProgress: async (p) => {
        if (p.phase !== "merge") return;
        expect(db.inTransaction).toBe(true);
        seen.title = await title();
        seen.rows = snapshot(reader);
        seen.abp = findByContentId(reader, "r18dev", "abp00123");
      },
    });
    expect(seen).toEqual({ title: "You Can't Make A Sound", rows: before, abp: null });
    expect(await title()).toBe("New title");
    expect(findByContentId(reader, "r18dev", "abp00123")).not.toBeNull();
    await app.close();
    reader.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("leaves the catalog exactly as it was when the import is killed with SIGKILL", async () => {
    const { db, dir, path } = tempCatalog();
    await importDump(db, files.write("old.sql", dumpText(baseBlocks())));
    const before = snapshot(db);
    const dump = join(files.path, "big.sql.gz");
    await writeSampleDump({ videos: 15_000, seed: 9, out: dump });

    const child = spawn(process.execPath, [CLI_ENTRY, "import-dump", dump], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_PATH: path, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    const exited = new Promise<NodeJS.Signals | null>((r) => child.once("exit", (_code, signal) => r(signal)));
    // Killed once it has been writing into the catalog for a while.
    await new Promise<void>((resolve, reject) => {
      child.stderr.on("data", (d: Buffer) => {
        stderr += d.toString();
        if (/import-dump writing/.test(stderr)) setTimeout(resolve, 700);
      });
      void exited.then(() => reject(new Error(`import-dump ended before it was killed:\n${stderr}`)));
    });
    // The import's transaction is open: the catalog's write lock is taken.
    const probe = openDatabase(path);
    probe.pragma("busy_timeout = 0");
    expect(() => probe.exec("BEGIN IMMEDIATE")).toThrow(/database is locked/);
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    expect(stderr).not.toMatch(/imported .* videos/);
    probe.exec("BEGIN IMMEDIATE; ROLLBACK");
    probe.close();

    // Readers see the old catalog, and so does a new connection after recovery.
    expect(snapshot(db)).toEqual(before);
    db.close();
    const reopened = openDatabase(path);
    expect(reopened.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(snapshot(reopened)).toEqual(before);
    // The killed process's staging files (the staging database, its videos' and its links' files) are removed by the next import.
    const left = readdirSync(dir).filter((f) => f.startsWith(".import-dump-"));
    expect(left.map((f) => f.replace(/^\.import-dump-\d+-[0-9a-f]+/, "")).sort()).toEqual(["-links.staging.db", "-videos.staging.db", ".staging.db"]);
    await importDump(reopened, files.write("again.sql", dumpText(baseBlocks())));
    expect(readdirSync(dir).filter((f) => f.startsWith(".import-dump-"))).toEqual([]);
    reopened.close();
    expect(existsSync(path)).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });
});
