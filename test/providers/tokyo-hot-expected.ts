/** What the parser should read from a page of the simulated Tokyo-Hot shop (tools/simulator/sites/tokyo-hot.ts). */
import { parseCode } from "../../src/codes/index.js";
import type { IngestRecord } from "../../src/model/record.js";
import { capPictures, jacketOf, packageOf, posterOf, sampleOf, splitGenres } from "../../tools/simulator/sites/tokyo-hot-pages.js";
import type { TokyoHotProduct } from "../../tools/simulator/sites/tokyo-hot.js";

const enc = (url: string) => new URL(url).href;

const linesOf = (text: string | null): string | null => {
  const lines = (text ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
  return lines.length > 0 ? lines.join("\n") : null;
};

/** The record the parser should read from a simulated product's page, and its English page where `english`. */
export function expectedRecord(p: TokyoHotProduct, baseUrl: string, english = false): IngestRecord {
  const t = p.title;
  const { play, tags } = splitGenres(p);
  const own = p.vendor === "東熱";
  const cover = p.packaged ? jacketOf(p) : posterOf(p);
  const actresses = [...new Set(t.actresses.map((a) => a.ja))];
  // A title with no English shows its Japanese text on the English page: nothing English is read from it.
  const withEnglish = english && t.titleEn !== null;
  const actressEn = english ? [...new Set(t.actresses.map((a) => a.en))].filter((n) => !actresses.includes(n)) : [];
  return {
    provider: "tokyo-hot",
    record: {
      contentId: p.id,
      dvdId: parseCode(p.number)?.dvdId ?? p.number,
      titleEn: withEnglish ? (t.titleEn ?? "") : "",
      titleJa: t.titleJa,
      commentEn: withEnglish ? linesOf(t.descEn) : null,
      commentJa: linesOf(t.descJa),
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
    altNames: actressEn.length > 0 ? { actress: actressEn } : {},
    censored: false,
  };
}
