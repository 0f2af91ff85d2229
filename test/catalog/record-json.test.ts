import Fastify, { type FastifyInstance } from "fastify";
import { SERIALIZER_OPTS } from "../../src/model/formats.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeDoc, encodeDoc } from "../../src/catalog/store/doc-codec.js";
import { EXTRA_FIELDS, RECORD_FIELDS } from "../../src/model/fields.js";
import { getMovieById } from "../../src/catalog/store/movies-read.js";
import type { DetailedRecord, IngestRecord } from "../../src/model/record.js";
import { recordJson, recordJsonOf } from "../../src/catalog/wire/record-json.js";
import { EMPTY_FILTER } from "../../src/catalog/search/filter-sql.js";
import { generateSampleRecords } from "../../src/samples/titles/generate.js";
import { DetailedRecordSchema, MovieResponseSchema, RandomResponseSchema } from "../../src/server/schemas/record.js";
import { jsonBody } from "../../src/server/routes/json-body.js";
import type { StoredMovie } from "../../src/catalog/store/movies-read.js";
import { type CodeRead, movieBody } from "../../src/services/titles/lookup-movie.js";
import type { RandomAnswer } from "../../src/services/search-pool/answers.js";
import { drawRandom, randomBody } from "../../src/services/search/random-records.js";
import { buildTestApp, makeIngest, makeRecord } from "../helpers/build-app.js";
import { edgeRecords } from "../helpers/edge-records.js";

/**
 * The text answers must be the bytes fastify's serialiser writes for the same record
 * with the real response schemas: an app with two routes per schema, one returning the
 * decoded object (serialised), one the text built from the stored document. /random's
 * text is a draw (drawRandom) of a whole catalog; its object route serialises the
 * records in the order drawn.
 */
let app: FastifyInstance;
let docs: string[] = [];
let drawn: { answer: RandomAnswer; records: DetailedRecord[] } | null = null;
/** What /movie read from a file-name q, sent in the record's extra (null: a bare code). */
let read: CodeRead | null = null;
const stored = (doc: string): StoredMovie => ({
  id: 1,
  provider: "p",
  serviceCode: "digital",
  pageUrl: "",
  ratingAvg: null,
  get record() {
    return decodeDoc(doc);
  },
  docBytes: () => Buffer.from(doc),
});
const bytes = (doc: string) => Buffer.from(doc);

beforeAll(async () => {
  app = Fastify({ serializerOpts: SERIALIZER_OPTS });
  const movie = { schema: { response: { 200: MovieResponseSchema } } };
  const random = { schema: { response: { 200: RandomResponseSchema } } };
  app.get("/movie/object", movie, async (_req, reply) =>
    jsonBody(reply, movieBody({ q: 'q "ü" \u2028', source: "p", result: decodeDoc(docs[0]), resultJson: null, read })),
  );
  app.get("/movie/text", movie, async (_req, reply) => {
    const m = stored(docs[0]);
    return jsonBody(reply, movieBody({ q: 'q "ü" \u2028', source: "p", result: m.record, resultJson: recordJsonOf(m), read }));
  });
  app.get("/random/object", random, async () => drawn!.records);
  app.get("/random/text", random, async (_req, reply) => jsonBody(reply, randomBody(drawn!.answer)));
  await app.ready();
});
afterAll(() => app.close());

/**
 * A catalog holding `records`, drawn whole as /random draws (drawRandom): the answer must
 * be the stored bytes, not the records handed to the serialiser. The records' order is
 * read from the answer, to serialise the same records in the same order.
 */
async function drawWhole(records: IngestRecord[]): Promise<void> {
  const t = await buildTestApp(records);
  try {
    const answer = drawRandom(t.deps, records.length, EMPTY_FILTER);
    expect("json" in answer).toBe(true);
    const byId = new Map(records.map((r) => [r.record.contentId, r.record]));
    expect(byId.size).toBe(records.length);
    const order = (JSON.parse((answer as { json: Buffer }).json.toString("utf8")) as DetailedRecord[]).map((r) => r.contentId);
    expect(new Set(order)).toEqual(new Set(byId.keys()));
    drawn = { answer, records: order.map((id) => byId.get(id)!) };
  } finally {
    await t.close();
  }
}

async function bodies(route: "movie" | "random"): Promise<[string, string]> {
  const a = await app.inject({ url: `/${route}/object` });
  const b = await app.inject({ url: `/${route}/text` });
  expect(a.statusCode).toBe(200);
  expect(b.statusCode).toBe(200);
  expect(b.headers["content-type"]).toBe(a.headers["content-type"]);
  // The very bytes, not only the same text once decoded.
  expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
  expect(b.headers["content-length"]).toBe(a.headers["content-length"]);
  return [a.body, b.body];
}

describe("a record's JSON from its stored document", () => {
  it("knows the fields in the response schema's order", () => {
    expect(RECORD_FIELDS).toEqual(Object.keys(DetailedRecordSchema.properties));
    expect(EXTRA_FIELDS).toEqual(Object.keys(DetailedRecordSchema.properties.extra.properties));
  });

  it("is byte for byte what the serialiser writes, for generated records", async () => {
    const records = [...generateSampleRecords({ count: 1500, seed: 3 }), ...generateSampleRecords({ count: 500, seed: 7, start: 400_000 })];
    for (const r of records) expect(recordJson(bytes(encodeDoc(r.record)))).not.toBeNull();
    await drawWhole(records);
    const [objects, texts] = await bodies("random");
    expect(texts).toBe(objects);
    expect(JSON.parse(texts)).toEqual(drawn!.records);
    docs = [encodeDoc(records[0].record)];
    const [object, text] = await bodies("movie");
    expect(text).toBe(object);
  });

  it("is byte for byte what the serialiser writes, for nulls, empty arrays, escapes and every form of gallery", async () => {
    const records = edgeRecords();
    let patterns = 0;
    for (const r of records) {
      docs = [encodeDoc(r)];
      if (docs[0].includes('"head":')) patterns++;
      expect(recordJson(bytes(docs[0]))).not.toBeNull();
      const [object, text] = await bodies("movie");
      expect(text).toBe(object);
    }
    // The counting galleries, awkward heads and tails included, went through the pattern.
    expect(patterns).toBeGreaterThan(40);
    await drawWhole(records.map((r) => makeIngest(r)));
    const [objects, texts] = await bodies("random");
    expect(texts).toBe(objects);
  });

  it("carries the code, part and marks read from a file name last in extra, byte for byte as the serialiser writes them", async () => {
    const records = edgeRecords().slice(0, 60);
    const none = { subtitles: false, uncensored: false, leak: false };
    const reads: CodeRead[] = [
      { code: "ABP-123", part: 2, marks: { subtitles: true, uncensored: false, leak: false } },
      { code: "FC2-PPV-1234567", part: null, marks: none },
      { code: 'odd "\\ \u2028 凛', part: 99, marks: { subtitles: true, uncensored: true, leak: true } },
    ];
    try {
      for (const [i, r] of records.entries()) {
        read = reads[i % reads.length];
        docs = [encodeDoc(r)];
        const [object, text] = await bodies("movie");
        expect(text).toBe(object);
        const extra = JSON.parse(text).result.extra;
        expect(extra).toEqual({ ...r.extra, code: read.code, part: read.part, marks: read.marks });
        expect(Object.keys(extra).slice(-3)).toEqual(["code", "part", "marks"]);
      }
    } finally {
      read = null;
    }
  });

  it("declines documents laid out otherwise, which then go through the serialiser", async () => {
    const r = makeRecord({
      extra: { actressesRich: [{ name: "A", image: null }], sampleUrl: null, galleryFull: ["https://x/a-1.jpg", "https://x/a-2.jpg"], galleryThumb: [] },
    });
    const good = encodeDoc(r);
    const { dvdId, ...rest } = r;
    const variants = [
      JSON.stringify({ dvdId, ...rest }), // another field order (a catalog written before the order was fixed)
      good.replace('"titleEn"', '"extraKey":1,"titleEn"'), // an unknown key
      good.replace('"runtimeMins":120', '"runtimeMins":120.5'), // a number the serialiser would truncate
      good.replace('"runtimeMins":120', '"runtimeMins":"120"'),
      good.replace('{"name":"A","image":null}', '{"image":null,"name":"A"}'),
      good.replace('{"name":"A","image":null}', '{"name":"A","image":null,"id":7}'),
      good.replace('"commentEn":null', '"commentEn":7'),
      good.replace('"makers":["Prestige"]', '"makers":"Prestige"'),
      good.replace(/"n":2\}/, '"n":0}'),
      good.replace(/"n":2\}/, '"n":02}'),
      good.slice(0, -1),
      `${good} `,
    ];
    for (const v of variants) {
      expect(v).not.toBe(good);
      expect(recordJson(bytes(v)), v).toBeNull();
    }
    // The route still answers, through the decoder and the serialiser.
    docs = [variants[0]];
    const res = await app.inject({ url: "/movie/text" });
    expect(res.json().result).toEqual(r);
    expect(res.body).toBe((await app.inject({ url: "/movie/object" })).body);
  });
});

describe("documents of a catalog written before the field order was fixed", () => {
  it("are served unchanged by /movie and /random", async () => {
    const records = [makeIngest({ contentId: "old00001", dvdId: "OLD-001", commentEn: "c" }), makeIngest({ contentId: "new00001", dvdId: "NEW-001" })];
    const t = await buildTestApp(records);
    try {
      // Rewrite one document as older code could store it: keys in another order.
      const { contentId, ...rest } = records[0].record;
      t.db
        .prepare("UPDATE movie_docs SET doc = ? WHERE id = (SELECT id FROM movies WHERE content_id = 'old00001')")
        .run(JSON.stringify({ ...rest, contentId }));
      const id = t.db.prepare("SELECT id FROM movies WHERE content_id = 'old00001'").pluck().get() as number;
      expect(recordJsonOf(getMovieById(t.db, id)!)).toBeNull();
      for (const [q, r] of [
        ["OLD-001", records[0]],
        ["NEW-001", records[1]],
      ] as const) {
        const res = await t.app.inject({ url: `/movie?q=${q}`, headers: { "x-service-key": t.key } });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
        expect(res.json()).toEqual({ q, source: "file", result: r.record });
      }
      const res = await t.app.inject({ url: "/random?num=2", headers: { "x-service-key": t.key } });
      expect(res.statusCode).toBe(200);
      const got = (res.json() as DetailedRecord[]).sort((a, b) => a.contentId.localeCompare(b.contentId));
      expect(got).toEqual([records[1].record, records[0].record]);
      const found = await t.app.inject({ url: "/query?q=OLD-001", headers: { "x-service-key": t.key } });
      expect(found.json().results[0]).toMatchObject({ id: "old00001", dvdId: "OLD-001", title: records[0].record.titleEn, extra: { studio: "Prestige" } });
    } finally {
      await t.close();
    }
  });
});
