import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { SAMPLES } from "../helpers/sample-server.js";
import { describe, expect, it } from "vitest";
import { ProviderParseError } from "../../src/providers/errors.js";
import { parseR18Combined, parseR18DvdIdLookup } from "../../src/providers/r18dev/parse.js";
import { validateIngestRecord } from "../../src/model/validate.js";

const DIR = path.resolve(SAMPLES, "r18dev");

function sample(name: string): unknown {
  const file = path.join(DIR, name);
  if (!existsSync(file)) throw new Error(`provider sample missing: ${file} (tests run from /work/main)`);
  return JSON.parse(readFileSync(file, "utf8"));
}

function clone<T>(v: T): T {
  return structuredClone(v);
}

describe("r18dev samples", () => {
  it("has the JSON samples this suite covers (and no unknown ones)", () => {
    if (!existsSync(DIR)) throw new Error(`provider samples missing: ${DIR}`);
    const json = readdirSync(DIR)
      .filter((f) => f.endsWith(".json"))
      .sort();
    expect(json).toEqual(["combined-ROYD-191.trimmed-fixture.json", "combined-SNIS-217.json", "dvd_id-lookup-IPX-535.fixture.json"]);
  });
});

describe("parseR18DvdIdLookup", () => {
  it("reads the content id of the recorded lookup", () => {
    expect(parseR18DvdIdLookup(sample("dvd_id-lookup-IPX-535.fixture.json"))).toEqual({ contentId: "1ipx00535" });
  });

  it("tolerates an array of lookups and trims", () => {
    expect(parseR18DvdIdLookup([{ content_id: " 1ipx00535 " }])).toEqual({ contentId: "1ipx00535" });
    expect(parseR18DvdIdLookup([{ content_id: null }, { content_id: "abc00001" }])).toEqual({ contentId: "abc00001" });
  });

  it("returns null for no match", () => {
    expect(parseR18DvdIdLookup({ content_id: null })).toBeNull();
    expect(parseR18DvdIdLookup({ content_id: "" })).toBeNull();
    expect(parseR18DvdIdLookup([])).toBeNull();
    expect(parseR18DvdIdLookup([{ content_id: null }])).toBeNull();
  });

  it.each([
    ["null", null],
    ["empty object", {}],
    ["HTML", "<!DOCTYPE html><html><title>Just a moment...</title></html>"],
    ["number", 42],
    ["array of junk", [1, 2]],
    ["non-string id", { content_id: 12345 }],
    ["object id", { content_id: { x: 1 } }],
  ])("throws ProviderParseError on %s", (_label, input) => {
    expect(() => parseR18DvdIdLookup(input)).toThrow(ProviderParseError);
  });
});

describe("parseR18Combined: SNIS-217 (real capture)", () => {
  const r = parseR18Combined(sample("combined-SNIS-217.json"));
  const rec = r.record;

  it("passes validation", () => {
    expect(validateIngestRecord(r)).toEqual([]);
  });

  it("maps the identity and provider fields", () => {
    expect(r.provider).toBe("r18dev");
    expect(rec.contentId).toBe("snis00217");
    expect(rec.dvdId).toBe("SNIS-217");
    expect(r.pageUrl).toBe("https://r18.dev/videos/vod/movies/detail/-/id=snis00217/");
    expect(r.censored).toBe(true);
    expect(r.ratingAvg).toBeNull();
    expect(r.ratingCount).toBeNull();
    expect(r.popularity).toBeNull();
  });

  it("maps titles, comments, runtime and date", () => {
    expect(rec.titleEn).toBe("Gross Guys on Hot Babes!");
    expect(rec.titleJa).toBe("ラブ◆キモメン ティア");
    expect(rec.commentEn).toMatch(/^Exotic and beautiful young girl Tia makes her long-awaited appearance/);
    expect(rec.commentEn).toMatch(/creepy men's cocks\.$/);
    expect(rec.commentJa).toBeNull();
    expect(rec.runtimeMins).toBe(154);
    expect(rec.releaseDate).toBe("2014-08-19T00:00:00.000Z");
  });

  it("maps studio names in English", () => {
    expect(rec.makers).toEqual(["S1 NO.1 STYLE"]);
    expect(rec.label).toBe("S1 NO.1 STYLE");
    expect(rec.series).toBe("Love - Dirty Man");
    expect(rec.categories).toEqual(["Big Tits", "Orgy", "Featured Actress", "Facial", "Minimal Mosaic", "Hi-Def", "Exclusive Distribution"]);
  });

  it("maps people in romaji", () => {
    expect(rec.actresses).toEqual(["Tia"]);
    expect(rec.actors).toEqual([]);
    expect(rec.directors).toEqual(["pochomquin"]);
    expect(rec.authors).toEqual([]);
    expect(rec.extra.actressesRich).toEqual([{ name: "Tia", image: "https://pics.dmm.co.jp/mono/actjpgs/tia.jpg" }]);
  });

  it("keeps the Japanese names as alternatives", () => {
    expect(r.altNames).toEqual({
      actress: ["ティア"],
      director: ["ポチョムキン"],
      maker: ["エスワン ナンバーワンスタイル"],
      // label_name_ja equals the English name: nothing to add.
      series: ["ラブ◆キモメン"],
      genre: ["巨乳", "乱交", "単体作品", "顔射", "ギリモザ", "ハイビジョン", "独占配信"],
    });
  });

  it("maps images, sample and site", () => {
    expect(rec.jacketFullUrl).toBe("https://pics.dmm.co.jp/digital/video/snis00217/snis00217pl.jpg");
    expect(rec.jacketThumbUrl).toBe("https://pics.dmm.co.jp/digital/video/snis00217/snis00217ps.jpg");
    expect(rec.extra.sampleUrl).toBe("https://cc3001.dmm.co.jp/litevideo/freepv/s/sni/snis00217/snis00217_dmb_w.mp4");
    expect(rec.extra.galleryFull).toHaveLength(10);
    expect(rec.extra.galleryThumb).toHaveLength(10);
    expect(rec.extra.galleryFull[0]).toBe("https://pics.dmm.co.jp/digital/video/snis00217/snis00217jp-1.jpg");
    expect(rec.extra.galleryFull[9]).toBe("https://pics.dmm.co.jp/digital/video/snis00217/snis00217jp-10.jpg");
    expect(rec.extra.galleryThumb[0]).toBe("https://pics.dmm.co.jp/digital/video/snis00217/snis00217-1.jpg");
    expect(rec.extra.galleryThumb[9]).toBe("https://pics.dmm.co.jp/digital/video/snis00217/snis00217-10.jpg");
    expect(rec.site).toBe("FANZA");
    expect(rec.serviceCode).toBe("digital");
  });

  it("has exactly the wire fields", () => {
    expect(Object.keys(rec).sort()).toEqual([
      "actors",
      "actresses",
      "authors",
      "categories",
      "commentEn",
      "commentJa",
      "contentId",
      "directors",
      "dvdId",
      "extra",
      "jacketFullUrl",
      "jacketThumbUrl",
      "label",
      "makers",
      "releaseDate",
      "runtimeMins",
      "series",
      "serviceCode",
      "site",
      "titleEn",
      "titleJa",
    ]);
  });
});

describe("parseR18Combined: ROYD-191 (trimmed fixture)", () => {
  const r = parseR18Combined(sample("combined-ROYD-191.trimmed-fixture.json"));
  const rec = r.record;

  it("passes validation", () => {
    expect(validateIngestRecord(r)).toEqual([]);
  });

  it("falls back to the Japanese maker name when maker_name_en is null", () => {
    expect(rec.makers).toEqual(["ROYAL"]);
    expect(r.altNames.maker).toBeUndefined();
  });

  it("maps the rest", () => {
    expect(rec.contentId).toBe("royd191");
    expect(rec.dvdId).toBe("ROYD-191");
    expect(rec.titleEn).toBe("The Relationship With His Brother And Sister-in-law Was Supposed To Be Just Kissing...");
    expect(rec.titleJa).toMatch(/^兄嫁とキスだけの関係…のはずが/);
    expect(rec.commentEn).toBeNull();
    expect(rec.runtimeMins).toBe(130);
    expect(rec.releaseDate).toBe("2024-07-23T00:00:00.000Z");
    expect(rec.label).toBe("HHH Group");
    expect(rec.series).toBe("I Was Supposed To Have A Kissing Relationship With My Brother And Sister-in-law...");
    expect(rec.categories).toEqual(["Young Wife", "Married Woman"]);
    expect(rec.actresses).toEqual(["Momo Shiraishi"]);
    expect(rec.directors).toEqual(["Kawajiri"]);
    expect(rec.extra.actressesRich).toEqual([{ name: "Momo Shiraishi", image: "https://pics.dmm.co.jp/mono/actjpgs/siraisi_momo3.jpg" }]);
    expect(r.altNames).toEqual({
      actress: ["白石もも"],
      director: ["川尻"],
      label: ["HHHグループ"],
      series: ["兄嫁とキスだけの関係…のはずが"],
      genre: ["若妻・幼妻", "人妻・主婦"],
    });
    expect(r.censored).toBe(true);
  });

  it("derives what the trimmed fixture lacks", () => {
    expect(rec.jacketFullUrl).toBe("https://pics.dmm.co.jp/mono/movie/adult/royd191/royd191pl.jpg");
    // No jacket_thumb_url: DMM's thumbnail sits beside the jacket as ...ps.jpg.
    expect(rec.jacketThumbUrl).toBe("https://pics.dmm.co.jp/mono/movie/adult/royd191/royd191ps.jpg");
    expect(rec.serviceCode).toBe("mono"); // no service_code: from the /mono/ jacket
    expect(rec.site).toBe("FANZA"); // no site_id
    expect(rec.extra.galleryFull).toEqual(["https://pics.dmm.co.jp/digital/video/royd00191/royd00191-1.jpg"]);
    expect(rec.extra.galleryThumb).toEqual(["https://pics.dmm.co.jp/digital/video/royd00191/royd00191-1.jpg"]);
    expect(rec.extra.sampleUrl).toBe("https://cc3001.dmm.co.jp/litevideo/freepv/r/roy/royd00191/royd00191hhb.mp4");
  });
});

describe("parseR18Combined: source quirks", () => {
  const base = sample("combined-SNIS-217.json") as Record<string, unknown>;

  it("prefers title_en_uncensored over the masked title_en", () => {
    const r = parseR18Combined({ ...clone(base), title_en: "F***ing Title", title_en_uncensored: "Fucking Title" });
    expect(r.record.titleEn).toBe("Fucking Title");
    const masked = parseR18Combined({ ...clone(base), title_en: "F***ing Title", title_en_uncensored: "" });
    expect(masked.record.titleEn).toBe("F***ing Title");
  });

  it("trims English strings but leaves them otherwise as given", () => {
    const r = parseR18Combined({ ...clone(base), title_en: "  gross GUYS  ", title_en_uncensored: null, label_name_en: " s1 " });
    expect(r.record.titleEn).toBe("gross GUYS");
    expect(r.record.label).toBe("s1");
  });

  it("reads runtime strings and null runtime", () => {
    expect(parseR18Combined({ ...clone(base), runtime_mins: "120" }).record.runtimeMins).toBe(120);
    expect(parseR18Combined({ ...clone(base), runtime_mins: null }).record.runtimeMins).toBe(0);
  });

  it("is null-safe on missing optional fields", () => {
    const r = parseR18Combined({
      ...clone(base),
      actresses: null,
      actors: undefined,
      directors: null,
      authors: null,
      categories: null,
      gallery: null,
      maker_name_en: null,
      maker_name_ja: null,
      label_name_en: "",
      label_name_ja: null,
      series_name_en: null,
      series_name_ja: null,
      comment_en: "",
      sample_url: null,
      service_code: null,
      site_id: null,
    });
    expect(validateIngestRecord(r)).toEqual([]);
    expect(r.record.makers).toEqual([]);
    expect(r.record.label).toBe("");
    expect(r.record.series).toBeNull();
    expect(r.record.actresses).toEqual([]);
    expect(r.record.categories).toEqual([]);
    expect(r.record.commentEn).toBeNull();
    expect(r.record.extra).toEqual({ actressesRich: [], sampleUrl: null, galleryFull: [], galleryThumb: [] });
    expect(r.record.serviceCode).toBe("digital");
    expect(r.record.site).toBe("FANZA");
    expect(r.altNames).toEqual({});
  });

  it("falls back to kanji when romaji is missing, keeps absolute images, null when no image", () => {
    const r = parseR18Combined({
      ...clone(base),
      actresses: [
        { id: 1, image_url: "https://example.com/a.jpg", name_kanji: "ティア", name_romaji: null },
        { id: 2, image_url: null, name_kanji: "白石もも", name_romaji: "Momo Shiraishi" },
        { id: 3, image_url: "", name_kanji: null, name_romaji: "" },
      ],
    });
    expect(r.record.actresses).toEqual(["ティア", "Momo Shiraishi"]);
    expect(r.record.extra.actressesRich).toEqual([
      { name: "ティア", image: "https://example.com/a.jpg" },
      { name: "Momo Shiraishi", image: null },
    ]);
    expect(r.altNames.actress).toEqual(["白石もも"]);
  });

  it("normalises dvd_id and falls back to the content id", () => {
    expect(parseR18Combined({ ...clone(base), dvd_id: "snis217" }).record.dvdId).toBe("SNIS-217");
    expect(parseR18Combined({ ...clone(base), dvd_id: null }).record.dvdId).toBe("SNIS-217");
  });

  it("marks uncensored codes as such", () => {
    const r = parseR18Combined({ ...clone(base), dvd_id: "HEYZO-1234", content_id: "heyzo1234" });
    expect(r.record.dvdId).toBe("HEYZO-1234");
    expect(r.censored).toBe(false);
  });

  it("makes relative dump-style image paths absolute", () => {
    const r = parseR18Combined({
      ...clone(base),
      jacket_full_url: "digital/video/118abw00013/118abw00013pl",
      jacket_thumb_url: "digital/video/118abw00013/118abw00013ps",
    });
    expect(r.record.jacketFullUrl).toBe("https://pics.dmm.co.jp/digital/video/118abw00013/118abw00013pl.jpg");
    expect(r.record.jacketThumbUrl).toBe("https://pics.dmm.co.jp/digital/video/118abw00013/118abw00013ps.jpg");
  });
});

describe("parseR18Combined: malformed payloads never look like records", () => {
  const base = sample("combined-SNIS-217.json") as Record<string, unknown>;

  it.each([
    ["null", null],
    ["empty array", []],
    ["empty object", {}],
    ["HTML page", "<html><body>Attention Required! | Cloudflare</body></html>"],
    ["array of records", [base]],
    ["the lookup shape", { content_id: "1ipx00535" }],
    ["no content id", { ...base, content_id: null }],
    ["no titles", { ...base, title_en: null, title_en_uncensored: null, title_ja: "" }],
  ])("throws ProviderParseError on %s", (_label, input) => {
    expect(() => parseR18Combined(clone(input))).toThrow(ProviderParseError);
  });
});

describe("parseR18Combined: a title is kept whatever field its source leaves out", () => {
  const base = sample("combined-SNIS-217.json") as Record<string, unknown>;

  it.each([
    ["no release date", { release_date: null }, { releaseDate: "" }],
    ["a garbled release date", { release_date: "19 Aug 2014" }, { releaseDate: "" }],
    ["an impossible release date", { release_date: "2014-02-31" }, { releaseDate: "" }],
    ["no jacket", { jacket_full_url: null, jacket_thumb_url: null }, { jacketFullUrl: "", jacketThumbUrl: "" }],
  ])('%s: the field is "", the rest as the source has it', (_label, change, expected) => {
    const r = parseR18Combined(clone({ ...base, ...change }));
    expect(r.record).toMatchObject(expected);
    expect(r.record.contentId).toBe(base.content_id);
    expect(r.record.titleJa).toBe(base.title_ja);
  });
});
