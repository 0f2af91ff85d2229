/** What the parser should read from an article of the simulated FC2 market (tools/simulator/sites/fc2.ts). */
import type { IngestRecord } from "../../src/model/record.js";
import { type Fc2Article, samplesOf, starsOf, thumbOf } from "../../tools/simulator/sites/fc2-pages.js";

const https = (url: string) => (url.startsWith("//") ? `https:${url}` : url);
/** Runs of blanks as one space, the ideographic space kept (as providers/page-text.ts reads a title). */
const oneLine = (s: string) => s.replace(/[ \t\r\n\f\v\u00a0]+/g, " ").trim();

/** The description as the widget's lines give it back. */
function descriptionOf(text: string | null): string | null {
  const lines = (text ?? "").split("\n").map(oneLine);
  const out = lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return out === "" ? null : out;
}

/** The record of a simulated article's page, with its description where `description`. */
export function expectedRecord(a: Fc2Article, baseUrl: string, description = false): IngestRecord {
  const t = a.title;
  const samples = samplesOf(a).map(([full, thumb]) => [https(full), https(thumb)]);
  const thumb = https(thumbOf(a));
  const stars = starsOf(a);
  return {
    provider: "fc2",
    record: {
      contentId: a.id,
      dvdId: `FC2-PPV-${a.id}`,
      titleEn: "",
      titleJa: oneLine(t.titleJa),
      commentEn: null,
      commentJa: description ? descriptionOf(t.descJa) : null,
      runtimeMins: t.runtimeMins,
      releaseDate: `${t.day}T00:00:00.000Z`,
      makers: [a.seller.name],
      label: "",
      series: null,
      categories: [...new Set(t.genres.map((g) => g.ja))],
      actresses: [],
      actors: [],
      directors: [],
      authors: [],
      jacketFullUrl: samples[0]?.[0] ?? thumb,
      jacketThumbUrl: thumb,
      site: "FC2",
      serviceCode: "",
      extra: { actressesRich: [], sampleUrl: null, galleryFull: samples.map(([full]) => full), galleryThumb: samples.map(([, small]) => small) },
    },
    pageUrl: `${baseUrl}/article/${a.id}/`,
    ratingAvg: stars,
    ratingCount: stars === null ? null : a.reviews,
    popularity: a.registered,
    altNames: {},
    censored: false,
  };
}
