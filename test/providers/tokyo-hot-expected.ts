/** What the parser should read from a page of the simulated Tokyo-Hot shop (src/samples/simulator/sites/tokyo-hot.ts). */
import { parseCode } from "../../src/codes/index.js";
import type { IngestRecord } from "../../src/model/record.js";
import { capPictures, jacketOf, packageOf, posterOf, sampleOf, splitGenres } from "../../src/samples/simulator/sites/tokyo-hot-pages.js";
import type { TokyoHotProduct } from "../../src/samples/simulator/sites/tokyo-hot.js";

const enc = (url: string) => new URL(url).href;

/** The record the parser should read from a simulated product's page. */
export function expectedRecord(p: TokyoHotProduct, baseUrl: string): IngestRecord {
  const t = p.title;
  const { play, tags } = splitGenres(p);
  const own = p.vendor === "東熱";
  const cover = p.packaged ? jacketOf(p) : posterOf(p);
  const lines = (t.descJa ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
  const actresses = [...new Set(t.actresses.map((a) => a.ja))];
  return {
    provider: "tokyo-hot",
    record: {
      contentId: p.id,
      dvdId: parseCode(p.number)?.dvdId ?? p.number,
      titleEn: "",
      titleJa: t.titleJa,
      commentEn: null,
      commentJa: lines.length > 0 ? lines.join("\n") : null,
      runtimeMins: t.runtimeMins,
      releaseDate: `${t.day}T00:00:00.000Z`,
      makers: [own ? "TOKYO-HOT" : p.vendor],
      label: p.vendor,
      series: t.series?.ja ?? null,
      categories: [...new Set([...play, ...tags])],
      actresses,
      actors: [],
      directors: [],
      authors: [],
      jacketFullUrl: cover,
      jacketThumbUrl: p.packaged ? packageOf(p) : cover,
      site: "Tokyo-Hot",
      serviceCode: "",
      extra: {
        actressesRich: actresses.map((name) => ({ name, image: null })),
        sampleUrl: t.sample ? sampleOf(p) : null,
        galleryFull: capPictures(p).map(([full]) => enc(full)),
        galleryThumb: capPictures(p).map(([, thumb]) => enc(thumb)),
      },
    },
    pageUrl: `${baseUrl}/product/${p.id}/?lang=ja`,
    ratingAvg: null,
    ratingCount: null,
    popularity: null,
    altNames: {},
    censored: false,
  };
}
