import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { SAMPLES } from "../helpers/sample-server.js";
import { describe, expect, it } from "vitest";
import type { IngestRecord } from "../../src/model/record.js";
import { ProviderParseError } from "../../src/providers/errors.js";
import { FanzaApiError, parseFanzaItem, parseFanzaItemList } from "../../src/providers/fanza/parse.js";
import { validateIngestRecord } from "../../src/model/validate.js";

const DIR = path.resolve(SAMPLES, "fanza-api");

type Obj = Record<string, any>;

function sample(name: string): Obj {
  const file = path.join(DIR, name);
  if (!existsSync(file)) throw new Error(`provider sample missing: ${file} (tests run from /work/main)`);
  return JSON.parse(readFileSync(file, "utf8")) as Obj;
}

/** A lone item as the API would send it: inside a one-item ItemList envelope. */
function envelope(items: unknown[], result: Obj = {}): Obj {
  return {
    request: { parameters: { site: "FANZA", hits: String(items.length) } },
    result: { status: 200, result_count: items.length, total_count: items.length, first_position: 1, items, ...result },
  };
}

function only(page: ReturnType<typeof parseFanzaItemList>): IngestRecord {
  expect(page.skipped).toEqual([]);
  expect(page.items).toHaveLength(1);
  return page.items[0];
}

function allValid(page: ReturnType<typeof parseFanzaItemList>): void {
  for (const r of page.items) expect(validateIngestRecord(r)).toEqual([]);
}

describe("fanza samples", () => {
  it("has the samples this suite covers (and no unknown ones)", () => {
    if (!existsSync(DIR)) throw new Error(`provider samples missing: ${DIR}`);
    expect(readdirSync(DIR).sort()).toEqual([
      "item-digital-videoa-sone00708.json",
      "item-mono-dvd-tkmird261.json",
      "itemlist-digital-videoa-mide00799.json",
      "itemlist-legacy-2018-mono-dvd-and-digital-videoa.json",
    ]);
  });
});

describe("parseFanzaItemList: mide00799 (current envelope)", () => {
  const page = parseFanzaItemList(sample("itemlist-digital-videoa-mide00799.json"));
  const r = only(page);
  const rec = r.record;

  it("reads the page counters", () => {
    expect(page.totalCount).toBe(1400);
    expect(page.firstPosition).toBe(1);
    expect(page.resultCount).toBe(1);
    allValid(page);
  });

  it("maps identity, titles, runtime and date", () => {
    expect(r.provider).toBe("fanza");
    expect(rec.contentId).toBe("mide00799");
    expect(rec.dvdId).toBe("MIDE-799");
    expect(rec.titleJa).toBe("友達の妹が常にノーブラぽろり！！可愛すぎるビンビン乳首をこねくりたい 七沢みあ");
    expect(rec.titleEn).toBe("");
    expect(rec.commentEn).toBeNull();
    expect(rec.commentJa).toBeNull();
    expect(rec.runtimeMins).toBe(179);
    expect(rec.releaseDate).toBe("2020-07-11T00:00:00.000Z");
    expect(r.censored).toBe(true);
  });

  it("maps iteminfo", () => {
    expect(rec.makers).toEqual(["ムーディーズ"]);
    expect(rec.label).toBe("MOODYZ DIVA");
    expect(rec.series).toBe("友達の妹が常にノーブラぽろり！！可愛すぎるビンビン乳首をこねくりたい");
    expect(rec.categories).toEqual(["ハイビジョン", "独占配信", "顔射", "貧乳・微乳", "美乳", "その他フェチ", "美少女", "デジモ", "単体作品"]);
    expect(rec.actresses).toEqual(["七沢みあ"]);
    expect(rec.actors).toEqual([]);
    expect(rec.directors).toEqual(["五右衛門"]);
    expect(rec.authors).toEqual([]);
    expect(rec.extra.actressesRich).toEqual([{ name: "七沢みあ", image: null }]);
    expect(r.altNames).toEqual({ actress: ["ななさわみあ"], director: ["ごえもん"] });
  });

  it("maps images, sample, site, review and page", () => {
    expect(rec.jacketFullUrl).toBe("https://pics.dmm.co.jp/digital/video/mide00799/mide00799pl.jpg");
    expect(rec.jacketThumbUrl).toBe("https://pics.dmm.co.jp/digital/video/mide00799/mide00799ps.jpg");
    expect(rec.extra.galleryFull).toHaveLength(10);
    expect(rec.extra.galleryFull[0]).toBe("https://pics.dmm.co.jp/digital/video/mide00799/mide00799jp-1.jpg");
    expect(rec.extra.galleryThumb).toHaveLength(10);
    expect(rec.extra.galleryThumb[9]).toBe("https://pics.dmm.co.jp/digital/video/mide00799/mide00799-10.jpg");
    // Largest size, without the crawler's affiliate id.
    expect(rec.extra.sampleUrl).toBe("https://www.dmm.co.jp/litevideo/-/part/=/cid=mide00799/size=720_480/");
    expect(rec.site).toBe("FANZA");
    expect(rec.serviceCode).toBe("digital");
    expect(r.ratingAvg).toBe(4.84);
    expect(r.ratingCount).toBe(91);
    expect(r.popularity).toBeNull();
    expect(r.pageUrl).toBe("https://video.dmm.co.jp/av/content/?id=mide00799");
  });

  it("reads counters and numbers sent as strings", () => {
    const json = sample("itemlist-digital-videoa-mide00799.json");
    Object.assign(json.result, { status: "200", result_count: "1", total_count: "1400", first_position: "1" });
    json.result.items[0].review = { count: "91", average: "4.84" };
    const p = parseFanzaItemList(json);
    expect([p.totalCount, p.firstPosition, p.resultCount]).toEqual([1400, 1, 1]);
    expect(only(p).ratingCount).toBe(91);
    expect(only(p).ratingAvg).toBe(4.84);
  });
});

describe("parseFanzaItemList: one broken item", () => {
  it("a content id of broken text (a lone surrogate) fails that item alone; the page's others are read", () => {
    const good = sample("item-digital-videoa-sone00708.json");
    const broken = { ...sample("item-digital-videoa-sone00708.json"), content_id: "sone\uD83D00708", product_id: "sone\uD83D00708" };
    delete (broken as { URL?: string }).URL;
    const page = parseFanzaItemList(envelope([broken, good]));
    expect(page.items.map((i) => i.record.contentId)).toEqual(["sone00708"]);
    expect(page.skipped).toHaveLength(1);
    expect(page.skipped[0].reason).toMatch(/is not well-formed text/);
  });
});

describe("parseFanzaItem: sone00708 (digital item)", () => {
  const item = sample("item-digital-videoa-sone00708.json");
  const r = only(parseFanzaItemList(envelope([item])));
  const rec = r.record;

  it("is the same record whether parsed alone or in an envelope", () => {
    expect(parseFanzaItem(item)).toEqual(r);
    expect(validateIngestRecord(r)).toEqual([]);
  });

  it("maps every field", () => {
    expect(rec.contentId).toBe("sone00708");
    expect(rec.dvdId).toBe("SONE-708");
    expect(rec.titleJa).toBe("村上悠華を【強力媚薬】でぶっ壊したい。この肉体がイキ跳ねて大痙攣するエビ反り超媚薬漬けアクメ");
    expect(rec.runtimeMins).toBe(120);
    expect(rec.releaseDate).toBe("2025-06-06T00:00:00.000Z");
    expect(rec.makers).toEqual(["エスワン ナンバーワンスタイル"]);
    expect(rec.label).toBe("S1 NO.1 STYLE");
    expect(rec.series).toBeNull();
    expect(rec.categories).toEqual(["ハイビジョン", "4K", "独占配信", "淫乱・ハード系", "3P・4P", "アクメ・オーガズム"]);
    expect(rec.actresses).toEqual(["村上悠華"]);
    expect(rec.directors).toEqual(["苺原"]);
    expect(r.altNames).toEqual({ actress: ["むらかみゆか"], director: ["いちごはら"] });
    expect(rec.extra.galleryFull).toHaveLength(5);
    expect(rec.extra.galleryThumb).toHaveLength(5);
    expect(rec.extra.sampleUrl).toBe("https://www.dmm.co.jp/litevideo/-/part/=/cid=sone00708/size=720_480/");
    expect(r.ratingAvg).toBe(5);
    expect(r.ratingCount).toBe(14);
    expect(rec.serviceCode).toBe("digital");
    expect(r.pageUrl).toBe("https://video.dmm.co.jp/av/content/?id=sone00708");
  });
});

describe("parseFanzaItem: tkmird261 (mono DVD item)", () => {
  const r = parseFanzaItem(sample("item-mono-dvd-tkmird261.json"));
  const rec = r.record;

  it("passes validation", () => {
    expect(validateIngestRecord(r)).toEqual([]);
  });

  it("takes the code from maker_product", () => {
    expect(rec.contentId).toBe("tkmird261");
    expect(rec.dvdId).toBe("TKMIRD-261");
  });

  it("maps the mono specifics", () => {
    expect(rec.serviceCode).toBe("mono");
    expect(rec.site).toBe("FANZA");
    expect(r.pageUrl).toBe("https://www.dmm.co.jp/mono/dvd/-/detail/=/cid=tkmird261/");
    expect(rec.jacketFullUrl).toBe("https://pics.dmm.co.jp/mono/movie/adult/tkmird261/tkmird261pl.jpg");
    expect(rec.jacketThumbUrl).toBe("https://pics.dmm.co.jp/mono/movie/adult/tkmird261/tkmird261ps.jpg");
    expect(rec.extra.galleryFull).toEqual([]); // sample_s only
    expect(rec.extra.galleryThumb).toHaveLength(9);
    expect(rec.extra.galleryThumb[0]).toBe("https://pics.dmm.co.jp/digital/video/mird00261/mird00261-1.jpg");
    expect(rec.extra.sampleUrl).toBeNull(); // no sampleMovieURL
    expect(rec.runtimeMins).toBe(160);
    expect(rec.releaseDate).toBe("2025-08-20T00:00:00.000Z");
    expect(r.ratingAvg).toBe(5); // a number here, not a string
    expect(r.ratingCount).toBe(7);
  });

  it("maps the people", () => {
    expect(rec.actresses).toEqual(["水原みその", "小梅えな", "羽月乃蒼", "小坂ひまり"]);
    expect(rec.extra.actressesRich).toEqual(rec.actresses.map((name) => ({ name, image: null })));
    expect(r.altNames.actress).toEqual(["みずはらみその", "こうめえな", "はるなのあ", "こさかひまり"]);
    expect(rec.directors).toEqual(["ZAMPA"]);
    expect(r.altNames.director).toEqual(["ざんぱ"]);
    expect(rec.makers).toEqual(["ムーディーズ"]);
    expect(rec.label).toBe("MOODYZ REAL");
    expect(rec.categories).toHaveLength(7);
  });
});

describe("parseFanzaItemList: legacy 2018 envelope", () => {
  const page = parseFanzaItemList(sample("itemlist-legacy-2018-mono-dvd-and-digital-videoa.json"));

  it("reads both items", () => {
    expect(page.totalCount).toBe(50000);
    expect(page.firstPosition).toBe(1000);
    expect(page.resultCount).toBe(2);
    expect(page.skipped).toEqual([]);
    expect(page.items.map((r) => r.record.contentId)).toEqual(["juy553", "1hawa00124"]);
    allValid(page);
  });

  it("keeps exactly the real actresses (ruby and classify entries are not names)", () => {
    const juy = page.items[0];
    expect(juy.record.actresses).toEqual(["壇えみ"]);
    expect(juy.record.extra.actressesRich).toEqual([{ name: "壇えみ", image: null }]);
    expect(juy.altNames.actress).toEqual(["だんえみ"]);
    expect(juy.record.directors).toEqual(["豆沢豆太郎"]);
    expect(juy.altNames.director).toEqual(["まめざわまめたろう"]);
  });

  it("maps the mono DVD item", () => {
    const r = page.items[0];
    expect(r.record.dvdId).toBe("JUY-553");
    expect(r.record.serviceCode).toBe("mono");
    expect(r.record.runtimeMins).toBe(120);
    expect(r.record.releaseDate).toBe("2018-07-25T00:00:00.000Z");
    expect(r.record.makers).toEqual(["マドンナ"]);
    expect(r.record.label).toBe("Madonna");
    expect(r.record.series).toBeNull();
    expect(r.record.categories).toHaveLength(8);
    expect(r.ratingAvg).toBeNull(); // no review block
    expect(r.ratingCount).toBeNull();
    expect(r.record.extra.sampleUrl).toBeNull();
    expect(r.record.extra.galleryFull).toEqual([]);
    expect(r.record.extra.galleryThumb).toHaveLength(10);
    expect(r.pageUrl).toBe("http://www.dmm.co.jp/mono/dvd/-/detail/=/cid=juy553/");
    expect(r.record.site).toBe("FANZA"); // the API's "DMM.R18" is FANZA's old name
  });

  it("maps the digital item without actresses", () => {
    const r = page.items[1];
    expect(r.record.dvdId).toBe("HAWA-124");
    expect(r.record.actresses).toEqual([]);
    expect(r.record.extra.actressesRich).toEqual([]);
    expect(r.altNames).toEqual({ director: ["ながせはわい"] });
    expect(r.record.directors).toEqual(["長瀬ハワイ"]);
    expect(r.record.series).toBe("夫に内緒で他人棒SEX");
    expect(r.record.label).toBe("コスモス映像（ソフトオンデマンド）");
    expect(r.record.runtimeMins).toBe(244);
    expect(r.record.releaseDate).toBe("2017-12-07T00:00:00.000Z");
    expect(r.ratingAvg).toBe(3.6);
    expect(r.ratingCount).toBe(5);
    expect(r.record.extra.galleryThumb).toHaveLength(20);
    expect(r.record.extra.sampleUrl).toBe("http://www.dmm.co.jp/litevideo/-/part/=/cid=1hawa00124/size=720_480/");
  });
});

describe("parseFanzaItem: source quirks", () => {
  const base = sample("item-digital-videoa-sone00708.json");
  const parse = (patch: Obj) => parseFanzaItem({ ...structuredClone(base), ...patch });

  it.each([
    ["120", 120],
    ["120分", 120],
    ["01:59:00", 119],
    ["02:00:40", 121],
    [95, 95],
    [null, 0],
    ["", 0],
    ["unknown", 0],
  ])("runtime from volume %j", (volume, minutes) => {
    expect(parse({ volume }).record.runtimeMins).toBe(minutes);
  });

  it("takes the JST calendar day of the date", () => {
    expect(parse({ date: "2025-08-08 10:00:00" }).record.releaseDate).toBe("2025-08-08T00:00:00.000Z");
    expect(parse({ date: "2025-08-08 00:00:00" }).record.releaseDate).toBe("2025-08-08T00:00:00.000Z");
    expect(parse({ date: "2025-08-08" }).record.releaseDate).toBe("2025-08-08T00:00:00.000Z");
    // With a zone it is converted: 16:00 UTC is already the next day in Japan.
    expect(parse({ date: "2025-08-07T16:00:00Z" }).record.releaseDate).toBe("2025-08-08T00:00:00.000Z");
  });

  it("uses product_id when content_id is missing, and a description as the comment", () => {
    const r = parse({ content_id: undefined, product_id: "sone00708", comment: " 説明文 " });
    expect(r.record.contentId).toBe("sone00708");
    expect(r.record.commentJa).toBe("説明文");
  });

  it("takes the largest sample movie and the list image when small is missing", () => {
    const r = parse({
      sampleMovieURL: { size_476_306: "https://x.example/a/", size_644_414: "https://x.example/b/", pc_flag: 1 },
      imageURL: { list: "https://pics.dmm.co.jp/x/xpt.jpg", large: "https://pics.dmm.co.jp/x/xpl.jpg" },
    });
    expect(r.record.extra.sampleUrl).toBe("https://x.example/b/");
    expect(r.record.jacketThumbUrl).toBe("https://pics.dmm.co.jp/x/xpt.jpg");
  });

  it("accepts single objects where lists are expected", () => {
    const r = parse({ iteminfo: { actress: { id: 1, name: "村上悠華", ruby: "むらかみゆか" }, maker: { id: 2, name: "S1" } } });
    expect(r.record.actresses).toEqual(["村上悠華"]);
    expect(r.record.makers).toEqual(["S1"]);
    expect(r.record.label).toBe("");
    expect(r.record.categories).toEqual([]);
  });

  it("treats a zero-count review as no rating", () => {
    const r = parse({ review: { count: 0, average: "0.00" } });
    expect(r.ratingCount).toBe(0);
    expect(r.ratingAvg).toBeNull();
  });
});

describe("parseFanzaItemList: failures", () => {
  const good = sample("item-digital-videoa-sone00708.json");

  it("throws FanzaApiError on an error envelope", () => {
    const bad = {
      request: { parameters: { api_id: "x", affiliate_id: "y" } },
      result: { status: 400, message: "BAD REQUEST", errors: { parameter: "site", value: "invalid" } },
    };
    expect(() => parseFanzaItemList(bad)).toThrow(FanzaApiError);
    try {
      parseFanzaItemList(bad);
    } catch (err) {
      expect(err).toBeInstanceOf(FanzaApiError);
      expect((err as FanzaApiError).status).toBe(400);
      expect((err as FanzaApiError).retryable).toBe(false);
      expect((err as Error).message).toContain("BAD REQUEST");
      expect((err as Error).message).toContain("site");
    }
  });

  it.each([
    ["status as string", { status: "500", message: "INTERNAL SERVER ERROR" }],
    ["message with status 200", { status: 200, message: "login error", items: [] }],
    ["errors array", { status: 200, errors: [{ message: "x" }], items: [] }],
    ["error status without message", { status: 401 }],
  ])("throws FanzaApiError on %s", (_label, result) => {
    expect(() => parseFanzaItemList({ request: {}, result })).toThrow(FanzaApiError);
  });

  it("marks server errors retryable", () => {
    try {
      parseFanzaItemList({ result: { status: 503, message: "busy" } });
      expect.unreachable();
    } catch (err) {
      expect((err as FanzaApiError).retryable).toBe(true);
    }
  });

  it.each([
    ["null", null],
    ["empty array", []],
    ["empty object", {}],
    ["HTML page", "<!DOCTYPE html><html><head><title>Just a moment...</title></head></html>"],
    ["a bare item", good],
    ["result without status", { result: { result_count: 0, total_count: 0, first_position: 1, items: [] } }],
    ["result without counters", { result: { status: 200, items: [] } }],
    ["items not a list", { result: { status: 200, result_count: 1, total_count: 1, first_position: 1, items: "x" } }],
    ["count without items", { result: { status: 200, result_count: 2, total_count: 2, first_position: 1 } }],
  ])("throws ProviderParseError on %s", (_label, input) => {
    expect(() => parseFanzaItemList(input)).toThrow(ProviderParseError);
  });

  it("returns an empty page for no match", () => {
    const p = parseFanzaItemList(envelope([], { total_count: "0" }));
    expect(p).toEqual({ totalCount: 0, firstPosition: 1, resultCount: 0, items: [], skipped: [] });
  });

  it("skips items without content id or title, and keeps the rest, also those missing a date or an image", () => {
    const p = parseFanzaItemList(
      envelope([
        null,
        "<html>",
        { ...good, content_id: undefined, product_id: undefined },
        { ...good, content_id: "abc00001", title: "  " },
        { ...good, content_id: "abc00002", date: "" },
        { ...good, content_id: "abc00003", imageURL: {} },
        good,
      ]),
    );
    expect(p.items.map((r) => r.record.contentId)).toEqual(["abc00002", "abc00003", "sone00708"]);
    expect(p.skipped.map((s) => s.contentId)).toEqual([null, null, null, "abc00001"]);
    expect(p.skipped[3].reason).toMatch(/title/);
    // What the source does not give is "" (docs/api.md's rule), never a reason to drop the title.
    expect(p.items[0].record.releaseDate).toBe("");
    expect(p.items[1].record.jacketFullUrl).toBe("");
    expect(p.items[1].record.jacketThumbUrl).toBe("");
    allValid(p);
  });

  it.each([
    ["null", null],
    ["array", [good]],
    ["string", "sone00708"],
    ["empty object", {}],
    ["no title", { ...good, title: null }],
  ])("parseFanzaItem throws ProviderParseError on %s", (_label, input) => {
    expect(() => parseFanzaItem(input)).toThrow(ProviderParseError);
  });
});
