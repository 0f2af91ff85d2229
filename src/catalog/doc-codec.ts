import type { DetailedRecord } from "./record.js";

/**
 * How a record is stored in movie_docs.doc: its JSON, except that a gallery whose
 * URLs count up (`…jp-1.jpg`, `…jp-2.jpg`, …, as DMM's do) is kept as its pattern.
 * A gallery is most of a record's bytes; this halves the catalog on disk.
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
  const full = toRange(r.extra.galleryFull);
  const thumb = toRange(r.extra.galleryThumb);
  if (!full && !thumb) return JSON.stringify(r);
  const stored: Stored = { ...r, extra: { ...r.extra, galleryFull: full ?? r.extra.galleryFull, galleryThumb: thumb ?? r.extra.galleryThumb } };
  return JSON.stringify(stored);
}

export function decodeDoc(doc: string): DetailedRecord {
  const s = JSON.parse(doc) as Stored;
  const e = s.extra;
  if (!Array.isArray(e.galleryFull)) e.galleryFull = fromRange(e.galleryFull);
  if (!Array.isArray(e.galleryThumb)) e.galleryThumb = fromRange(e.galleryThumb);
  return s as DetailedRecord;
}
