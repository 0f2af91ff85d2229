import { EXTRA_FIELDS, RECORD_FIELDS } from "./doc-codec.js";

/**
 * A record's JSON exactly as the response schema's serialiser writes it (UTF-8, as it
 * goes on the wire), read from its stored document (doc-codec.ts) as the bytes SQLite
 * holds, without decoding them into a JS string, JSON.parse or a serialiser: the
 * document is checked field by field against the schema's layout and copied, with a
 * counting gallery expanded byte by byte. Null when the document is laid out otherwise
 * (a field out of order, an unknown key, a value of another type, or a catalog written
 * before the order was fixed): the caller then decodes it and lets the serialiser
 * write it. Scanning bytes for the ASCII delimiters is safe: no byte of a multi-byte
 * UTF-8 character is below 0x80.
 *
 * Why the copy is byte-identical: documents are only written by JSON.stringify
 * (encodeDoc), which escapes strings as the serialiser does (both leave everything but
 * `"`, `\`, control characters and lone surrogates as they are), writes integers as
 * their digits and adds no whitespace. A `"` inside a string is always escaped, so an
 * unescaped one always ends a string. test/catalog/record-json.test.ts compares the two
 * over generated and hand-made records.
 *
 * Sending these bytes as they are skips decoding the document into UTF-16 and encoding
 * the answer back to UTF-8 for the socket: about 5 us a record (/movie, /random).
 */

const QUOTE = 34;
const BACKSLASH = 92;

type Bytes = Buffer;

const key = (text: string): Bytes => Buffer.from(text, "utf8");
const NULL = key("null");

/** Whether `doc` holds `part` at i. */
function at(doc: Bytes, i: number, part: Bytes): boolean {
  if (i + part.length > doc.length) return false;
  for (let k = 0; k < part.length; k++) if (doc[i + k] !== part[k]) return false;
  return true;
}

/** Index just after the string starting at i, or -1. */
function stringEnd(doc: Bytes, i: number): number {
  if (doc[i] !== QUOTE) return -1;
  let j = i;
  for (;;) {
    j = doc.indexOf(QUOTE, j + 1);
    if (j === -1) return -1;
    if (doc[j - 1] !== BACKSLASH) return j + 1;
    let k = j - 1;
    while (doc[k] === BACKSLASH) k--;
    if ((j - 1 - k) % 2 === 0) return j + 1;
  }
}

function nullableStringEnd(doc: Bytes, i: number): number {
  return at(doc, i, NULL) ? i + 4 : stringEnd(doc, i);
}

/** Index after a run of digits (an optional minus first), or -1 when there is none. */
function integerEnd(doc: Bytes, i: number): number {
  let j = doc[i] === 45 ? i + 1 : i;
  const start = j;
  for (let c = doc[j]; c >= 48 && c <= 57; c = doc[++j]);
  // A leading zero (other than 0 itself) is not how JSON.stringify writes an integer.
  if (j === start || (doc[start] === 48 && j - start > 1)) return -1;
  return j;
}

/** `[]` or `["…","…"]`. */
function stringsEnd(doc: Bytes, i: number): number {
  if (doc[i] !== 91) return -1;
  if (doc[i + 1] === 93) return i + 2;
  let j = i;
  do {
    j = stringEnd(doc, j + 1);
    if (j === -1) return -1;
  } while (doc[j] === 44);
  return doc[j] === 93 ? j + 1 : -1;
}

const NAME_KEY = key('{"name":');
const IMAGE_KEY = key(',"image":');

/** `[{"name":…,"image":…},…]`. */
function actressesEnd(doc: Bytes, i: number): number {
  if (doc[i] !== 91) return -1;
  if (doc[i + 1] === 93) return i + 2;
  let j = i + 1;
  for (;;) {
    if (!at(doc, j, NAME_KEY)) return -1;
    j = stringEnd(doc, j + NAME_KEY.length);
    if (j === -1 || !at(doc, j, IMAGE_KEY)) return -1;
    j = nullableStringEnd(doc, j + IMAGE_KEY.length);
    if (j === -1 || doc[j] !== 125) return -1;
    j++;
    if (doc[j] === 93) return j + 1;
    if (doc[j] !== 44) return -1;
    j++;
  }
}

/** Longest gallery pattern expanded here; a longer one is left to the decoder. */
const MAX_RANGE = 10_000;

const HEAD_KEY = key('{"head":');
const TAIL_KEY = key(',"tail":');
const N_KEY = key(',"n":');

/** Where a gallery is in the document, and how it is sent. */
interface Gallery {
  end: number;
  /** Null: the stored array, sent as it is. Else the counting pattern's parts. */
  head: [number, number] | null;
  tail: [number, number];
  n: number;
}

/** A gallery from i: an array of strings, or a counting pattern `{"head":…,"tail":…,"n":…}`. */
function gallery(doc: Bytes, i: number): Gallery | null {
  if (doc[i] === 91) {
    const end = stringsEnd(doc, i);
    return end === -1 ? null : { end, head: null, tail: [0, 0], n: 0 };
  }
  if (!at(doc, i, HEAD_KEY)) return null;
  const headEnd = stringEnd(doc, i + HEAD_KEY.length);
  if (headEnd === -1 || !at(doc, headEnd, TAIL_KEY)) return null;
  const tailEnd = stringEnd(doc, headEnd + TAIL_KEY.length);
  if (tailEnd === -1 || !at(doc, tailEnd, N_KEY)) return null;
  const nEnd = integerEnd(doc, tailEnd + N_KEY.length);
  if (nEnd === -1 || doc[nEnd] !== 125) return null;
  const n = Number(doc.toString("latin1", tailEnd + N_KEY.length, nEnd));
  if (!(n >= 1 && n <= MAX_RANGE)) return null;
  // head and tail as they are written inside their quotes: escaping is per character,
  // and the counter between them keeps a lone surrogate lone.
  return { end: nEnd + 1, head: [i + HEAD_KEY.length + 1, headEnd - 1], tail: [headEnd + TAIL_KEY.length + 1, tailEnd - 1], n };
}

/** Bytes a gallery takes when sent. */
function gallerySize(g: Gallery, start: number): number {
  if (g.head === null) return g.end - start;
  const each = g.head[1] - g.head[0] + (g.tail[1] - g.tail[0]) + 3; // the quotes and a comma
  let digits = 0;
  for (let d = 1, from = 1; from <= g.n; d++, from *= 10) digits += (Math.min(g.n, from * 10 - 1) - from + 1) * d;
  return 1 + g.n * each - 1 + digits + 1;
}

function writeDigits(out: Bytes, o: number, k: number): number {
  let width = 1;
  for (let p = 10; p <= k; p *= 10) width++;
  for (let d = width - 1; d >= 0; d--, k = Math.floor(k / 10)) out[o + d] = 48 + (k % 10);
  return o + width;
}

/** Writes a gallery as sent into `out` at o; returns the index after it. */
function writeGallery(doc: Bytes, g: Gallery, start: number, out: Bytes, o: number): number {
  if (g.head === null) return o + doc.copy(out, o, start, g.end);
  out[o++] = 91;
  for (let k = 1; k <= g.n; k++) {
    if (k > 1) out[o++] = 44;
    out[o++] = QUOTE;
    o += doc.copy(out, o, g.head[0], g.head[1]);
    o = writeDigits(out, o, k);
    o += doc.copy(out, o, g.tail[0], g.tail[1]);
    out[o++] = QUOTE;
  }
  out[o++] = 93;
  return o;
}

type Kind = "s" | "s?" | "int" | "strings";

const KIND: Record<Exclude<(typeof RECORD_FIELDS)[number], "extra">, Kind> = {
  contentId: "s",
  dvdId: "s",
  titleEn: "s",
  titleJa: "s",
  commentEn: "s?",
  commentJa: "s?",
  runtimeMins: "int",
  releaseDate: "s",
  makers: "strings",
  label: "s",
  series: "s?",
  categories: "strings",
  actresses: "strings",
  actors: "strings",
  directors: "strings",
  authors: "strings",
  jacketFullUrl: "s",
  jacketThumbUrl: "s",
  site: "s",
  serviceCode: "s",
};

/** Each field's key as it is written before its value: `{"contentId":`, `,"dvdId":`, … */
const STEPS = RECORD_FIELDS.filter((f) => f !== "extra").map((f, i) => ({ field: f, key: key(`${i === 0 ? "{" : ","}"${f}":`), kind: KIND[f] }));
const EXTRA_KEY = key(`,"extra":{"${EXTRA_FIELDS[0]}":`);
const SAMPLE_KEY = key(`,"${EXTRA_FIELDS[1]}":`);
const FULL_KEY = key(`,"${EXTRA_FIELDS[2]}":`);
const THUMB_KEY = key(`,"${EXTRA_FIELDS[3]}":`);

function valueEnd(doc: Bytes, i: number, kind: Kind): number {
  switch (kind) {
    case "s":
      return stringEnd(doc, i);
    case "s?":
      return nullableStringEnd(doc, i);
    case "int":
      return integerEnd(doc, i);
    case "strings":
      return stringsEnd(doc, i);
  }
}

/**
 * The record's JSON from its stored document (UTF-8), or null when the document is laid
 * out otherwise. With `before` and `after`, the answer is framed by them in the same
 * buffer (the /movie envelope, the separators of /random's array): one copy in all.
 */
export function recordJson(doc: Bytes, before?: Bytes, after?: Bytes): Bytes | null {
  let i = 0;
  for (const step of STEPS) {
    if (!at(doc, i, step.key)) return null;
    i = valueEnd(doc, i + step.key.length, step.kind);
    if (i === -1) return null;
  }
  if (!at(doc, i, EXTRA_KEY)) return null;
  i = actressesEnd(doc, i + EXTRA_KEY.length);
  if (i === -1 || !at(doc, i, SAMPLE_KEY)) return null;
  i = nullableStringEnd(doc, i + SAMPLE_KEY.length);
  if (i === -1 || !at(doc, i, FULL_KEY)) return null;
  const fullAt = i + FULL_KEY.length;
  const full = gallery(doc, fullAt);
  if (full === null || !at(doc, full.end, THUMB_KEY)) return null;
  const thumbAt = full.end + THUMB_KEY.length;
  const thumb = gallery(doc, thumbAt);
  if (thumb === null || thumb.end + 2 !== doc.length || doc[thumb.end] !== 125 || doc[thumb.end + 1] !== 125) return null;
  const pre = before?.length ?? 0;
  const post = after?.length ?? 0;
  // Both galleries stored as arrays: the document is the answer as it is.
  if (full.head === null && thumb.head === null && pre + post === 0) return doc;
  const size = pre + fullAt + gallerySize(full, fullAt) + THUMB_KEY.length + gallerySize(thumb, thumbAt) + 2 + post;
  const out = Buffer.allocUnsafe(size);
  let o = before ? before.copy(out, 0) : 0;
  o += doc.copy(out, o, 0, fullAt);
  o = writeGallery(doc, full, fullAt, out, o);
  o += THUMB_KEY.copy(out, o);
  o = writeGallery(doc, thumb, thumbAt, out, o);
  out[o++] = 125;
  out[o++] = 125;
  if (after) o += after.copy(out, o);
  if (o !== size) throw new Error(`recordJson: wrote ${o} bytes of ${size}`);
  return out;
}

/** The fields of a record a search result shows (spec 2.3), without the rest of it. */
export interface ResultFields {
  contentId: string;
  dvdId: string;
  titleEn: string;
  titleJa: string;
  releaseDate: string;
  /** The first of `makers`, or null when there is none. */
  maker: string | null;
  jacketThumbUrl: string;
}

const WANTED = new Set<string>(["contentId", "dvdId", "titleEn", "titleJa", "releaseDate", "jacketThumbUrl"]);
const LAST_WANTED = STEPS.findIndex((s) => s.field === "jacketThumbUrl");

/**
 * A search result's fields read from the stored document: the fields before
 * jacketThumbUrl are stepped over as recordJson checks them, and only the wanted
 * strings are parsed (JSON.parse of each, for its escapes). Null when the document is
 * laid out otherwise: the caller decodes it.
 */
export function resultFields(doc: Bytes): ResultFields | null {
  const out: Record<string, string | null> = {};
  let i = 0;
  for (let k = 0; k <= LAST_WANTED; k++) {
    const step = STEPS[k];
    if (!at(doc, i, step.key)) return null;
    const start = i + step.key.length;
    i = valueEnd(doc, start, step.kind);
    if (i === -1) return null;
    if (WANTED.has(step.field)) out[step.field] = JSON.parse(doc.toString("utf8", start, i)) as string;
    else if (step.field === "makers") out.maker = doc[start + 1] === 93 ? null : (JSON.parse(doc.toString("utf8", start + 1, stringEnd(doc, start + 1))) as string);
  }
  return out as unknown as ResultFields;
}
