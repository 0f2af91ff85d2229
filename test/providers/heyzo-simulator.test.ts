/**
 * HEYZO's listing reader and cursor, and the simulated site: every page it renders (Japanese,
 * English, listing) parses back into the titles it was made from.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAGE_CURSOR } from "../../src/providers/crawl-cursor.js";
import { isListingPage, parseListing } from "../../src/providers/heyzo/listing.js";
import { parseHeyzoTitle } from "../../src/providers/heyzo/parse.js";
import { type SiteTitle, siteTitles } from "../../tools/simulator/site-titles.js";
import { HEYZO_LISTING_SIZE, renderHeyzoListing } from "../../tools/simulator/sites/heyzo.js";
import { HEYZO_FREE_PICTURES, heyzoFacts, renderHeyzoEn, renderHeyzoJa } from "../../tools/simulator/sites/heyzo-pages.js";

const fixture = (name: string): string => readFileSync(path.resolve("test/fixtures/heyzo", name), "utf8");

describe("parseListing", () => {
  it("reads the cards of a listing page: ids, first days (a range's start), the number of pages", () => {
    expect(parseListing(fixture("ja-listpage-all-1.html"))).toEqual({
      entries: [
        { id: "3930", day: "2026-08-07" },
        { id: "3929", day: "2026-08-06" },
        { id: "3928", day: "2026-08-04" },
      ],
      totalPages: 131,
      skipped: [],
    });
  });

  it("reads a page past the end as no cards, and knows listing pages from others", () => {
    expect(parseListing(fixture("ja-listpage-past-end.html"))).toEqual({ entries: [], totalPages: 131, skipped: [] });
    expect([fixture("ja-listpage-all-1.html"), fixture("ja-listpage-past-end.html")].map(isListingPage)).toEqual([true, true]);
    expect([fixture("ja-maintenance.html"), fixture("ja-moviepage-2500.html")].map(isListingPage)).toEqual([false, false]);
  });

  it("takes a card's id from its link, else its data-movie-id, and lists the cards it cannot use with the reason", () => {
    const html = `<div id="movies"><div class="movie" data-movie-id="0042"><p class="release">公開日: 2013-01-05</p></div>
<div class="movie" data-movie-id="x"></div><div class="movie"><a href="/moviepages/0041/index.html"></a></div>
<div class="movie"></div><div class="movie" data-movie-id="0042"></div></div>`;
    expect(parseListing(html)).toEqual({
      entries: [
        { id: "0042", day: "2013-01-05" },
        { id: "0041", day: null },
      ],
      totalPages: null,
      skipped: [
        { id: "x", reason: "card without a HEYZO id" },
        { id: null, reason: "card without a HEYZO id" },
        { id: "0042", reason: "listed twice on the page" },
      ],
    });
  });
});

describe("heyzo crawl cursor", () => {
  it("round-trips a page and refuses anything else", () => {
    expect(PAGE_CURSOR.decode(null, "heyzo")).toBe(1);
    expect(PAGE_CURSOR.decode(PAGE_CURSOR.encode(7), "heyzo")).toBe(7);
    for (const bad of ["7", "{}", '{"page":0}', '{"page":1.5}', '{"page":"2"}', '{"page":2,"x":1}', "null", "[1]"]) {
      expect(() => PAGE_CURSOR.decode(bad, "heyzo"), bad).toThrow(RangeError);
    }
  });
});

describe("the simulated HEYZO site", () => {
  const COUNT = 300;
  const titles = siteTitles(COUNT, 1, "heyzo");
  const base = "http://sim.invalid/heyzo";
  const recordOf = (t: SiteTitle) => {
    const f = heyzoFacts(t, COUNT);
    const ja = { html: renderHeyzoJa(t, f), url: `${base}/moviepages/${f.id}/index.html` };
    const en = t.titleEn === null ? null : { html: renderHeyzoEn(t, f), url: `${base}/en/moviepages/${f.id}/index.html` };
    return { f, r: parseHeyzoTitle(f.id, ja, en, base) };
  };

  it("has the variations the parser must meet", () => {
    const facts = titles.map((t) => heyzoFacts(t, COUNT));
    expect(facts.filter((f) => f.noStructuredData).length).toBeGreaterThan(20);
    expect(facts.filter((f) => f.provider !== null).length).toBeGreaterThan(20);
    expect(facts.filter((f) => f.limitedUntil !== null).length).toBeGreaterThan(20);
    expect(titles.filter((t) => t.titleEn === null).length).toBeGreaterThan(20);
    expect(titles.filter((t) => t.actresses.length === 0).length).toBeGreaterThan(5);
    expect(titles.filter((t) => t.gallery === 0).length).toBeGreaterThan(20);
    expect(facts.map((f) => f.id)).toEqual(Array.from({ length: COUNT }, (_, i) => String(COUNT - i).padStart(4, "0")));
  });

  it("renders pages that parse back into every title, field by field", () => {
    for (const t of titles) {
      const { f, r } = recordOf(t);
      if (r === null) throw new Error(`no record for ${f.id}`);
      const rec = r.record;
      const where = `HEYZO-${f.id}`;
      expect(rec.dvdId, where).toBe(`HEYZO-${f.id}`);
      expect([rec.titleJa, rec.titleEn, rec.commentJa, rec.commentEn], where).toEqual([t.titleJa, t.titleEn ?? "", t.descJa, null]);
      expect([rec.releaseDate, rec.runtimeMins, rec.series], where).toEqual([`${t.day}T00:00:00.000Z`, t.runtimeMins, t.series?.ja ?? null]);
      expect(rec.actresses, where).toEqual(t.actresses.map((a) => a.ja));
      expect(rec.categories, where).toEqual([...f.types, ...f.keywords].map((g) => g.ja));
      expect(rec.makers, where).toEqual([f.provider?.ja ?? "HEYZO"]);
      // The count is the structured data's: a page without it shows none.
      expect([r.ratingAvg, r.ratingCount], where).toEqual(t.rating === null ? [null, null] : [t.rating, f.noStructuredData ? null : f.ratingCount]);
      expect(rec.extra.galleryFull, where).toHaveLength(Math.min(t.gallery, HEYZO_FREE_PICTURES));
      expect(rec.extra.galleryThumb, where).toEqual(rec.extra.galleryFull.map((u) => u.replace(/(\d+)\.jpg$/, "thumbnail_$1.jpg")));
      expect(
        rec.extra.galleryFull.every((u) => u.startsWith(`${base}/contents/3000/${f.id}/gallery/`)),
        where,
      ).toBe(true);
      expect(rec.extra.sampleUrl, where).toBe(t.sample ? `https://sample.heyzo.com/contents/3000/${f.id}/sample.mp4` : null);
      expect(rec.jacketFullUrl, where).toBe(`https://www.heyzo.com/contents/3000/${f.id}/images/player_thumbnail.jpg`);
      const english = t.titleEn !== null;
      expect(r.altNames.actress ?? [], where).toEqual(english ? t.actresses.map((a) => a.en) : []);
      expect(r.altNames.genre ?? [], where).toEqual(english ? f.types.map((g) => g.en).filter((n, i) => n !== f.types[i].ja) : []);
      expect(r.altNames.series ?? [], where).toEqual(english && t.series !== null ? [t.series.en] : []);
      expect(r.altNames.maker ?? [], where).toEqual(english && f.provider !== null ? [f.provider.en] : []);
    }
  });

  it("renders a listing the reader reads back: every title once, newest first, with its day", () => {
    const pairs = titles.map((t) => ({ t, f: heyzoFacts(t, COUNT) }));
    const pages = Math.ceil(COUNT / HEYZO_LISTING_SIZE);
    const read = Array.from({ length: pages + 1 }, (_, i) => parseListing(renderHeyzoListing(pairs, i + 1)));
    expect(read.map((p) => p.totalPages)).toEqual(Array(pages + 1).fill(pages));
    expect(read[pages].entries).toEqual([]);
    expect(read.flatMap((p) => p.entries)).toEqual(pairs.map(({ t, f }) => ({ id: f.id, day: t.day })));
  });
});
