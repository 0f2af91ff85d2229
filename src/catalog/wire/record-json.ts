import { EXTRA_FIELDS, FIELD_KINDS, RECORD_FIELDS, type FieldKind } from "../../model/fields.js";
import type { RecordDoc } from "../store/movies-read.js";

/**
 * A record's JSON exactly as the response schema's serialiser writes it (UTF-8, as it
 * goes on the wire), read from its stored document (store/doc-codec.ts) as the bytes SQLite
 * holds, without decoding them into a JS string, JSON.parse or a serialiser: the
 * document is checked field by field against the schema's layout and copied, with a
 * counting gallery expanded as text. Null when the document is laid out otherwise
 * (a field out of order, an unknown key, a value of another type, or a catalog written
 * before the order was fixed): the caller then decodes it and lets the serialiser
 * write it. The layout is checked on the bytes read as Latin-1 (one character a byte):
 * no byte of a multi-byte UTF-8 character is below 0x80, so none reads as a delimiter.
 *
 * Why the copy is byte-identical: documents are only written by JSON.stringify
 * (encodeDoc), which escapes strings as the serialiser does (both leave everything but
 * `"`, `\`, control characters and lone surrogates as they are), writes integers as
 * their digits and adds no whitespace. A `"` inside a string is always escaped, so an
 * unescaped one always ends a string. test/catalog/record-json.test.ts compares the two
 * over generated and hand-made records.
 *
 * Sending these bytes as they are skips decoding the document into UTF-16 and encoding
 * the answer back to UTF-8 for the socket, work done for every record /movie and
 * /random send.
 */

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * The scanners work on the document's bytes seen as Latin-1 text (one character a
 * byte, so indexes are byte offsets): String#indexOf and #startsWith are far faster
 * than a loop over a Buffer or a native call per search.
 */
type View = string;

/** Index just after the string starting at i, or -1. */
export function stringEnd(doc: View, i: number): number {
  if (doc.charCodeAt(i) !== QUOTE) return -1;
  let j = i;
  for (;;) {
    j = doc.indexOf('"', j + 1);
    if (j === -1) return -1;
    if (doc.charCodeAt(j - 1) !== BACKSLASH) return j + 1;
    let k = j - 1;
    while (doc.charCodeAt(k) === BACKSLASH) k--;
    if ((j - 1 - k) % 2 === 0) return j + 1;
  }
}

function nullableStringEnd(doc: View, i: number): number {
  return doc.startsWith("null", i) ? i + 4 : stringEnd(doc, i);
}

/** Index after a run of digits (an optional minus first), or -1 when there is none. */
function integerEnd(doc: View, i: number): number {
  let j = doc.charCodeAt(i) === 45 ? i + 1 : i;
  const start = j;
  for (let c = doc.charCodeAt(j); c >= 48 && c <= 57; c = doc.charCodeAt(++j));
  // A leading zero (other than 0 itself) is not how JSON.stringify writes an integer.
  if (j === start || (doc.charCodeAt(start) === 48 && j - start > 1)) return -1;
  return j;
}

/** `[]` or `["…","…"]`. */
function stringsEnd(doc: View, i: number): number {
  if (doc.charCodeAt(i) !== 91) return -1;
  if (doc.charCodeAt(i + 1) === 93) return i + 2;
  let j = i;
  do {
    j = stringEnd(doc, j + 1);
    if (j === -1) return -1;
  } while (doc.charCodeAt(j) === 44);
  return doc.charCodeAt(j) === 93 ? j + 1 : -1;
}

/** `[{"name":…,"image":…},…]`. */
export function actressesEnd(doc: View, i: number): number {
  if (doc.charCodeAt(i) !== 91) return -1;
  if (doc.charCodeAt(i + 1) === 93) return i + 2;
  let j = i + 1;
  for (;;) {
    if (!doc.startsWith('{"name":', j)) return -1;
    j = stringEnd(doc, j + 8);
    if (j === -1 || !doc.startsWith(',"image":', j)) return -1;
    j = nullableStringEnd(doc, j + 9);
    if (j === -1 || doc.charCodeAt(j) !== 125) return -1;
    j++;
    if (doc.charCodeAt(j) === 93) return j + 1;
    if (doc.charCodeAt(j) !== 44) return -1;
    j++;
  }
}

/** Longest gallery pattern expanded here; a longer one is left to the decoder. */
const MAX_RANGE = 10_000;

/** Where a gallery is in the document, and how it is sent. */
interface Gallery {
  end: number;
  /** Null: the stored array, sent as it is. Else the counting pattern's parts. */
  head: [number, number] | null;
  tail: [number, number];
  n: number;
}

/** A gallery from i: an array of strings, or a counting pattern `{"head":…,"tail":…,"n":…}`. */
function gallery(doc: View, i: number): Gallery | null {
  if (doc.charCodeAt(i) === 91) {
    const end = stringsEnd(doc, i);
    return end === -1 ? null : { end, head: null, tail: [0, 0], n: 0 };
  }
  if (!doc.startsWith('{"head":', i)) return null;
  const headEnd = stringEnd(doc, i + 8);
  if (headEnd === -1 || !doc.startsWith(',"tail":', headEnd)) return null;
  const tailEnd = stringEnd(doc, headEnd + 8);
  if (tailEnd === -1 || !doc.startsWith(',"n":', tailEnd)) return null;
  const nEnd = integerEnd(doc, tailEnd + 5);
  if (nEnd === -1 || doc.charCodeAt(nEnd) !== 125) return null;
  const n = Number(doc.slice(tailEnd + 5, nEnd));
  if (!(n >= 1 && n <= MAX_RANGE)) return null;
  return { end: nEnd + 1, head: [i + 9, headEnd - 1], tail: [headEnd + 9, tailEnd - 1], n };
}

/**
 * A gallery as sent, as Latin-1 text (its bytes one character each): the stored array
 * as it is, or the counting pattern expanded (head and tail as they are written inside
 * their quotes: escaping is per character, and the counter between them keeps a lone
 * surrogate lone).
 */
function galleryText(doc: View, g: Gallery, start: number): string {
  if (g.head === null) return doc.slice(start, g.end);
  const head = doc.slice(g.head[0], g.head[1]);
  const tail = doc.slice(g.tail[0], g.tail[1]);
  let text = `["${head}1${tail}"`;
  for (let k = 2; k <= g.n; k++) text += `,"${head}${k}${tail}"`;
  return `${text}]`;
}

type Kind = FieldKind;

/** Each field's key as it is written before its value: `{"contentId":`, `,"dvdId":`, … */
export const STEPS = RECORD_FIELDS.filter((f) => f !== "extra").map((f, i) => ({ field: f, key: `${i === 0 ? "{" : ","}"${f}":`, kind: FIELD_KINDS[f] }));
export const EXTRA_KEY = `,"extra":{"${EXTRA_FIELDS[0]}":`;
const SAMPLE_KEY = `,"${EXTRA_FIELDS[1]}":`;
const FULL_KEY = `,"${EXTRA_FIELDS[2]}":`;
const THUMB_KEY = `,"${EXTRA_FIELDS[3]}":`;

export function valueEnd(doc: View, i: number, kind: Kind): number {
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
 * How a stored document is sent: its first `cut` bytes as they are, then `tail` (the
 * rest, galleries expanded, as Latin-1 text: one character a byte), `size` bytes in all.
 */
export interface RecordJson {
  bytes: Buffer;
  cut: number;
  tail: string;
  size: number;
}

/** The record's JSON from its stored document (UTF-8), or null when the document is laid out otherwise. */
export function recordJson(bytes: Buffer): RecordJson | null {
  const doc = bytes.toString("latin1");
  let i = 0;
  for (const step of STEPS) {
    if (!doc.startsWith(step.key, i)) return null;
    i = valueEnd(doc, i + step.key.length, step.kind);
    if (i === -1) return null;
  }
  if (!doc.startsWith(EXTRA_KEY, i)) return null;
  i = actressesEnd(doc, i + EXTRA_KEY.length);
  if (i === -1 || !doc.startsWith(SAMPLE_KEY, i)) return null;
  i = nullableStringEnd(doc, i + SAMPLE_KEY.length);
  if (i === -1 || !doc.startsWith(FULL_KEY, i)) return null;
  const fullAt = i + FULL_KEY.length;
  const full = gallery(doc, fullAt);
  if (full === null || !doc.startsWith(THUMB_KEY, full.end)) return null;
  const thumbAt = full.end + THUMB_KEY.length;
  const thumb = gallery(doc, thumbAt);
  if (thumb === null || thumb.end + 2 !== doc.length || !doc.endsWith("}}")) return null;
  // Both galleries stored as arrays: the document is the answer as it is.
  if (full.head === null && thumb.head === null) return { bytes, cut: bytes.length, tail: "", size: bytes.length };
  const tail = galleryText(doc, full, fullAt) + THUMB_KEY + galleryText(doc, thumb, thumbAt) + "}}";
  return { bytes, cut: fullAt, tail, size: fullAt + tail.length };
}

/** A stored record's JSON as the response schema writes it, or null when it is laid out otherwise or not from the catalog. */
export function recordJsonOf(doc: RecordDoc): RecordJson | null {
  const bytes = doc.docBytes?.();
  return bytes === undefined ? null : recordJson(bytes);
}
