import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { validateIngestRecord } from "../../src/model/validate.js";
import { decodePage } from "../../src/net/charset.js";
import { ProviderParseError } from "../../src/providers/errors.js";
import { movieObject, posterPath, sampleVideo } from "../../src/providers/caribbean/page-scripts.js";
import { isTitlePage, parseTitlePage } from "../../src/providers/caribbean/parse-title.js";
import { dayOfId } from "../../src/providers/caribbean/site.js";
import { CARIBBEANCOM } from "../../src/providers/caribbeancom/index.js";
import { CARIBBEANCOMPR } from "../../src/providers/caribbeancompr/index.js";

const DIR = fileURLToPath(new URL("../fixtures/caribbean/", import.meta.url));
const COM = "https://www.caribbeancom.com";
const PR = "https://www.caribbeancompr.com";

/** A fixture as the client reads it: bytes in EUC-JP, decoded by the charset the header (Caribbeancom) or the page (Premium) declares. */
function page(name: string, contentType = "text/html"): string {
  const { text, encoding } = decodePage(readFileSync(DIR + name), contentType);
  expect(encoding).toBe("euc-jp");
  return text;
}

describe("caribbean fixtures", () => {
  it("has the fixtures this suite covers (and no unknown ones)", () => {
    expect(readdirSync(DIR).sort()).toEqual([
      "README.md",
      "caribbeancom-031222-001-sparse.html",
      "caribbeancom-050422-001.html",
      "caribbeancom-404.html",
      "caribbeancom-listing-all1.htm",
      "caribbeancom-listing-all181-last.htm",
      "caribbeancompr-042922_001-no-wrapper-gallery.html",
      "caribbeancompr-052121_002.html",
      "caribbeancompr-listing-1.html",
      "maintenance.html",
    ]);
  });

  it("are EUC-JP: read as UTF-8 they are not the same text", () => {
    const bytes = readFileSync(`${DIR}caribbeancom-050422-001.html`);
    expect(bytes.toString("utf8")).not.toContain("放課後");
    expect(page("caribbeancom-050422-001.html", "text/html; charset=EUC-JP")).toContain("放課後");
  });
});

describe("parseTitlePage: Caribbeancom 050422-001 (every field)", () => {
  const r = parseTitlePage(page("caribbeancom-050422-001.html", "text/html; charset=EUC-JP"), CARIBBEANCOM, "050422-001", COM);
  const rec = r.record;

  it("is a valid uncensored record of the site", () => {
    expect(validateIngestRecord(r)).toEqual([]);
    expect(r).toMatchObject({ provider: "caribbeancom", censored: false, popularity: null, altNames: {}, ratingCount: null });
    expect(r.pageUrl).toBe(`${COM}/moviepages/050422-001/index.html`);
    expect(rec).toMatchObject({ contentId: "050422-001", dvdId: "050422-001", site: "Caribbeancom", serviceCode: "", label: "" });
  });

  it("reads the itemprop title and description (lines kept)", () => {
    expect(rec.titleJa).toBe("放課後の図書室で秘密の補習");
    expect(rec.titleEn).toBe("");
    expect(rec.commentJa).toBe("図書委員の彼女と二人きりの放課後。\n静かな書架の陰で、声を殺して求め合う二人。");
    expect(rec.commentEn).toBeNull();
  });

  it("reads the list: performers, day, running time, series, tags, rating", () => {
    expect(rec.actresses).toEqual(["架空あおい", "仮名みく"]);
    expect(rec.extra.actressesRich).toEqual([
      { name: "架空あおい", image: null },
      { name: "仮名みく", image: null },
    ]);
    expect(rec.releaseDate).toBe("2022-05-04T00:00:00.000Z");
    expect(rec.runtimeMins).toBe(62);
    expect(rec.series).toBe("放課後シリーズ");
    expect(rec.categories).toEqual(["中出し", "制服", "スレンダー"]);
    expect(r.ratingAvg).toBe(4);
    expect(rec.makers).toEqual(["カリビアンコム"]);
    expect([rec.actors, rec.directors, rec.authors]).toEqual([[], [], []]);
  });

  it("takes the poster from emimg, the sample from Movie, the free pictures of the gallery", () => {
    expect(rec.jacketFullUrl).toBe(`${COM}/moviepages/050422-001/images/l_l.jpg`);
    expect(rec.jacketThumbUrl).toBe(rec.jacketFullUrl);
    expect(rec.extra.sampleUrl).toBe("https://smovie.caribbeancom.com/sample/movies/050422-001/480p.mp4");
    expect(rec.extra.galleryFull).toEqual([1, 2, 3].map((n) => `${COM}/moviepages/050422-001/images/l/00${n}.jpg`));
    expect(rec.extra.galleryThumb).toEqual([1, 2, 3].map((n) => `${COM}/moviepages/050422-001/images/s/00${n}.jpg`));
  });

  it("resolves the page's paths under a base URL with a path (a mirror, the simulator)", () => {
    const base = "http://127.0.0.1:9/caribbeancom";
    const m = parseTitlePage(page("caribbeancom-050422-001.html", "text/html; charset=EUC-JP"), CARIBBEANCOM, "050422-001", base);
    expect(m.pageUrl).toBe(`${base}/moviepages/050422-001/index.html`);
    expect(m.record.jacketFullUrl).toBe(`${base}/moviepages/050422-001/images/l_l.jpg`);
    expect(m.record.extra.galleryFull[0]).toBe(`${base}/moviepages/050422-001/images/l/001.jpg`);
  });
});

describe("parseTitlePage: Caribbeancom 031222-001 (a sparse page)", () => {
  const r = parseTitlePage(page("caribbeancom-031222-001-sparse.html", "text/html; charset=EUC-JP"), CARIBBEANCOM, "031222-001", COM);
  const rec = r.record;

  it("has no performers, description, series, rating, gallery", () => {
    expect(validateIngestRecord(r)).toEqual([]);
    expect(rec.titleJa).toBe("素人娘の初撮り　ドキュメント");
    expect(rec.actresses).toEqual([]);
    expect(rec.extra.actressesRich).toEqual([]);
    expect(rec.commentJa).toBeNull();
    expect(rec.series).toBeNull();
    expect(r.ratingAvg).toBeNull();
    expect(rec.extra.galleryFull).toEqual([]);
    expect(rec.extra.galleryThumb).toEqual([]);
  });

  it("without a poster script, takes the cover the public readers take: l_l.jpg", () => {
    expect(rec.jacketFullUrl).toBe(`${COM}/moviepages/031222-001/images/l_l.jpg`);
    expect(rec.jacketThumbUrl).toBe(rec.jacketFullUrl);
  });

  it("takes the day from the id when the page gives none, and lists a tag once", () => {
    expect(rec.releaseDate).toBe("2022-03-12T00:00:00.000Z");
    expect(rec.categories).toEqual(["素人"]);
    expect(rec.runtimeMins).toBe(46);
  });

  it("plays no sample the page excludes, although Movie names one", () => {
    expect(rec.extra.sampleUrl).toBeNull();
  });
});

describe("parseTitlePage: Caribbeancom Premium 052121_002", () => {
  const r = parseTitlePage(page("caribbeancompr-052121_002.html"), CARIBBEANCOMPR, "052121_002", PR);
  const rec = r.record;

  it("is decoded by the page's own meta charset (no charset in the header)", () => {
    expect(validateIngestRecord(r)).toEqual([]);
    // EUC-JP's wave dash (A1C1) reads as U+FF5E, as a browser reads it.
    expect(rec.titleJa).toBe("人妻の昼下がり　～隣人との情事～");
  });

  it("reads the heading and the paragraph after it (no itemprop on Premium)", () => {
    expect(rec.commentJa).toBe("夫の留守中、隣に越してきた青年を部屋に招いた人妻。");
  });

  it("reads 販売日, a plain running time, the studio as maker, series, tags, rating", () => {
    expect(rec).toMatchObject({ contentId: "052121_002", dvdId: "052121_002", site: "Caribbeancom Premium" });
    expect(rec.releaseDate).toBe("2021-05-21T00:00:00.000Z");
    expect(rec.runtimeMins).toBe(60);
    expect(rec.makers).toEqual(["スタジオ架空"]);
    expect(rec.series).toBe("昼下がりの人妻");
    expect(rec.categories).toEqual(["AV女優", "人妻", "中出し"]);
    expect(rec.actresses).toEqual(["偽名さくら"]);
    expect(r.ratingAvg).toBe(5);
  });

  it("builds the poster from posterImage and the id, and leaves members' pictures out", () => {
    expect(rec.jacketFullUrl).toBe(`${PR}/moviepages/052121_002/images/main_b.jpg`);
    expect(rec.extra.sampleUrl).toBe("https://smovie.caribbeancompr.com/sample/movies/052121_002/480p.mp4");
    expect(rec.extra.galleryFull).toEqual([`${PR}/moviepages/052121_002/images/l/001.jpg`, `${PR}/moviepages/052121_002/images/l/002.jpg`]);
    expect(rec.extra.galleryThumb).toEqual([`${PR}/moviepages/052121_002/images/s/001.jpg`, `${PR}/moviepages/052121_002/images/s/002.jpg`]);
  });
});

describe("parseTitlePage: Caribbeancom Premium 042922_001 (colon labels, gallery without wrapper)", () => {
  const r = parseTitlePage(page("caribbeancompr-042922_001-no-wrapper-gallery.html"), CARIBBEANCOMPR, "042922_001", PR);
  const rec = r.record;

  it('reads labels written with a colon and drops 他 ("and others")', () => {
    expect(validateIngestRecord(r)).toEqual([]);
    expect(rec.actresses).toEqual(["仮称ゆい"]);
    expect(rec.categories).toEqual(["制服"]);
    expect(rec.runtimeMins).toBe(59);
  });

  it("names the site's maker, the id's day, the l_l.jpg cover and no sample when the page has no scripts", () => {
    expect(rec.makers).toEqual(["カリビアンコムプレミアム"]);
    expect(rec.releaseDate).toBe("2022-04-29T00:00:00.000Z");
    expect(rec.jacketFullUrl).toBe(`${PR}/moviepages/042922_001/images/l_l.jpg`);
    expect(rec.extra.sampleUrl).toBeNull();
    expect(rec.series).toBeNull();
    expect(r.ratingAvg).toBeNull();
  });

  it("reads a.fancy-gallery when there is no gallery-ratio, leaving data-is_sample=0 out; decodes NEC ①", () => {
    expect(rec.extra.galleryFull).toEqual([`${PR}/moviepages/042922_001/images/l/001.jpg`]);
    expect(rec.extra.galleryThumb).toEqual([`${PR}/moviepages/042922_001/images/s/001.jpg`]);
    expect(rec.commentJa).toContain("①日目");
  });
});

describe("parseTitlePage: what is not a title", () => {
  it("refuses the site's 404 page and a maintenance page: not title pages", () => {
    for (const name of ["caribbeancom-404.html", "maintenance.html"]) {
      const html = page(name, "text/html; charset=EUC-JP");
      expect(isTitlePage(html)).toBe(false);
      expect(() => parseTitlePage(html, CARIBBEANCOM, "050422-001", COM)).toThrow(ProviderParseError);
    }
  });

  it("refuses a title page without a title", () => {
    expect(() => parseTitlePage('<div id="moviepages"><ul></ul></div>', CARIBBEANCOM, "050422-001", COM)).toThrow(/no title/);
  });

  it("refuses a page that names another title than the one asked (never filed under the asked id)", () => {
    const html = page("caribbeancom-050422-001.html", "text/html; charset=EUC-JP");
    expect(() => parseTitlePage(html, CARIBBEANCOM, "050522-009", COM)).toThrow(/050522-009: the page is the title 050422-001's/);
    expect(parseTitlePage(html, CARIBBEANCOM, "050422-001", COM).record.contentId).toBe("050422-001");
  });

  it('reads "-" as nobody and comma-separated names without links', () => {
    const html = `<div id="moviepages"><h1 itemprop="name">T</h1><ul>
      <li><span>出演</span><span>-</span></li><li><span>タグ</span><span>巨乳、 美乳</span></li></ul></div>`;
    expect(parseTitlePage(html.replace("<span>-</span>", "<span>---, -仮名みく-</span>"), CARIBBEANCOM, "010120-001", COM).record.actresses).toEqual([
      "仮名みく",
    ]);
    const rec = parseTitlePage(html, CARIBBEANCOM, "010120-001", COM).record;
    expect(rec.actresses).toEqual([]);
    expect(rec.categories).toEqual(["巨乳", "美乳"]);
    expect(rec.releaseDate).toBe("2020-01-01T00:00:00.000Z");
  });

  it("leaves a picture under /member/ out by its link alone (MetaTube's rule), and keeps one without a thumbnail", () => {
    const html = `<div id="moviepages"><h1 itemprop="name">T</h1>
      <div class="gallery-ratio"><a href="/member/moviepages/010120-001/images/l/002.jpg"><img src="/moviepages/010120-001/images/s/002.jpg"></a></div>
      <div class="gallery-ratio"><a href="/moviepages/010120-001/images/l/001.jpg"></a></div></div>`;
    const rec = parseTitlePage(html, CARIBBEANCOM, "010120-001", COM).record;
    expect(rec.extra.galleryFull).toEqual([`${COM}/moviepages/010120-001/images/l/001.jpg`]);
    expect(rec.extra.galleryThumb).toEqual([]);
  });
});

describe("page scripts", () => {
  it("prefers emimg over posterImage, and builds posterImage with the id", () => {
    expect(posterPath(["var posterImage = '/moviepages/'+movie_id+'/images/main_b.jpg';", "var emimg = '/x/l_l.jpg';"], "1")).toBe("/x/l_l.jpg");
    expect(posterPath(["var posterImage = '/moviepages/'+movie_id+'/images/main_b.jpg';"], "010120_001")).toBe("/moviepages/010120_001/images/main_b.jpg");
    expect(posterPath(["var x = 1;"], "1")).toBeNull();
  });

  it("reads Movie as JSON, and takes the mobile sample when the full one is missing", () => {
    const movie = movieObject(['var Movie = {"sample_flash_url":"","sample_m_flash_url":"https:\\/\\/s\\/m.mp4"};']);
    expect(sampleVideo(movie)).toBe("https://s/m.mp4");
    expect(movieObject(["var Movie = {is_vip: '0'};"])).toBeNull();
    expect(sampleVideo(null)).toBeNull();
  });

  it("plays no sample the page excludes, nor a file whose _exists flag is 0", () => {
    const both = { sample_flash_exists: "1", sample_flash_url: "https://s/480p.mp4", sample_m_flash_exists: "1", sample_m_flash_url: "https://s/m.mp4" };
    expect(sampleVideo({ ...both, sampleexclude_flag: "0" })).toBe("https://s/480p.mp4");
    expect(sampleVideo({ ...both, sampleexclude_flag: "1" })).toBeNull();
    expect(sampleVideo({ ...both, sample_flash_exists: "0" })).toBe("https://s/m.mp4");
    expect(sampleVideo({ ...both, sample_flash_exists: 0, sample_m_flash_exists: "0" })).toBeNull();
  });

  it("reads the id's day (MMDDYY), none for an impossible one", () => {
    expect(dayOfId("122520-001")).toBe("2020-12-25T00:00:00.000Z");
    expect(dayOfId("023020_001")).toBeNull();
  });
});
