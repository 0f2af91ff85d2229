import type { FastifyReply } from "fastify";
import { joinJson, openExtra, type RecordDoc } from "../../catalog/index.js";
import type { DetailedRecord } from "../../model/record.js";
import type { MovieAnswer } from "../../services/lookup-movie.js";
import { recordsJson, type RandomAnswer } from "../../services/random-records.js";
import type { SearchAnswer } from "../../services/search-catalog.js";
import type { SearchResult } from "../../model/search-result.js";

/**
 * Answers built from records' stored JSON (src/catalog/record-json.ts), in the order
 * and form of MovieResponseSchema and RandomResponseSchema, as the UTF-8 bytes that go
 * on the wire. Fastify sends a Buffer as it is, so these skip decoding the records,
 * the serialiser and encoding the answer: on /movie and /random that was most of the
 * work. test/catalog/record-json.test.ts holds them to the serialiser's bytes.
 */
const JSON_TYPE = "application/json; charset=utf-8";
const COMMA = Buffer.from(",");
const END = Buffer.from("}");

function send(reply: FastifyReply, body: Buffer): Buffer {
  reply.type(JSON_TYPE);
  return body;
}

/**
 * The /movie response: the stored record's bytes in the envelope, else the object for
 * the serialiser. What was read from a file-name q goes last in `extra`.
 */
export function movieResponse(reply: FastifyReply, a: MovieAnswer): Buffer | { q: string; source: string; result: DetailedRecord } {
  if (a.resultJson === null) {
    const result = a.read === null ? a.result : { ...a.result, extra: { ...a.result.extra, ...a.read } };
    return { q: a.q, source: a.source, result };
  }
  const head = Buffer.from(`{"q":${JSON.stringify(a.q)},"source":${JSON.stringify(a.source)},"result":`);
  if (a.read === null) return send(reply, joinJson([head, a.resultJson, END]));
  const read = Buffer.from(`,"code":${JSON.stringify(a.read.code)},"part":${a.read.part}}}}`);
  return send(reply, joinJson([head, openExtra(a.resultJson), read]));
}

/** The /random response: every stored record's bytes in an array, else the records for the serialiser. */
export function recordsResponse(reply: FastifyReply, movies: RecordDoc[]): Buffer | DetailedRecord[] {
  return randomResponse(reply, drawnAnswer(movies));
}

function drawnAnswer(movies: RecordDoc[]): RandomAnswer {
  const json = recordsJson(movies);
  return json === null ? { records: movies.map((m) => m.record) } : { json };
}

/** A draw's answer (services/random-records.ts) as it is sent. */
export function randomResponse(reply: FastifyReply, a: RandomAnswer): Buffer | DetailedRecord[] {
  if ("records" in a) return a.records;
  return send(reply, Buffer.isBuffer(a.json) ? a.json : Buffer.from(a.json.buffer, a.json.byteOffset, a.json.byteLength));
}

type QueryBody = SearchAnswer["body"];
const isJson = (r: SearchResult | Uint8Array): r is Uint8Array => r instanceof Uint8Array;
const RESULTS_END = Buffer.from("]}");

/**
 * The /query response: the envelope around each result's JSON bytes (catalog titles
 * come so); else, when some result is an object (a live provider's), all as objects
 * for the serialiser.
 */
export function queryResponse(reply: FastifyReply, body: QueryBody): Buffer | QueryBody {
  if (!body.results.every(isJson)) {
    const results = body.results.map((r) => (isJson(r) ? (JSON.parse(Buffer.from(r).toString("utf8")) as SearchResult) : r));
    return { ...body, results };
  }
  const head = `{"q":${JSON.stringify(body.q)},"source":${JSON.stringify(body.source)},"query":${JSON.stringify(body.query)},"count":${body.count},"results":[`;
  const parts: Uint8Array[] = [Buffer.from(head)];
  body.results.forEach((r, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(r as Uint8Array);
  });
  parts.push(RESULTS_END);
  return send(reply, Buffer.concat(parts));
}
