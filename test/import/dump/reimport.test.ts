import { describe, expect, it } from "vitest";
import { findByContentId } from "../../../src/catalog/index.js";
import { importDump } from "../../../src/import/dump/import-dump.js";
import { baseBlocks, catalogForSuite, dumpText, snapshot } from "./helpers.js";

describe("import-dump: importing again", () => {
  const { db, files } = catalogForSuite();
  const first = files.write("first.sql", dumpText(baseBlocks()));

  it("changes nothing when the dump is the same", async () => {
    expect(await importDump(db, first)).toMatchObject({ videos: 3, added: 3, updated: 0, unchanged: 0 });
    const before = snapshot(db);
    const updatedAt = db.prepare("SELECT max(updated_at) FROM movies").pluck().get();
    expect(await importDump(db, first, { workerThreads: 0 })).toMatchObject({ videos: 3, added: 0, updated: 0, unchanged: 3 });
    expect(snapshot(db)).toEqual(before);
    expect(db.prepare("SELECT max(updated_at) FROM movies").pluck().get()).toBe(updatedAt);
  });

  it("updates changed titles and adds new ones from a newer dump, without duplicates", async () => {
    const newer = files.write(
      "newer.sql.gz",
      dumpText(
        baseBlocks({
          videos: [
            { content_id: "118abw00013", dvd_id: "ABW-013", title_en: "You Can't Make A Sound (Remastered)" },
            { content_id: "abp00123", dvd_id: "ABP-123" },
          ],
        }),
      ),
    );
    expect(await importDump(db, newer)).toMatchObject({ videos: 4, added: 1, updated: 1, unchanged: 2 });
    expect(findByContentId(db, "r18dev", "118abw00013")?.record.titleEn).toBe("You Can't Make A Sound (Remastered)");
    expect(findByContentId(db, "r18dev", "abp00123")?.record.dvdId).toBe("ABP-123");
    expect(db.prepare("SELECT count(*) FROM movies WHERE provider = 'r18dev'").pluck().get()).toBe(4);
    expect(db.prepare("SELECT content_id FROM movies GROUP BY provider, content_id HAVING count(*) > 1").all()).toEqual([]);
    // The FTS index follows the update: the new words are found, under the same row.
    const hits = db.prepare("SELECT rowid % 4294967296 FROM movies_fts WHERE movies_fts MATCH 'remastered'").pluck().all();
    expect(hits).toEqual([findByContentId(db, "r18dev", "118abw00013")?.id]);
    // The FTS settings of the load were put back before the commit; the WAL was checkpointed.
    expect(db.prepare("SELECT v FROM movies_fts_config WHERE k = 'hashsize'").pluck().get()).toBe(1024 * 1024);
    expect(db.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
  });
});
