import { decodeDoc } from "../store/doc-codec.js";
import { actressesEnd, EXTRA_KEY, STEPS, stringEnd, valueEnd } from "./record-json.js";
import { resultFieldsOf, type ResultFields, type ResultSource } from "../../model/search-result.js";

/**
 * A search result (spec 2.3, and the extras javinfo.dev clients print) from a stored
 * document, without decoding the rest of it: as the JSON the response schema's
 * serialiser writes (searchResultJson: slices of the stored bytes, no parse, no
 * serialiser), or as fields (resultFields). Both read the document as recordJson does
 * (record-json.ts), and are null when it is laid out otherwise.
 */

type Range = [start: number, end: number];
type Field = keyof ResultSource | "actressesRich";
const WANTED = new Set<string>(["contentId", "dvdId", "titleEn", "titleJa", "runtimeMins", "releaseDate", "makers", "series", "categories", "jacketThumbUrl"]);

/** Where each wanted value lies in the document (its JSON text), or null when laid out otherwise. */
function layout(doc: string): Map<Field, Range> | null {
  const at = new Map<Field, Range>();
  let i = 0;
  for (const step of STEPS) {
    if (!doc.startsWith(step.key, i)) return null;
    const start = i + step.key.length;
    i = valueEnd(doc, start, step.kind);
    if (i === -1) return null;
    if (WANTED.has(step.field)) at.set(step.field as Field, [start, i]);
  }
  if (!doc.startsWith(EXTRA_KEY, i)) return null;
  const start = i + EXTRA_KEY.length;
  const end = actressesEnd(doc, start);
  if (end === -1) return null;
  at.set("actressesRich", [start, end]);
  return at;
}

/** The first maker's string, or null for `[]`. */
function firstMaker(doc: string, [start]: Range): Range | null {
  return doc.charCodeAt(start + 1) === 93 ? null : [start + 1, stringEnd(doc, start + 1)];
}

export function resultFields(bytes: Buffer): ResultFields | null {
  const doc = bytes.toString("latin1");
  const at = layout(doc);
  if (at === null) return null;
  const value = (f: Field) => JSON.parse(bytes.toString("utf8", ...at.get(f)!)) as never;
  const maker = firstMaker(doc, at.get("makers")!);
  return {
    contentId: value("contentId"),
    dvdId: value("dvdId"),
    titleEn: value("titleEn"),
    titleJa: value("titleJa"),
    releaseDate: value("releaseDate"),
    maker: maker === null ? null : (JSON.parse(bytes.toString("utf8", ...maker)) as string),
    jacketThumbUrl: value("jacketThumbUrl"),
    runtimeMins: value("runtimeMins"),
    series: value("series"),
    categories: value("categories"),
    actresses: value("actressesRich"),
  };
}

/** A search result's fields from a stored document, read where it is laid out as recordJson expects, else decoded. */
export function fieldsOfDoc(bytes: Buffer): ResultFields {
  return resultFields(bytes) ?? resultFieldsOf(decodeDoc(bytes.toString("utf8")));
}

const text = (s: string) => Buffer.from(s, "latin1");
const PIECES = {
  id: text('{"id":'),
  dvdId: text(',"dvdId":'),
  title: text(',"title":'),
  cover: text(',"cover":'),
  date: text(',"releaseDate":"'),
  studio: text('","extra":{"studio":'),
  url: text(',"url":'),
  maker: text(',"maker":'),
  actresses: text(',"actresses":'),
  categories: text(',"categories":'),
  runtime: text(',"runtimeMins":'),
  series: text(',"series":'),
  end: text("}}"),
  empty: text('""'),
  nil: text("null"),
};
const DATE = /^"\d{4}-\d{2}-\d{2}/;

/**
 * A search result as the serialiser writes it for QueryResponseSchema: its fields in
 * the schema's order, each value the stored JSON text as it is (strings are escaped
 * alike, see record-json.ts), the date cut to YYYY-MM-DD, the page URL written by
 * JSON.stringify. test/catalog/result-json.test.ts holds it to the serialiser's bytes.
 */
export function searchResultJson(bytes: Buffer, pageUrl: string): Buffer | null {
  const doc = bytes.toString("latin1");
  const at = layout(doc);
  if (at === null) return null;
  const slice = (r: Range) => bytes.subarray(r[0], r[1]);
  const get = (f: Field) => slice(at.get(f)!);
  const date = at.get("releaseDate")!;
  if (!DATE.test(doc.slice(date[0], date[0] + 11))) return null;
  const titleEn = at.get("titleEn")!;
  const maker = firstMaker(doc, at.get("makers")!);
  return Buffer.concat([
    PIECES.id,
    get("contentId"),
    PIECES.dvdId,
    get("dvdId"),
    PIECES.title,
    titleEn[1] - titleEn[0] === 2 ? get("titleJa") : slice(titleEn),
    PIECES.cover,
    get("jacketThumbUrl"),
    PIECES.date,
    bytes.subarray(date[0] + 1, date[0] + 11),
    PIECES.studio,
    maker === null ? PIECES.empty : slice(maker),
    PIECES.url,
    Buffer.from(JSON.stringify(pageUrl)),
    PIECES.maker,
    maker === null ? PIECES.nil : slice(maker),
    PIECES.actresses,
    get("actressesRich"),
    PIECES.categories,
    get("categories"),
    PIECES.runtime,
    get("runtimeMins"),
    PIECES.series,
    get("series"),
    PIECES.end,
  ]);
}
