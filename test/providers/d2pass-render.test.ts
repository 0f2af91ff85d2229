import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { uniq } from "../../src/providers/coerce.js";
import { TEN_MUSUME } from "../../src/providers/10musume/index.js";
import { ONE_PONDO } from "../../src/providers/1pondo/index.js";
import { galleryKind, NO_PICTURES, parseGallery, parseLegacyGallery, type Pictures } from "../../src/providers/d2pass/gallery.js";
import { parseListing } from "../../src/providers/d2pass/listing.js";
import { parseD2PassDetails } from "../../src/providers/d2pass/parse.js";
import type { D2PassSite } from "../../src/providers/d2pass/site.js";
import { MURAMURA } from "../../src/providers/muramura/index.js";
import { PACOPACOMAMA } from "../../src/providers/pacopacomama/index.js";
import { type SiteTitle, siteTitles } from "../../tools/simulator/site-titles.js";
import {
  type D2PassSimSite,
  d2passIdOf,
  galleryKindOf,
  PUBLIC_PICTURES,
  renderD2PassDetails,
  renderD2PassGallery,
  renderD2PassLegacyGallery,
  renderD2PassListing,
} from "../../tools/simulator/sites/d2pass-render.js";

const SITES: [D2PassSite, D2PassSimSite][] = [
  [ONE_PONDO, { name: "1pondo", siteId: 2470, idDigits: 3, legacy: true }],
  [TEN_MUSUME, { name: "10musume", siteId: 2471, idDigits: 2, legacy: true }],
  [PACOPACOMAMA, { name: "pacopacomama", siteId: 2472, idDigits: 3, legacy: true }],
  [MURAMURA, { name: "muramura", siteId: 2477, idDigits: 3, legacy: false }],
];
const real = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../fixtures/d2pass/1pondo-list_newest_0-first3.json"), "utf8"));

/** The pictures the provider reads of a title: the gallery its details point at, if the site's is asked at all. */
function picturesOf(t: SiteTitle, site: D2PassSite, sim: D2PassSimSite, base: string): Pictures {
  const kind = galleryKind(renderD2PassDetails(t, sim, base), site);
  if (kind === "gallery") return parseGallery(renderD2PassGallery(t, sim), site, base, `${base}/g`);
  if (kind === "legacy") return parseLegacyGallery(renderD2PassLegacyGallery(t, sim), site, d2passIdOf(t, sim), base, `${base}/g`);
  return NO_PICTURES;
}

describe.each(SITES)("the simulated $name site", (site, sim) => {
  const titles = siteTitles(300, 3, sim.name);
  const base = `http://127.0.0.1:9/${sim.name}`;

  it("renders movie_details with exactly the keys of a real response, in its order", () => {
    const rendered = renderD2PassDetails(titles.find((t) => t.actresses.length > 0 && t.sample)!, sim, base);
    expect(Object.keys(rendered)).toEqual(Object.keys(real.Rows[0]));
    expect(Object.keys((rendered.SampleFiles as object[])[0])).toEqual(Object.keys(real.Rows[0].SampleFiles[0]));
    expect(Object.keys(Object.values(rendered.ActressesList as object)[0])).toEqual(Object.keys(Object.values(real.Rows[0].ActressesList)[0] as object));
  });

  it("parses back to the record of every title", () => {
    for (const t of titles) {
      const id = d2passIdOf(t, sim);
      expect(id).toMatch(site.idPattern);
      const r = parseD2PassDetails(renderD2PassDetails(t, sim, base), site, base, picturesOf(t, site, sim, base));
      const kind = galleryKind(renderD2PassDetails(t, sim, base), site);
      const shown = kind === null ? 0 : Math.min(t.gallery, PUBLIC_PICTURES);
      const { galleryFull, galleryThumb, ...extra } = r.record.extra;
      const { extra: _, ...record } = r.record;
      expect(record).toEqual({
        contentId: id,
        dvdId: id,
        titleEn: t.titleEn ?? "",
        titleJa: t.titleJa,
        commentEn: t.descEn,
        commentJa: t.descJa,
        runtimeMins: t.runtimeMins,
        releaseDate: `${t.day}T00:00:00.000Z`,
        makers: [site.maker],
        label: "",
        series: t.series?.ja ?? null,
        categories: t.genres.map((g) => g.ja),
        actresses: t.actresses.map((a) => a.ja),
        actors: [],
        directors: [],
        authors: [],
        jacketFullUrl: `${base}/moviepages/${id}/images/str.jpg`,
        jacketThumbUrl: `${base}/moviepages/${id}/images/thum_b.jpg`,
        site: site.siteName,
        serviceCode: "",
      });
      expect(extra).toEqual({
        actressesRich: t.actresses.map((a) => ({ name: a.ja, image: null })),
        sampleUrl: t.sample ? `${base}/sample/movies/${id}/1080p.mp4` : null,
      });
      expect(galleryFull).toHaveLength(shown);
      expect(galleryThumb).toHaveLength(shown);
      if (kind === "gallery") {
        expect(galleryFull.every((u) => u.startsWith(`${base}/dyn/dla/images/movie_gallery/sample/${id}/`))).toBe(true);
        expect(galleryThumb).toEqual(galleryFull.map((u) => u.replace(/\.jpg$/, "__@120.jpg")));
      } else if (kind === "legacy") {
        const full = site.legacyGallery!.full.replace("{id}", id);
        expect(galleryFull).toEqual(Array.from({ length: shown }, (_, k) => `${base}${full.replace("{file}", `${k + 1}.jpg`)}`));
      }
      const differing = (pairs: { en: string; ja: string }[]) => uniq(pairs.filter((p) => p.en !== p.ja).map((p) => p.en));
      const alt: Record<string, string[]> = {};
      if (differing([...t.actresses]).length > 0) alt.actress = differing([...t.actresses]);
      if (differing([...t.genres]).length > 0) alt.genre = differing([...t.genres]);
      if (t.series !== null && t.series.en !== t.series.ja) alt.series = [t.series.en];
      expect(r.altNames).toEqual(alt);
      expect(r).toMatchObject({ provider: site.name, pageUrl: `${base}/movies/${id}/`, ratingAvg: t.rating, censored: false });
    }
  });

  it('writes the text "null" for some titles without a series, which reads back as none', () => {
    const nulls = titles.filter((t) => renderD2PassDetails(t, sim, base).Series === "null");
    expect(nulls.length).toBeGreaterThan(0);
    for (const t of nulls) expect(parseD2PassDetails(renderD2PassDetails(t, sim, base), site, base, NO_PICTURES).record.series).toBeNull();
  });

  it("gives every kind of title the real sites have", () => {
    const kinds = new Set(titles.map((t) => galleryKindOf(t, sim)));
    expect(kinds).toEqual(new Set(sim.legacy ? ["gallery", "legacy", null] : ["gallery", null]));
    expect(titles.some((t) => t.actresses.length === 0)).toBe(true);
    expect(titles.some((t) => t.titleEn === null)).toBe(true);
    expect(titles.some((t) => t.rating === null)).toBe(true);
    expect(titles.some((t) => !t.sample)).toBe(true);
    expect(new Set(titles.map((t) => d2passIdOf(t, sim))).size).toBe(titles.length);
  });

  it("pages its listing by 50, newest first", () => {
    const page = parseListing(renderD2PassListing(titles, 250, sim, base), site.name);
    expect(page.total).toBe(300);
    expect(page.split).toBe(50);
    expect(page.rows.map((row) => row.MovieID)).toEqual(titles.slice(250).map((t) => d2passIdOf(t, sim)));
  });
});
