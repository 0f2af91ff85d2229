/**
 * The answers of /movie, /random and /query built from the records' stored JSON
 * (record-json.ts, result-json.ts), in the order and form of MovieResponseSchema,
 * RandomResponseSchema and QueryResponseSchema, as the UTF-8 bytes that go on the wire:
 * /movie's envelope around a record, /random's array of records, /query's envelope
 * around its results. Fastify sends a Buffer as it is, so these skip decoding the
 * records, the serialiser and encoding the answer: on /movie and /random that was most
 * of the work. test/catalog/record-json.test.ts and result-json.test.ts hold them to
 * the serialiser's bytes.
 */
import type { SearchResultOut } from "../../model/search-result.js";
import type { RecordDoc } from "../store/movies-read.js";
import { type RecordJson, recordJsonOf } from "./record-json.js";

const COMMA = Buffer.from(",");

/** The record's JSON without its last two bytes (`}}`): its `extra` object left open for more members. */
function openExtra(json: RecordJson): RecordJson {
  if (json.tail === "") return { bytes: json.bytes, cut: json.cut - 2, tail: "", size: json.size - 2 };
  return { bytes: json.bytes, cut: json.cut, tail: json.tail.slice(0, -2), size: json.size - 2 };
}

/**
 * One answer of fixed bytes and records' JSON, in order, written into one buffer of
 * the exact size: one allocation and one copy of each part.
 */
function joinJson(parts: readonly (Buffer | RecordJson)[]): Buffer {
  let size = 0;
  for (const p of parts) size += "cut" in p ? p.size : p.length;
  const out = Buffer.allocUnsafe(size);
  let o = 0;
  for (const p of parts) {
    if (!("cut" in p)) {
      o += p.copy(out, o);
      continue;
    }
    o += p.bytes.copy(out, o, 0, p.cut);
    if (p.tail !== "") o += out.write(p.tail, o, "latin1");
  }
  if (o !== size) throw new Error(`joinJson: wrote ${o} bytes of ${size}`);
  return out;
}

const END = Buffer.from("}");

/**
 * The /movie answer around a stored record's JSON. What was read from a file-name q
 * (`read`) goes last in the record's `extra`.
 */
export function movieJson(
  q: string,
  source: string,
  result: RecordJson,
  read: { code: string; part: number | null; marks: { subtitles: boolean; uncensored: boolean; leak: boolean } } | null,
): Buffer {
  const head = Buffer.from(`{"q":${JSON.stringify(q)},"source":${JSON.stringify(source)},"result":`);
  if (read === null) return joinJson([head, result, END]);
  const { subtitles, uncensored, leak } = read.marks;
  const marks = `{"subtitles":${subtitles},"uncensored":${uncensored},"leak":${leak}}`;
  const readJson = Buffer.from(`,"code":${JSON.stringify(read.code)},"part":${read.part},"marks":${marks}}}}`);
  return joinJson([head, openExtra(result), readJson]);
}

const OPEN = Buffer.from("[");
const CLOSE = Buffer.from("]");

/** The /random answer: the records' JSON array, or null when one of them has no stored JSON to send as it is. */
export function recordsJson(docs: readonly RecordDoc[]): Buffer | null {
  const parts: (Buffer | RecordJson)[] = [OPEN];
  for (let i = 0; i < docs.length; i++) {
    const json = recordJsonOf(docs[i]);
    if (json === null) return null;
    if (i > 0) parts.push(COMMA);
    parts.push(json);
  }
  parts.push(CLOSE);
  return joinJson(parts);
}

/** What the /query answer says around its results. */
interface QueryHead {
  q: string;
  source: string;
  query: string;
  count: number;
}

const isJson = (r: SearchResultOut): r is Uint8Array => r instanceof Uint8Array;
const RESULTS_END = Buffer.from("]}");

/**
 * The /query answer: the envelope around each result's JSON bytes (catalog titles come
 * so, result-json.ts); null when some result is an object (a live provider's).
 */
export function queryJson(body: QueryHead & { results: readonly SearchResultOut[] }): Buffer | null {
  if (!body.results.every(isJson)) return null;
  const head = `{"q":${JSON.stringify(body.q)},"source":${JSON.stringify(body.source)},"query":${JSON.stringify(body.query)},"count":${body.count},"results":[`;
  const parts: Uint8Array[] = [Buffer.from(head)];
  body.results.forEach((r, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(r as Uint8Array);
  });
  parts.push(RESULTS_END);
  return Buffer.concat(parts);
}
