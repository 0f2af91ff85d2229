import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { findByContentId, upsertRecords } from "../../../src/catalog/index.js";
import { parseR18Combined } from "../../../src/providers/r18dev/parse.js";
import { importDump } from "../../../src/import/dump/import-dump.js";
import { EXCERPT_PATH } from "./collect.js";
import { tempCatalog } from "../../helpers/build-app.js";
import { snapshot } from "./helpers.js";

const PICS = "https://pics.dmm.co.jp/digital/video/118abw00013/118abw00013";

/** ABW-013 as r18.dev's `.../combined=118abw00013/json` would serve it (written out by hand from the excerpt). */
const COMBINED = {
  content_id: "118abw00013",
  dvd_id: "ABW-013",
  title_en: "You Can't Make A Sound",
  title_ja: "Airi Suzumura",
  comment_en: null,
  comment_ja: null,
  runtime_mins: 182,
  release_date: "2020-10-02",
  sample_url: "https://cc3001.dmm.co.jp/litevideo/freepv/1/118/118abw013/118abw013_dmb_w.mp4",
  maker_id: 40136,
  maker_name_en: "Prestige",
  maker_name_ja: "プレステージ",
  label_id: 2062442,
  label_name_en: "ABSOLUTELY WONDERFUL",
  label_name_ja: "ABSOLUTELY WONDERFUL",
  series_id: 4012940,
  series_name_en: "When You Can't Scream Out...",
  series_name_ja: "声が出せない状況で…",
  jacket_full_url: `${PICS}pl.jpg`,
  jacket_thumb_url: `${PICS}ps.jpg`,
  gallery: Array.from({ length: 12 }, (_, i) => ({ image_full: `${PICS}jp-${i + 1}.jpg`, image_thumb: `${PICS}-${i + 1}.jpg` })),
  actresses: [{ id: 1019076, image_url: "suzumura_airi.jpg", name_kana: "すずむらあいり", name_kanji: "鈴村あいり", name_romaji: "Airi Suzumura" }],
  actors: [],
  authors: [],
  histrions: [],
  categories: [
    { id: 4111, name_en: "Cheating Wife", name_ja: "寝取り・寝取られ・NTR" },
    { id: 5016, name_en: "Squirting", name_ja: "潮吹き" },
  ],
  directors: [{ id: 5001, name_kana: "かんとくめい", name_kanji: "監督名", name_romaji: "Kantoku Mei" }],
  site_id: 2,
  service_code: "digital",
};

describe("import-dump on the real r18.dev excerpt", () => {
  const dump = tempCatalog();
  const live = tempCatalog();
  afterAll(() => {
    dump.db.close();
    live.db.close();
    rmSync(dump.dir, { recursive: true, force: true });
    rmSync(live.dir, { recursive: true, force: true });
  });

  it("gives ABW-013 exactly as the r18dev provider's lookup would", async () => {
    const notes: string[] = [];
    const summary = await importDump(dump.db, EXCERPT_PATH, { onNote: (n) => notes.push(n) });
    expect(summary).toMatchObject({ videos: 1, added: 1, updated: 0, unchanged: 0, actresses: 1, skipped: {} });
    expect(notes).toContainEqual(expect.stringMatching(/table source_dmm_trailer is not used by the import; skipped/));

    // The same title through the provider's parser, written by the ordinary writer: same row, same hash.
    const fromLookup = parseR18Combined(COMBINED);
    upsertRecords(live.db, [fromLookup]);
    expect(snapshot(dump.db)).toEqual(snapshot(live.db));
    const stored = findByContentId(dump.db, "r18dev", "118abw00013");
    expect(stored?.record).toEqual(fromLookup.record);
    expect(stored?.pageUrl).toBe(fromLookup.pageUrl);
  });

  it("joins every table of the excerpt into the record", () => {
    const r = findByContentId(dump.db, "r18dev", "118abw00013")!.record;
    expect(r).toMatchObject({
      dvdId: "ABW-013",
      titleEn: "You Can't Make A Sound",
      runtimeMins: 182,
      releaseDate: "2020-10-02T00:00:00.000Z",
      makers: ["Prestige"],
      label: "ABSOLUTELY WONDERFUL",
      series: "When You Can't Scream Out...",
      categories: ["Cheating Wife", "Squirting"],
      actresses: ["Airi Suzumura"],
      directors: ["Kantoku Mei"],
      jacketFullUrl: `${PICS}pl.jpg`,
      jacketThumbUrl: `${PICS}ps.jpg`,
      site: "FANZA",
      serviceCode: "digital",
    });
    expect(r.extra.actressesRich).toEqual([{ name: "Airi Suzumura", image: "https://pics.dmm.co.jp/mono/actjpgs/suzumura_airi.jpg" }]);
    expect(r.extra.galleryFull).toHaveLength(12);
    expect(r.extra.galleryThumb).toHaveLength(12);
    expect(r.extra.galleryFull[11]).toBe(`${PICS}jp-12.jpg`);
    expect(r.extra.galleryThumb[0]).toBe(`${PICS}-1.jpg`);
  });
});
