/**
 * MGStage's readers on the fixtures: the real 261ARA-168 page and ARA-168 search answer
 * (libredmm's captures) field by field, the pages written from their markup with the values
 * JavSP recorded for ABP-647 and SIRO-4718, and the pages that are no product or no list.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateIngestRecord } from "../../src/model/validate.js";
import { ProviderParseError } from "../../src/providers/errors.js";
import { isProductPath, linkedProductId } from "../../src/providers/mgstage/ids.js";
import { sameTitle } from "../../src/providers/same-title.js";
import { isProductAnswer, isProductPage, isSiteLayout } from "../../src/providers/mgstage/page-kind.js";
import { parseProductPage } from "../../src/providers/mgstage/parse.js";
import { isListPage, listCount, parseProductList } from "../../src/providers/mgstage/parse-list.js";

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../fixtures/mgstage", name), "utf8");
const BASE = "https://www.mgstage.com";
const IMG = "https://image.mgstage.com/images";

const ARA_TITLE =
  "巨乳家系に産まれた爆乳Hカップでウエスト56cm！スタイル抜群過ぎる田舎娘いろはちゃん参上！実家の茶畑手伝いをしている世間知らずの茶摘み娘は経験人数が1人！応募理由は「上京し一人暮らしをする資金に…」AV出演にド緊張状態！初めての電マに困惑するが絶頂の嵐！男優の激しいピストンに思わず「止めて下さい…」何で？「気持ち良くなっちゃうから…」ピュアな茶摘み娘は何度も何度もイカされるのであった…めでたしめでたし♪";

describe("parseProductPage on the real 261ARA-168 page", () => {
  const html = fixture("product-261ARA-168.html");

  it("reads every field", () => {
    expect([isProductPage(html), isSiteLayout(html), isListPage(html)]).toEqual([true, true, false]);
    const r = parseProductPage(html, BASE, "261ARA-168");
    expect(validateIngestRecord(r)).toEqual([]);
    const caps = Array.from({ length: 13 }, (_, k) => k);
    const { commentJa, ...rest } = r.record;
    expect(rest).toEqual({
      contentId: "261ara-168",
      dvdId: "261ARA-168",
      titleEn: "",
      titleJa: ARA_TITLE,
      commentEn: null,
      runtimeMins: 63,
      releaseDate: "2017-06-20T00:00:00.000Z",
      makers: ["ARA"],
      // The page's レーベル cell is empty.
      label: "",
      series: "募集ちゃん ～求む。一般素人女性～",
      categories: ["独占配信", "配信専用素人", "素人", "オナニー", "巨乳", "Hカップ", "オモチャ", "パイズリ", "顔射"],
      actresses: ["いろは 24歳 実家の茶畑手伝い"],
      actors: [],
      directors: [],
      authors: [],
      jacketFullUrl: `${IMG}/ara/261ara/168/pb_e_261ara-168.jpg`,
      jacketThumbUrl: `${IMG}/ara/261ara/168/pf_o1_261ara-168.jpg`,
      site: "MGStage",
      serviceCode: "",
      extra: {
        actressesRich: [{ name: "いろは 24歳 実家の茶畑手伝い", image: null }],
        // Behind the sample player's button, one more request away: not read.
        sampleUrl: null,
        galleryFull: caps.map((k) => `${IMG}/ara/261ara/168/cap_e_${k}_261ara-168.jpg`),
        galleryThumb: caps.map((k) => `${IMG}/ara/261ara/168/cap_t1_${k}_261ara-168.jpg`),
      },
    });
    // The paragraph as the page writes it (one line, no markup inside), the "…すべてを見る" link left out.
    const paragraph = /<p class="txt introduction">([^<]*)<\/p>/.exec(html)?.[1];
    expect(paragraph?.startsWith("静岡から来てくれたのは黒髪清楚系のいろはちゃんは")).toBe(true);
    expect(paragraph?.endsWith("初体験だという顔射で〆でございます！！")).toBe(true);
    expect(commentJa).toBe(paragraph);
    expect(commentJa).toHaveLength(650);
    expect([r.pageUrl, r.ratingAvg, r.ratingCount, r.popularity, r.altNames, r.censored]).toEqual([
      `${BASE}/product/product_detail/261ARA-168/`,
      4.3,
      6,
      null,
      {},
      true,
    ]);
  });

  it("takes the id in any case, and keeps the base URL's path in its own address", () => {
    const r = parseProductPage(html, "http://127.0.0.1:9/mgstage", "261ara-168");
    expect([r.record.contentId, r.pageUrl]).toEqual(["261ara-168", "http://127.0.0.1:9/mgstage/product/product_detail/261ARA-168/"]);
  });

  it("refuses the page for another id, another code in its 品番, another canonical address, or no 品番", () => {
    expect(() => parseProductPage(html, BASE, "261ARA-169")).toThrow(ProviderParseError);
    expect(() => parseProductPage(html.replace("<td>261ARA-168</td>", "<td>261ARA-169</td>"), BASE, "261ARA-168")).toThrow(/the page is 261ARA-169's/);
    const moved = html.replace('product_detail/261ARA-168/" rel="canonical"', 'product_detail/261ARA-170/" rel="canonical"');
    expect(() => parseProductPage(moved, BASE, "261ARA-168")).toThrow(/canonical address is 261ARA-170's/);
    expect(() => parseProductPage(html.replace("<th>品番：</th>", "<th>型番：</th>"), BASE, "261ARA-168")).toThrow(/no 品番/);
  });

  it("reads the page without its 出演 row as a title with no performer", () => {
    const r = parseProductPage(fixture("product-261ARA-168-no-performer.html"), BASE, "261ARA-168");
    expect(validateIngestRecord(r)).toEqual([]);
    expect([r.record.actresses, r.record.extra.actressesRich, r.record.titleJa, r.record.runtimeMins]).toEqual([[], [], ARA_TITLE, 63]);
  });
});

describe("parseProductPage on pages written with JavSP's recorded values", () => {
  it("reads ABP-647 (a Prestige label, no maker digits) as JavSP recorded it", () => {
    const r = parseProductPage(fixture("product-ABP-647.html"), BASE, "ABP-647");
    expect(validateIngestRecord(r)).toEqual([]);
    expect(r.record).toMatchObject({
      contentId: "abp-647",
      dvdId: "ABP-647",
      titleJa: "【MGSだけのおまけ映像付き+25分】絶対的鉄板シチュエーション 6 瀬名きらり",
      runtimeMins: 185,
      releaseDate: "2017-09-28T00:00:00.000Z",
      makers: ["プレステージ"],
      series: "絶対的鉄板シチュエーション",
      categories: ["企画", "単体作品", "顔射", "イラマチオ", "コスプレ", "美尻", "MGSだけのおまけ映像付き"],
      actresses: ["瀬名きらり"],
      jacketFullUrl: `${IMG}/prestige/abp/647/pb_e_abp-647.jpg`,
    });
    expect(r.record.commentJa).toBe(
      "【MGSだけのおまけ映像付き(+25分)】 プレステージ専属女優『瀬名きらり』があなたの妄想を実現させます！日常生活の中でふとした瞬間に頭をよぎるエッチな妄想の数々。ちょっぴりドジなレストラン店員さんがボクの股間に飲み物をこぼしたなら、責任を感じる彼女にバックヤードで汚れたパンツを脱がしてもらいフェラでご奉仕させるのに！もしも彼女と訪れた喋り声ひとつしないマンガ喫茶で欲情してしまったら、声が漏れるのを必至に我慢する姿に興奮してびちょ濡れマ○コを突きまくるのに！男なら誰もが一度は妄想し、股間を膨らませたことのあるエッチな鉄板シチュエーションを完全主観でお届けする4シチュエーション160分！！",
    );
    expect(r.record.extra.galleryFull).toEqual(Array.from({ length: 10 }, (_, k) => `${IMG}/prestige/abp/647/cap_e_${k}_abp-647.jpg`));
    // JavSP's score is the page's doubled (6.60).
    expect(r.ratingAvg).toBe(3.3);
  });

  it("reads SIRO-4718 (SIRO, no digits): a performer the site does not link, a description of two lines", () => {
    const r = parseProductPage(fixture("product-SIRO-4718.html"), BASE, "SIRO-4718");
    expect(validateIngestRecord(r)).toEqual([]);
    expect(r.record).toMatchObject({
      contentId: "siro-4718",
      dvdId: "SIRO-4718",
      runtimeMins: 65,
      releaseDate: "2021-12-01T00:00:00.000Z",
      makers: ["シロウトTV"],
      series: "【初撮り】ネットでAV応募→AV体験撮影",
      categories: ["独占配信", "配信専用", "素人", "初撮り", "フルハイビジョン(FHD)", "ハメ撮り", "人妻", "美尻", "三十路"],
      actresses: ["ゆりの 33歳 美容師"],
      jacketFullUrl: `${IMG}/shirouto/siro/4718/pb_e_siro-4718.jpg`,
    });
    // JavSP's recorded plot: the description's two lines.
    expect(r.record.commentJa).toBe(
      "プレイ内容：インタビュー、ベロキス、背後から乳房揉み～耳舐め、乳首弄り舐め、クリ擦り、指入れ、手マン大量潮吹き、男根弄り、濃厚フェラ、裏筋舐め、男の乳首舐め～手コキ、正常位挿入、騎乗位、立ちバック、寝バック、正常位、顔射、お掃除フェラ\nあらすじ：左手●指に指輪を光らせながらインタビューに答える現役美容師「ゆりのさん、33歳。」人妻でありながら性豪であることを自称し、旦那容認でセフレもいると語る彼女。敏感ボディを責め立てるとレンズにかかるほどの潮を撒き散らかし、待ちわびていたとばかりに男根に濃厚奉仕を繰り出して..",
    );
    expect(r.record.extra.galleryFull).toHaveLength(12);
    expect(r.ratingAvg).toBe(3.8);
  });
});

describe("the pages that are no product", () => {
  it("knows the top page (a removed product's redirect) as the site's layout, and the age check as nothing of the site", () => {
    const top = fixture("top.html");
    expect([isProductPage(top), isSiteLayout(top), isListPage(top), isProductAnswer(top)]).toEqual([false, true, false, true]);
    const age = fixture("age-check.html");
    expect([isProductPage(age), isSiteLayout(age), isListPage(age), isProductAnswer(age)]).toEqual([false, false, false, false]);
    expect(() => parseProductPage(top, BASE, "261ARA-168")).toThrow(ProviderParseError);
  });
});

describe("parseProductList", () => {
  it("reads the real ARA-168 answer: one product under the maker's digits, its count line", () => {
    const html = fixture("search-ARA-168.html");
    expect([isListPage(html), isProductPage(html)]).toEqual([true, false]);
    expect(parseProductList(html)).toEqual({ items: [{ id: "261ARA-168", title: ARA_TITLE }], count: { total: 1, first: 1, last: 1, page: 1 }, skipped: [] });
  });

  it("reads the written empty answer as no product", () => {
    expect(parseProductList(fixture("search-empty.html"))).toEqual({ items: [], count: { total: 0, first: 0, last: 0, page: 1 }, skipped: [] });
  });

  it("reads the count line as a catalogue crawler does, with thousands separators", () => {
    expect(listCount("123,456タイトル中 31～60タイトル 2ページ目を表示")).toEqual({ total: 123456, first: 31, last: 60, page: 2 });
    expect(listCount("並べ替え")).toBeNull();
  });

  it("skips entries that link no product and products listed twice", () => {
    const html = fixture("search-ARA-168.html");
    const li = /<li>\s*<h5>[\s\S]*?<\/li>/.exec(html)![0];
    const broken = li.replaceAll("/product/product_detail/261ARA-168/", "/product/product_detail/%E0%A4%A/");
    const page = html.replace(li, `${li}\n${li}\n${broken}`);
    expect(parseProductList(page).skipped).toEqual([
      { id: "261ARA-168", reason: "listed twice on the page" },
      { id: null, reason: "entry links no product" },
    ]);
  });
});

describe("ids", () => {
  it("compares ids as codes, with or without the maker's digits, and paths without case", () => {
    expect([
      sameTitle("261ARA-168", "ARA-168"),
      sameTitle("320MMGH-123", "MMGH-123"),
      sameTitle("ABP-647", "ABP-648"),
      sameTitle("SIRO-4718", "SIRO-04718"),
    ]).toEqual([true, true, false, true]);
    expect([isProductPath("/product/product_detail/261ara-168/", "261ARA-168"), isProductPath("/product/product_detail/261ARA-169/", "261ARA-168")]).toEqual([
      true,
      false,
    ]);
    expect([linkedProductId("/product/product_detail/abp-647/"), linkedProductId("/product/product_detail/../"), linkedProductId("/search/")]).toEqual([
      "ABP-647",
      null,
      null,
    ]);
  });
});
