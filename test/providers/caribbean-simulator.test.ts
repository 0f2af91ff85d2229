import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IngestRecord } from "../../src/model/record.js";
import { validateIngestRecord } from "../../src/model/validate.js";
import { decodePage } from "../../src/net/charset.js";
import { parseListingPage } from "../../src/providers/caribbean/parse-listing.js";
import { parseTitlePage } from "../../src/providers/caribbean/parse-title.js";
import type { CaribbeanSite } from "../../src/providers/caribbean/site.js";
import { uniq } from "../../src/providers/coerce.js";
import { CARIBBEANCOM } from "../../src/providers/caribbeancom/index.js";
import { CARIBBEANCOMPR } from "../../src/providers/caribbeancompr/index.js";
import { type Simulator, startSimulator } from "../../tools/simulator/index.js";
import { type SiteTitle, siteTitles } from "../../tools/simulator/site-titles.js";
import {
  CARIBBEAN_FREE_PICTURES,
  CARIBBEAN_LISTING_SIZE,
  CARIBBEANCOM_SIM,
  CARIBBEANCOMPR_SIM,
  caribbeanId,
  caribbeanPrStudio,
  renderCaribbeanListing,
  renderCaribbeanTitle,
} from "../../tools/simulator/sites/caribbean.js";

const BASE = "http://sim.invalid/site";
const SITES = [
  { site: CARIBBEANCOM, sim: CARIBBEANCOM_SIM, poster: "images/l_l.jpg", host: "smovie.caribbeancom.com" },
  { site: CARIBBEANCOMPR, sim: CARIBBEANCOMPR_SIM, poster: "images/main_b.jpg", host: "smovie.caribbeancompr.com" },
] as const;

/** The record a simulated title's page must read back as. */
function expected(site: CaribbeanSite, t: SiteTitle, poster: string, host: string): IngestRecord {
  const id = caribbeanId(t, site.separator);
  const dir = `${BASE}/moviepages/${id}`;
  const free = Array.from({ length: Math.min(t.gallery, CARIBBEAN_FREE_PICTURES) }, (_, i) => String(i + 1).padStart(3, "0"));
  const actresses = uniq(t.actresses.map((a) => a.ja));
  const studio = site === CARIBBEANCOMPR ? caribbeanPrStudio(t) : null;
  return {
    provider: site.provider,
    record: {
      contentId: id,
      dvdId: id,
      titleEn: "",
      titleJa: t.titleJa,
      commentEn: null,
      commentJa: t.descJa,
      runtimeMins: t.runtimeMins,
      releaseDate: `${t.day}T00:00:00.000Z`,
      makers: [studio ?? site.maker],
      label: "",
      series: t.series?.ja ?? null,
      categories: uniq(t.genres.map((g) => g.ja)),
      actresses,
      actors: [],
      directors: [],
      authors: [],
      jacketFullUrl: `${dir}/${poster}`,
      jacketThumbUrl: `${dir}/${poster}`,
      site: site.site,
      serviceCode: "",
      extra: {
        actressesRich: actresses.map((name) => ({ name, image: null })),
        sampleUrl: t.sample ? `https://${host}/sample/movies/${id}/480p.mp4` : null,
        galleryFull: free.map((n) => `${dir}/images/l/${n}.jpg`),
        galleryThumb: free.map((n) => `${dir}/images/s/${n}.jpg`),
      },
    },
    pageUrl: `${dir}/index.html`,
    ratingAvg: t.rating === null ? null : Math.round(t.rating),
    ratingCount: null,
    popularity: null,
    altNames: {},
    censored: false,
  };
}

describe.each(SITES)("$site.provider: the simulator's pages read back", ({ site, sim, poster, host }) => {
  const titles = siteTitles(600, 11, site.provider);

  it("parses every rendered title page back into the same record", () => {
    for (const t of titles) {
      const parsed = parseTitlePage(renderCaribbeanTitle(sim, t), site, caribbeanId(t, site.separator), BASE);
      expect(validateIngestRecord(parsed)).toEqual([]);
      expect(parsed).toEqual(expected(site, t, poster, host));
    }
  });

  it("writes the spec links in the classes the evidence shows (Caribbeancom a.spec__tag, Premium a.spec-item), none invented", () => {
    const html = renderCaribbeanTitle(sim, titles.find((t) => t.actresses.length > 0 && t.genres.length > 0)!);
    expect(html).not.toContain("site_tag");
    expect(html).toContain(site === CARIBBEANCOM ? '<a class="spec__tag" itemprop="actor"' : '<a class="spec-item"');
  });

  it("covers the page's variations (no performers, no description, no gallery, no sample, no rating, studio)", () => {
    expect(titles.some((t) => t.actresses.length === 0)).toBe(true);
    expect(titles.some((t) => t.gallery === 0)).toBe(true);
    expect(titles.some((t) => t.gallery > CARIBBEAN_FREE_PICTURES)).toBe(true);
    expect(titles.some((t) => !t.sample)).toBe(true);
    expect(titles.some((t) => t.rating === null)).toBe(true);
    expect(titles.some((t) => t.series !== null)).toBe(true);
  });

  it("lists the titles newest first, CARIBBEAN_LISTING_SIZE a page, the next control disabled on the last", () => {
    const last = Math.ceil(titles.length / CARIBBEAN_LISTING_SIZE);
    const ids: string[] = [];
    for (let n = 1; n <= last; n++) {
      const page = parseListingPage(renderCaribbeanListing(sim, titles, n), site);
      expect(page.more).toBe(n < last);
      expect(page.skipped).toEqual([]);
      ids.push(...page.entries.map((e) => e.id));
      for (const e of page.entries) expect(e.day).toBe(`${titles.find((t) => caribbeanId(t, site.separator) === e.id)!.day}T00:00:00.000Z`);
    }
    expect(ids).toEqual(titles.map((t) => caribbeanId(t, site.separator)));
    expect(new Set(ids).size).toBe(titles.length);
  });
});

describe("the simulated sites over HTTP", () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ siteTitles: 60, seed: 3 });
  });
  afterAll(() => sim.close());

  const get = async (url: string) => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get("content-type") ?? "", bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it("serves Caribbeancom's pages in EUC-JP with the charset in the header", async () => {
    const t = siteTitles(60, 3, "caribbeancom")[0];
    const res = await get(`${sim.baseUrlOf("caribbeancom")}/moviepages/${caribbeanId(t, "-")}/index.html`);
    expect(res.status).toBe(200);
    expect(res.type).toBe("text/html; charset=EUC-JP");
    expect(res.bytes.toString("utf8")).not.toContain(t.titleJa);
    expect(decodePage(res.bytes, res.type).text).toContain(t.titleJa);
  });

  it("serves Premium's pages in EUC-JP declared by the page alone", async () => {
    const t = siteTitles(60, 3, "caribbeancompr")[0];
    const res = await get(`${sim.baseUrlOf("caribbeancompr")}/moviepages/${caribbeanId(t, "_")}/index.html`);
    expect(res.type).toBe("text/html");
    const { text, encoding } = decodePage(res.bytes, res.type);
    expect(encoding).toBe("euc-jp");
    expect(text).toContain(t.titleJa);
  });

  it("answers an unknown id and a page past the listing's end with the site's 404", async () => {
    expect((await get(`${sim.baseUrlOf("caribbeancom")}/moviepages/010199-001/index.html`)).status).toBe(404);
    expect((await get(`${sim.baseUrlOf("caribbeancom")}/moviepages/${caribbeanId(siteTitles(60, 3, "caribbeancompr")[0], "_")}/index.html`)).status).toBe(404);
    expect((await get(`${sim.baseUrlOf("caribbeancom")}/listpages/all3.htm`)).status).toBe(404);
    expect((await get(`${sim.baseUrlOf("caribbeancom")}/listpages/all2.htm`)).status).toBe(200);
    expect((await get(`${sim.baseUrlOf("caribbeancompr")}/listpages/2.html`)).status).toBe(200);
    expect((await get(`${sim.baseUrlOf("caribbeancompr")}/listpages/all1.htm`)).status).toBe(404);
  });
});
