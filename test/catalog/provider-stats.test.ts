import { describe, expect, it } from "vitest";
import { openDatabase } from "../../src/catalog/open/open-catalog.js";
import type { Db } from "../../src/catalog/store/db.js";
import { providerStats } from "../../src/catalog/store/movies-read.js";
import { upsertRecords } from "../../src/catalog/store/movies-write.js";
import { makeIngest, tempCatalogEach } from "../helpers/build-app.js";

/** `n` titles of `provider`, released on `day` plus i days. */
function titles(provider: string, n: number, firstDay: string) {
  const start = Date.parse(`${firstDay}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => {
    const contentId = `${provider}${String(i).padStart(5, "0")}`;
    const releaseDate = new Date(start + i * 86_400_000).toISOString();
    return makeIngest({ contentId, dvdId: `${provider.toUpperCase()}-${i}`, releaseDate }, { provider });
  });
}

describe("providerStats: titles, newest release and last change per provider", () => {
  let db: Db;
  let path: string;
  tempCatalogEach((c) => ({ db, path } = c));

  it("is empty for an empty catalog", () => {
    expect(providerStats(db)).toEqual([]);
  });

  it("counts each provider's titles, most first, with its newest release day and its last write", () => {
    upsertRecords(db, titles("fanza", 40, "2024-01-01"), 1_000);
    upsertRecords(db, titles("r18dev", 120, "2023-06-01"), 2_000);
    // Few titles, all older than the others': found through the provider's own index.
    upsertRecords(db, titles("file", 3, "2001-03-01"), 3_000);
    // One fanza title written again later, changed: fanza's last change moves, its newest release does not.
    const [first] = titles("fanza", 1, "2024-01-01");
    upsertRecords(db, [{ ...first, record: { ...first.record, titleEn: "A New Title" } }], 4_000);

    expect(providerStats(db)).toEqual([
      { provider: "r18dev", titles: 120, newestRelease: "2023-09-28", lastChange: 2_000 },
      { provider: "fanza", titles: 40, newestRelease: "2024-02-09", lastChange: 4_000 },
      { provider: "file", titles: 3, newestRelease: "2001-03-03", lastChange: 3_000 },
    ]);
  });

  it("is cached until the catalog changes, also by another connection", () => {
    upsertRecords(db, titles("fanza", 5, "2024-01-01"), 1_000);
    const before = providerStats(db);
    expect(providerStats(db)).toBe(before);

    const other = openDatabase(path);
    try {
      upsertRecords(other, titles("r18dev", 7, "2025-05-01"), 9_000);
    } finally {
      other.close();
    }
    expect(providerStats(db)).toEqual([
      { provider: "r18dev", titles: 7, newestRelease: "2025-05-07", lastChange: 9_000 },
      { provider: "fanza", titles: 5, newestRelease: "2024-01-05", lastChange: 1_000 },
    ]);
  });
});
