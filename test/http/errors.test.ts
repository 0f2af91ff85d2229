import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey } from "../../src/catalog/index.js";
import { schemaErrorFormatter } from "../../src/server/plugins/errors.js";
import { buildTestApp, makeIngest, type TestApp } from "../helpers/build-app.js";
import { client, expectError, expectOk, type Client } from "./fixtures.js";

const ENDPOINTS = ["/movie", "/query", "/random"] as const;

describe("errors", () => {
  let t: TestApp;
  let c: Client;
  beforeAll(async () => {
    t = await buildTestApp([makeIngest(), makeIngest({ contentId: "ipx00001", dvdId: "IPX-001", titleEn: "Mentions ABP-999" })]);
    c = client(t);
  });
  afterAll(async () => {
    await t.close();
  });

  describe("INVALID_PARAMETER (400)", () => {
    it("for a parameter outside its bounds, naming it", async () => {
      const body = expectError(await c.get("/random", { num: "51" }), 400, "INVALID_PARAMETER");
      expect(body.message).toBe("querystring/num must be <= 50");
      const post = expectError(await c.post("/random", { num: 51 }), 400, "INVALID_PARAMETER");
      expect(post.message).toBe("body/num must be <= 50");
    });

    it("words a schema failure as Fastify's own formatter does, without a stack trace (the client's mistake is never logged)", () => {
      const errors = [
        { instancePath: "/num", message: "must be <= 50" },
        { instancePath: "", message: "must NOT have additional properties" },
      ];
      const e = schemaErrorFormatter(errors, "querystring");
      expect(e.message).toBe("querystring/num must be <= 50, querystring must NOT have additional properties");
      expect(e.stack).toBe("Error: querystring/num must be <= 50, querystring must NOT have additional properties");
      expect(new Error("x").stack).toMatch(/\n\s+at /);
    });

    it.each([
      ["/movie", { q: "ABP-123", foo: "1" }],
      ["/query", { q: "x", foo: "1" }],
      ["/random", { foo: "1" }],
      ["/query", { key: "abc" }],
      ["/query", { limit: "5" }],
    ])("for an unknown query parameter on GET %s", async (path, params) => {
      expectError(await c.get(path, params), 400, "INVALID_PARAMETER");
    });

    it.each([
      ["/movie", { q: "ABP-123", foo: 1 }],
      ["/query", { q: "x", foo: 1 }],
      ["/random", { num: 1, foo: 1 }],
      ["/query", { q: "x", filters: {} }],
    ])("for an unknown body field on POST %s", async (path, body) => {
      expectError(await c.post(path, body), 400, "INVALID_PARAMETER");
    });

    it.each(ENDPOINTS)("for a POST %s body that is not an object", async (path) => {
      for (const body of ["[]", '[{"q":"ABP-123"}]', '"text"', "42", "true"]) {
        const res = await c.post(path, body);
        expect(expectError(res, 400, "INVALID_PARAMETER").message).toBe("body must be object");
      }
      // A JSON `null` body counts as no body, like `{}`: /movie then lacks its q.
      if (path === "/movie") expect(expectError(await c.post(path, "null"), 400, "INVALID_PARAMETER").message).toBe("body must have required property 'q'");
    });

    it("for wrong types in a POST body", async () => {
      expectError(await c.post("/movie", { q: ["a", "b"] }), 400, "INVALID_PARAMETER");
      expectError(await c.post("/movie", { q: { x: 1 } }), 400, "INVALID_PARAMETER");
      expectError(await c.post("/query", { sort: 5 }), 400, "INVALID_PARAMETER");
      expectError(await c.post("/query", { providers: [1, { a: 1 }] }), 400, "INVALID_PARAMETER");
    });
  });

  describe("INVALID_JSON (400)", () => {
    it.each(ENDPOINTS)("for a POST %s body that is not JSON", async (path) => {
      for (const body of ["{bad json", '{"q": "ABP-123"', "{'q': 'x'}"]) {
        expectError(await c.post(path, body), 400, "INVALID_JSON");
      }
    });
  });

  describe("MISSING_API_KEY and INVALID_API_KEY (401)", () => {
    it.each(ENDPOINTS)("%s without a key, GET and POST", async (path) => {
      expectError(await t.app.inject({ method: "GET", url: `${path}?q=ABP-123` }), 401, "MISSING_API_KEY");
      expectError(await t.app.inject({ method: "POST", url: path, payload: { q: "ABP-123" } }), 401, "MISSING_API_KEY");
      expectError(await t.app.inject({ method: "GET", url: `${path}?q=ABP-123`, headers: { "x-service-key": "" } }), 401, "MISSING_API_KEY");
    });

    it.each(ENDPOINTS)("%s with a wrong key, GET and POST", async (path) => {
      const wrong = client(t, "vc_not-a-real-key");
      expectError(await wrong.get(path, { q: "ABP-123" }), 401, "INVALID_API_KEY");
      expectError(await wrong.post(path, { q: "ABP-123" }), 401, "INVALID_API_KEY");
      expectError(await client(t, "x".repeat(5000)).get(path, { q: "ABP-123" }), 401, "INVALID_API_KEY");
    });

    it("checks the key before the parameters", async () => {
      expectError(await t.app.inject({ method: "GET", url: "/random?num=999" }), 401, "MISSING_API_KEY");
      expectError(
        await t.app.inject({ method: "POST", url: "/query", payload: "{bad", headers: { "content-type": "application/json" } }),
        401,
        "MISSING_API_KEY",
      );
    });
  });

  describe("NOT_FOUND (404)", () => {
    it("for a /movie code that is not in the catalog, GET and POST", async () => {
      expectError(await c.get("/movie", { q: "ABP-999" }), 404, "NOT_FOUND");
      expectError(await c.post("/movie", { q: "ABP-999" }), 404, "NOT_FOUND");
    });
  });

  describe("ROUTE_NOT_FOUND (404)", () => {
    it.each([
      ["GET", "/nope"],
      ["POST", "/nope"],
      ["GET", "/movie/ABP-123"],
      ["PUT", "/movie"],
      ["DELETE", "/query"],
      // GET / is MetaTube's index now (test/metatube/protocol.test.ts); other methods still miss.
      ["POST", "/"],
    ] as const)("for %s %s, with or without a key", async (method, url) => {
      const body = expectError(await t.app.inject({ method, url }), 404, "ROUTE_NOT_FOUND");
      expect(body.message).toContain(url);
      expectError(await t.app.inject({ method, url, headers: { "x-service-key": t.key } }), 404, "ROUTE_NOT_FOUND");
    });
  });

  describe("BODY_TOO_LARGE (413)", () => {
    it.each(ENDPOINTS)("for a POST %s body over 16 KiB", async (path) => {
      const body = JSON.stringify({ q: "x".repeat(16 * 1024) });
      expect(Buffer.byteLength(body)).toBeGreaterThan(16 * 1024);
      expectError(await c.post(path, body), 413, "BODY_TOO_LARGE");
    });

    it("accepts a body of exactly 16 KiB and rejects one byte more", async () => {
      const exact = JSON.stringify({ q: "ABP-123" }).padEnd(16 * 1024, " ");
      expectOk(await c.post("/query", exact));
      expectError(await c.post("/query", exact + " "), 413, "BODY_TOO_LARGE");
    });
  });

  describe("UNSUPPORTED_MEDIA_TYPE (415)", () => {
    it.each(ENDPOINTS)("for a POST %s body that is not JSON by content type", async (path) => {
      for (const type of ["text/plain", "application/x-www-form-urlencoded", "text/plain; charset=utf-8", "application/xml"]) {
        const res = await t.app.inject({
          method: "POST",
          url: path,
          payload: '{"q":"ABP-123"}',
          headers: { "x-service-key": t.key, "content-type": type },
        });
        expectError(res, 415, "UNSUPPORTED_MEDIA_TYPE");
      }
    });

    it("accepts application/json with a charset", async () => {
      const res = await c.post("/movie", '{"q":"ABP-123"}', { "content-type": "application/json; charset=utf-8" });
      expectOk(res);
    });
  });

  describe("RATE_LIMITED (429)", () => {
    it("answers the third request of a key limited to 2 per minute, with a retry-after", async () => {
      const { token } = createKey(t.db, "slow", 2);
      const slow = client(t, token);
      expectOk(await slow.get("/movie", { q: "ABP-123" }));
      expectOk(await slow.post("/random", { num: 1 }));
      const res = await slow.get("/query", { q: "x" });
      const body = expectError(res, 429, "RATE_LIMITED");
      expect(body.message).toContain("2");
      expect(res.headers["retry-after"]).toMatch(/^\d+$/);
      const wait = Number(res.headers["retry-after"]);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expectError(await slow.post("/movie", { q: "ABP-123" }), 429, "RATE_LIMITED");
      // Other keys keep their own budget.
      expectOk(await c.get("/movie", { q: "ABP-123" }));
    });
  });

  it("gives every error response its own x-request-id", async () => {
    const responses = [
      await c.get("/random", { num: "0" }),
      await t.app.inject({ method: "GET", url: "/query" }),
      await t.app.inject({ method: "GET", url: "/nope" }),
      await c.post("/query", "{bad json"),
      await c.get("/movie", { q: "ZZZ-404" }),
    ];
    const ids = responses.map((r) => r.headers["x-request-id"]);
    for (const id of ids) expect(typeof id).toBe("string");
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("never answers with a 5xx for odd but well-formed input", async () => {
    const odd = ["\u0000", "\uD800", "%", "%%", "'; DROP TABLE movies; --", "🎬", "\\", "ABP-123\u0000"];
    for (const q of odd) {
      for (const res of [await c.get("/query", { q }), await c.post("/query", { q }), await c.get("/movie", { q }), await c.post("/movie", { q })]) {
        expect(res.statusCode, `${JSON.stringify(q)}: ${res.body}`).toBeLessThan(500);
      }
    }
    const raw = await t.app.inject({ method: "GET", url: "/query?q=%E0%A4%A", headers: { "x-service-key": t.key } });
    expect(raw.statusCode).toBeLessThan(500);
  });
});
