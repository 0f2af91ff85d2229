import Fastify, { type FastifyInstance } from "fastify";
import { SERIALIZER_OPTS } from "../../src/model/formats.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeDoc } from "../../src/catalog/store/doc-codec.js";
import type { DetailedRecord } from "../../src/model/record.js";
import { resultFields, searchResultJson } from "../../src/catalog/wire/result-json.js";
import { resultFieldsOf, resultOf } from "../../src/model/search-result.js";
import { generateSampleRecords } from "../../src/samples/titles/generate.js";
import { QueryResponseSchema } from "../../src/server/schemas/record.js";
import { jsonBody } from "../../src/server/routes/json-body.js";
import { queryBody } from "../../src/services/search/search-with-fallback.js";
import { makeRecord } from "../helpers/build-app.js";
import { edgeRecords } from "../helpers/edge-records.js";

const bytes = (doc: string) => Buffer.from(doc);
const records = (): DetailedRecord[] => [...[...generateSampleRecords({ count: 300, seed: 9 })].map((r) => r.record), ...edgeRecords()];
const PAGE = 'https://www.dmm.co.jp/x/?a="b"&c=\u2028';

describe("a search result's fields from the stored document", () => {
  it("are the decoded record's, escapes, empty makers and all", () => {
    const all = records();
    expect(all.some((r) => r.makers.length === 0)).toBe(true);
    for (const r of all) expect(resultFields(bytes(encodeDoc(r)))).toEqual(resultFieldsOf(r));
  });

  it("are declined for a document laid out otherwise", () => {
    const r = makeRecord();
    const { contentId, ...rest } = r;
    expect(resultFields(bytes(JSON.stringify({ ...rest, contentId })))).toBeNull();
    expect(resultFields(bytes(encodeDoc(r).replace('"makers":["Prestige"]', '"makers":"Prestige"')))).toBeNull();
    expect(searchResultJson(bytes(JSON.stringify({ ...rest, contentId })), PAGE)).toBeNull();
  });
});

/**
 * The /query answer built from stored bytes must be the bytes fastify's serialiser
 * writes for the same results with the real response schema: one route serialising
 * the objects, one sending the text.
 */
describe("a search result's JSON from the stored document", () => {
  let app: FastifyInstance;
  let page: DetailedRecord[] = [];
  const body = (raw: boolean) => ({
    q: 'q "ü" \u2028',
    source: "catalog",
    query: "q \\ ü",
    count: page.length,
    results: page.map((r) => (raw ? searchResultJson(bytes(encodeDoc(r)), PAGE)! : resultOf(resultFieldsOf(r), PAGE))),
  });
  beforeAll(async () => {
    app = Fastify({ serializerOpts: SERIALIZER_OPTS });
    const schema = { schema: { response: { 200: QueryResponseSchema } } };
    app.get("/object", schema, async (_req, reply) => jsonBody(reply, queryBody(body(false))));
    app.get("/text", schema, async (_req, reply) => jsonBody(reply, queryBody(body(true))));
    await app.ready();
  });
  afterAll(() => app.close());

  it("is byte for byte what the serialiser writes, generated and awkward records, ten at a time", async () => {
    const all = records();
    for (let i = 0; i < all.length; i += 10) {
      page = all.slice(i, i + 10);
      for (const r of page) expect(searchResultJson(bytes(encodeDoc(r)), PAGE), r.contentId).not.toBeNull();
      const a = await app.inject({ url: "/object" });
      const b = await app.inject({ url: "/text" });
      expect(b.statusCode).toBe(200);
      expect(b.headers["content-type"]).toBe(a.headers["content-type"]);
      expect(b.rawPayload.equals(a.rawPayload), b.body).toBe(true);
    }
    page = [];
    expect((await app.inject({ url: "/text" })).body).toBe((await app.inject({ url: "/object" })).body);
  });
});
