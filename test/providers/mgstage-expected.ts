/** What the parser should read from a page of the simulated MGStage (tools/simulator/sites/mgstage.ts). */
import type { IngestRecord } from "../../src/model/record.js";
import { oneLine } from "../../src/providers/page-text.js";
import { capPictures, jacketOf, type MgstageProduct, thumbOf } from "../../tools/simulator/sites/mgstage-pages.js";

const linesOf = (text: string | null): string | null => {
  const lines = (text ?? "")
    .split("\n")
    .map((l) => oneLine(l))
    .filter((l) => l !== "");
  return lines.length > 0 ? lines.join("\n") : null;
};

const uniq = (names: string[]): string[] => [...new Set(names)];

/** The record the parser should read from a simulated product's page. */
export function expectedRecord(p: MgstageProduct, baseUrl: string): IngestRecord {
  const t = p.title;
  const actresses = uniq(t.actresses.map((a) => oneLine(a.ja)));
  return {
    provider: "mgstage",
    record: {
      contentId: p.id.toLowerCase(),
      dvdId: p.code,
      titleEn: "",
      titleJa: oneLine(t.titleJa),
      commentEn: null,
      commentJa: linesOf(t.descJa),
      runtimeMins: t.runtimeMins,
      releaseDate: `${t.day}T00:00:00.000Z`,
      makers: [p.maker],
      label: p.label ?? "",
      series: t.series?.ja ?? null,
      categories: uniq(t.genres.map((g) => g.ja)),
      actresses,
      actors: [],
      directors: [],
      authors: [],
      jacketFullUrl: jacketOf(p),
      jacketThumbUrl: thumbOf(p),
      site: "MGStage",
      serviceCode: "",
      extra: {
        actressesRich: actresses.map((name) => ({ name, image: null })),
        sampleUrl: null,
        galleryFull: capPictures(p).map(([full]) => full),
        galleryThumb: capPictures(p).map(([, thumb]) => thumb),
      },
    },
    pageUrl: `${baseUrl}/product/product_detail/${p.id}/`,
    ratingAvg: p.reviews > 0 ? t.rating : null,
    ratingCount: p.reviews > 0 ? p.reviews : null,
    popularity: null,
    altNames: {},
    censored: true,
  };
}
