/**
 * buildNfo on edge records (no date, no series, no cast, text XML cannot hold as it is,
 * a missing language, empty fields, ratings out of range): every NFO is well-formed and
 * says what the record says, leaving out what it does not.
 */
import { describe, expect, it } from "vitest";
import { makeIngest } from "../../helpers/build-app.js";
import { build, expectFields, list, type Node, parseNfo } from "./read-nfo.js";

describe("buildNfo on edge records", () => {
  const edge = makeIngest;

  it("leaves out the date, the set and the cast when the record has none", () => {
    const t = edge({ releaseDate: "", series: null, actresses: [], extra: { actressesRich: [], sampleUrl: null, galleryFull: [], galleryThumb: [] } });
    const nfo = parseNfo(build(t));
    expect(nfo.premiered).toBeUndefined();
    expect(nfo.year).toBeUndefined();
    expect(nfo.set).toBeUndefined();
    expect(nfo.actor).toBeUndefined();
    expectFields(nfo, t, "ja");
  });

  it("escapes & < > \" ' and drops the characters XML 1.0 forbids, so the file stays well-formed", () => {
    const nasty = `Tom & Jerry <live> "quoted" 'single'\u0001\u0007 \u000b\u001f\u007f\u0085 end \ud800`;
    const t = edge({ titleJa: nasty, titleEn: nasty, commentJa: `line 1\nline 2 & <b>\u0000`, series: "A & B", label: "<L>", actresses: ["O'Hara"] });
    const xml = build(t);
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\ud800/);
    const nfo = parseNfo(xml);
    expect(nfo.title).toBe(`Tom & Jerry <live> "quoted" 'single'  end`);
    expect(nfo.plot).toBe("line 1\nline 2 & <b>");
    expect(nfo.set).toEqual({ name: "A & B" });
    expect(list(nfo.tag)).toContain("<L>");
    expect((list(nfo.actor) as Node[])[0].name).toBe("O'Hara");
    expect(xml).toContain("<title>Tom &amp; Jerry &lt;live&gt; &quot;quoted&quot; &apos;single&apos;  end</title>");
  });

  it("takes the title in MEDIA_LANGUAGE, each language falling back to the other, the code when both are empty", () => {
    const noEnglish = edge({ titleEn: "", commentEn: null, commentJa: "説明" });
    expect(parseNfo(build(noEnglish, "en")).title).toBe("日本語のタイトル");
    expect(parseNfo(build(noEnglish, "en")).plot).toBe("説明");
    const noJapanese = edge({ titleJa: " ", commentEn: "About" });
    expect(parseNfo(build(noJapanese, "ja")).title).toBe("An English Title");
    expect(parseNfo(build(noJapanese, "ja")).originaltitle).toBeUndefined();
    expect(parseNfo(build(edge({ titleJa: "", titleEn: "" }))).title).toBe("ABP-123");
    const both = edge({ commentEn: "About", commentJa: "説明" });
    expect(parseNfo(build(both, "ja")).plot).toBe("説明");
    expect(parseNfo(build(both, "en")).plot).toBe("About");
    for (const t of [noEnglish, noJapanese, both]) for (const lang of ["ja", "en"] as const) expectFields(parseNfo(build(t, lang)), t, lang);
  });

  it("omits a zero runtime, an empty plot, missing pictures and each empty name; names appear once", () => {
    const t = edge({
      runtimeMins: 0,
      jacketFullUrl: "",
      jacketThumbUrl: "",
      categories: ["Drama", "Drama"],
      label: "Prestige",
      makers: ["Prestige"],
      directors: ["A", "A"],
    });
    const nfo = parseNfo(build(t));
    expect(nfo.runtime).toBeUndefined();
    expect(nfo.plot).toBeUndefined();
    expect(nfo.thumb).toBeUndefined();
    expect(nfo.fanart).toBeUndefined();
    expect(list(nfo.genre)).toEqual(["Drama"]);
    expect(list(nfo.tag)).toEqual(["Prestige"]);
    expect(list(nfo.director)).toEqual(["A"]);
  });

  it("gives each actress her picture when the record has one, in the record's order", () => {
    const t = edge({
      actresses: ["B", "A"],
      extra: {
        actressesRich: [
          { name: "A", image: "https://pics.dmm.co.jp/mono/actjpgs/a.jpg" },
          { name: "B", image: null },
        ],
        sampleUrl: null,
        galleryFull: [],
        galleryThumb: [],
      },
    });
    expect(list(parseNfo(build(t)).actor)).toEqual([
      { name: "B", role: "女優", order: "0" },
      { name: "A", role: "女優", order: "1", thumb: "https://pics.dmm.co.jp/mono/actjpgs/a.jpg" },
    ]);
  });

  it("clamps an average over 5, rounds to two decimals, and writes none at 0 or below (no reviews on a 1-5 scale)", () => {
    const ratings = (avg: number) => parseNfo(build(edge({}, { ratingAvg: avg }))).ratings as Node | undefined;
    const value = (avg: number) => ((ratings(avg) as Node).rating as Node).value;
    expect(value(4.236)).toBe("8.47");
    expect(value(7)).toBe("10");
    expect(ratings(0)).toBeUndefined();
    expect(ratings(-1)).toBeUndefined();
    expect(ratings(Number.NaN)).toBeUndefined();
  });
});
