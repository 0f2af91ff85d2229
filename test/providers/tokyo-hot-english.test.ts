/** Tokyo-Hot's English page (parse-english.ts) with the Japanese one, and a product page's own id. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateIngestRecord } from "../../src/model/validate.js";
import { ProviderParseError } from "../../src/providers/errors.js";
import { readEnglishPage } from "../../src/providers/tokyo-hot/parse-english.js";
import { parseProductPage } from "../../src/providers/tokyo-hot/parse.js";

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../fixtures/tokyo-hot", name), "utf8");
const BASE = "https://my.tokyo-hot.com";

describe("the English page", () => {
  const ja = fixture("product-20876-n0754-ja.html");
  const en = fixture("product-20876-n0754-en.html");

  it("gives the English title, description and performers' names, paired by their cast ids (20876 is n0754)", () => {
    const r = parseProductPage(ja, BASE, "20876", en);
    expect(validateIngestRecord(r)).toEqual([]);
    expect(r.record).toMatchObject({
      contentId: "20876",
      dvdId: "n0754",
      titleJa: "月本いおり東熱水着膣射",
      titleEn: "The Erotic Toilet",
      commentEn: "It is the plump body of a made-up girl.\nA second made-up line.",
      actresses: ["月本いおり"],
      runtimeMins: 95,
      releaseDate: "2012-06-15T00:00:00.000Z",
    });
    expect(r.altNames).toEqual({ actress: ["Iori Tsukimoto"] });
    // The Japanese page alone gives the rest as before.
    const alone = parseProductPage(ja, BASE, "20876");
    expect({ ...r.record, titleEn: "", commentEn: null }).toEqual(alone.record);
    expect(alone.altNames).toEqual({});
  });

  it("pairs names by cast id, not by place: in the Japanese page's order, none without a Japanese counterpart", () => {
    const ja2 = ja.replace('<dd><a href="/cast/5859/">月本いおり</a></dd>', '<dd><a href="/cast/5859/">月本いおり</a> <a href="/cast/5860/">架空二子</a></dd>');
    const en2 = en.replace(
      '<dd><a href="/cast/5859/">Iori Tsukimoto</a></dd>',
      '<dd><a href="/cast/7777/">Someone Else</a> <a href="/cast/5860/">Made Up Two</a> <a href="/cast/5859/">Iori Tsukimoto</a></dd>',
    );
    expect(parseProductPage(ja2, BASE, "20876", en2).altNames).toEqual({ actress: ["Iori Tsukimoto", "Made Up Two"] });
  });

  it("is taken only where it is this product's: its number named, its pictures under this id", () => {
    expect(readEnglishPage(en, "20876", "n0754")).toMatchObject({ title: "The Erotic Toilet", cast: [{ id: "5859", name: "Iori Tsukimoto" }] });
    expect(readEnglishPage(en, "20876", "n0755")).toBeNull();
    expect(readEnglishPage(en.replaceAll("/media/20876/", "/media/20877/"), "20876", "n0754")).toBeNull();
    expect(readEnglishPage(fixture("maintenance.html"), "20876", "n0754")).toBeNull();
    // n1633's Japanese page with 20876's English one: nothing English is taken.
    const r = parseProductPage(fixture("product-n1633.html"), BASE, "n1633", en);
    expect([r.record.titleEn, r.record.commentEn, r.altNames]).toEqual(["", null, {}]);
  });

  it("adds nothing where it shows the Japanese text (a title the shop has no English for)", () => {
    const r = parseProductPage(
      ja,
      BASE,
      "20876",
      en
        .replaceAll("The Erotic Toilet", "月本いおり東熱水着膣射")
        .replace(/<div class="sentence">[\s\S]*?<\/div>/, '<div class="sentence">作り話の紹介文の一行目。<br />\n作り話の二行目。\n</div>'),
    );
    expect([r.record.titleEn, r.record.commentEn]).toEqual(["", null]);
  });
});

describe("a product page names its own id", () => {
  it("fails where the page's pictures and sample are another product's, never answering with it", () => {
    expect(() => parseProductPage(fixture("product-n1633.html"), BASE, "n1634")).toThrow(/product n1633's/);
    expect(() => parseProductPage(fixture("product-5484-numeric-id.html"), BASE, "5485")).toThrow(ProviderParseError);
    // A page showing no pictures names no id: its address stands for it.
    const bare = fixture("product-kb1624-no-performer.html").replace(/<div class="flowplayer">[\s\S]*?<\/div>/, "");
    expect(parseProductPage(bare, BASE, "kb1624").record.contentId).toBe("kb1624");
  });
});
