import type { DetailedRecord } from "../../model/record.js";

/**
 * How a record is stored in movie_docs.doc: its JSON with the fields in the order of
 * the response schema (src/server/schemas/record.ts), except that a gallery whose URLs
 * count up (`…jp-1.jpg`, `…jp-2.jpg`, …, as DMM's do) is kept as its pattern. A gallery
 * is most of a record's bytes; this halves the catalog on disk.
 *
 * The field order lets recordJson answer with the stored text itself, galleries
 * expanded by string building: no JSON.parse and no serialiser pass on /movie and
 * /random. Records built in this order (every provider, the importer and the sample
 * generator build them so) encode to the same bytes as before the order was fixed,
 * so their hashes, and what counts as a change, stay the same.
 */
interface Range {
  head: string;
  tail: string;
  n: number;
}

type Stored = Omit<DetailedRecord, "extra"> & {
  extra: Omit<DetailedRecord["extra"], "galleryFull" | "galleryThumb"> & {
    galleryFull: string[] | Range;
    galleryThumb: string[] | Range;
  };
};

/** The pattern of URLs that differ only by a counter 1..n, or null. */
export function toRange(urls: string[]): Range | null {
  if (urls.length < 2) return null;
  const first = urls[0];
  const m = /^(.*\D)1(\D[^\d]*)$/.exec(first) ?? /^(.*\D)1()$/.exec(first);
  if (!m) return null;
  const [, head, tail] = m;
  for (let i = 1; i < urls.length; i++) if (urls[i] !== `${head}${i + 1}${tail}`) return null;
  return { head, tail, n: urls.length };
}

function fromRange(v: string[] | Range): string[] {
  if (Array.isArray(v)) return v;
  const out = new Array<string>(v.n);
  for (let i = 0; i < v.n; i++) out[i] = `${v.head}${i + 1}${v.tail}`;
  return out;
}

export function encodeDoc(r: DetailedRecord): string {
  const e = r.extra;
  // An object literal in schema order: JSON.stringify writes keys in insertion order.
  const stored: Stored = {
    contentId: r.contentId,
    dvdId: r.dvdId,
    titleEn: r.titleEn,
    titleJa: r.titleJa,
    commentEn: r.commentEn,
    commentJa: r.commentJa,
    runtimeMins: r.runtimeMins,
    releaseDate: r.releaseDate,
    makers: r.makers,
    label: r.label,
    series: r.series,
    categories: r.categories,
    actresses: r.actresses,
    actors: r.actors,
    directors: r.directors,
    authors: r.authors,
    jacketFullUrl: r.jacketFullUrl,
    jacketThumbUrl: r.jacketThumbUrl,
    site: r.site,
    serviceCode: r.serviceCode,
    extra: {
      actressesRich: e.actressesRich.map((a) => ({ name: a.name, image: a.image })),
      sampleUrl: e.sampleUrl,
      galleryFull: toRange(e.galleryFull) ?? e.galleryFull,
      galleryThumb: toRange(e.galleryThumb) ?? e.galleryThumb,
    },
  };
  return JSON.stringify(stored);
}

export function decodeDoc(doc: string): DetailedRecord {
  const s = JSON.parse(doc) as Stored;
  const e = s.extra;
  if (!Array.isArray(e.galleryFull)) e.galleryFull = fromRange(e.galleryFull);
  if (!Array.isArray(e.galleryThumb)) e.galleryThumb = fromRange(e.galleryThumb);
  return s as DetailedRecord;
}
