import type { FastifyReply } from "fastify";
import type { RecordDoc } from "../../catalog/movies-read.js";
import type { DetailedRecord } from "../../catalog/record.js";
import type { MovieAnswer } from "../../services/lookup-movie.js";

/**
 * Answers built as text from records' stored JSON (src/catalog/record-json.ts), in the
 * order and form of MovieResponseSchema and RandomResponseSchema. Fastify sends a
 * string as it is once the content type says JSON, so these skip both decoding the
 * records and the serialiser: on /movie and /random that was most of the work.
 * test/catalog/record-json.test.ts holds them to the serialiser's bytes.
 */
const JSON_TYPE = "application/json; charset=utf-8";

function sendText(reply: FastifyReply, text: string): string {
  reply.type(JSON_TYPE);
  return text;
}

/** The /movie response: text when the record's JSON is ready, else the object for the serialiser. */
export function movieResponse(reply: FastifyReply, a: MovieAnswer): string | { q: string; source: string; result: DetailedRecord } {
  if (a.resultJson === null) return { q: a.q, source: a.source, result: a.result };
  return sendText(reply, `{"q":${JSON.stringify(a.q)},"source":${JSON.stringify(a.source)},"result":${a.resultJson}}`);
}

/** The /random response: text when every record's JSON is ready, else the records for the serialiser. */
export function recordsResponse(reply: FastifyReply, movies: RecordDoc[]): string | DetailedRecord[] {
  const parts: string[] = new Array(movies.length);
  for (let i = 0; i < movies.length; i++) {
    const json = movies[i].recordJson?.() ?? null;
    if (json === null) return movies.map((m) => m.record);
    parts[i] = json;
  }
  return sendText(reply, `[${parts.join(",")}]`);
}
