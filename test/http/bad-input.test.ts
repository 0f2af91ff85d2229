/**
 * Bad input never breaks the server: generated requests (fast-check) to every endpoint,
 * GET and POST, every parameter, the filter syntax and the headers. Every answer is a
 * 2xx, or a 4xx in the documented shape, with no internals in it; never a 500 or a hang.
 */
import { connect } from "node:net";
import type { InjectOptions } from "fastify";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IngestRecord } from "../../src/model/record.js";
import { generateSampleRecords } from "../../src/samples/titles/generate.js";
import { buildTestApp, type TestApp } from "../helpers/build-app.js";
import { ERROR_KEYS } from "./fixtures.js";

const ENDPOINTS = ["/movie", "/query", "/random"] as const;
const PARAMS = ["q", "providers", "filter", "sort", "page", "num"];
const FILTER_KEYS = [
  "genre",
  "actress",
  "actor",
  "director",
  "author",
  "maker",
  "label",
  "series",
  "censored",
  "runtimeMin",
  "runtimeMax",
  "releaseAfter",
  "releaseBefore",
  "site",
  "provider",
];
const RUNS = 150;
/** Inputs generated in all, counted for the closing figures. */
let generated = 0;

/** Any text: every code point, lone surrogates and control characters included. */
const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\ud800",
    "\udfff",
    "a\ud800b",
    "\u202e",
    "\ufeff",
    "%",
    "%zz",
    "%E0%A4%A",
    "__proto__",
    "constructor",
    "Infinity",
    "NaN",
    "-0",
    "1e400",
  ),
);
/** Numbers as text, the huge, the fractional and the odd. */
const numberText = fc.oneof(
  fc.double().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.constantFrom("0", "-1", "1.5", "9007199254740991", "9007199254740992", "1e3", "0x10", " 5", "5 ", "+5", "05", "Infinity", "-Infinity", "NaN", ""),
);
/** Filter text: keys (known or not), values, quotes, ranges and noise, in any order. */
const filterText = fc
  .array(
    fc.oneof(
      fc.tuple(fc.constantFrom(...FILTER_KEYS, "foo", "", "GENRE"), fc.oneof(anyText, numberText, fc.constant('"quoted value"'))).map(([k, v]) => `${k}:${v}`),
      anyText,
      fc.constantFrom('"', ":", "::", "releaseAfter:2021-13-45", "runtimeMin:-1", 'maker:"unterminated', "{", '{"genre":', "[]", "null"),
    ),
    { maxLength: 5 },
  )
  .map((parts) => parts.join(" "));
/** JSON values of any shape (deep ones are built as text: see deepJson). */
const anyJson = fc.jsonValue({ maxDepth: 3 });
/** JSON text nested `depth` deep: arrays, or objects. */
const deepJson = fc
  .tuple(fc.integer({ min: 50, max: 5000 }), fc.boolean())
  .map(([d, arrays]) => (arrays ? "[".repeat(d) + "]".repeat(d) : '{"a":'.repeat(d) + "1" + "}".repeat(d)));

function expectSane(res: { statusCode: number; body: string; headers: Record<string, unknown> }, what: string): void {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.statusCode, what).toBeGreaterThanOrEqual(200);
  if (res.statusCode >= 400) {
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(Object.keys(body).sort(), what).toEqual(ERROR_KEYS);
    expect(body.statusCode, what).toBe(res.statusCode);
    expect(typeof body.code, what).toBe("string");
    expect(typeof body.message, what).toBe("string");
    // No internals: stack frames, file paths, SQL.
    expect(res.body, what).not.toMatch(/\bat .*\.(ts|js):\d+|node_modules|\/src\/|SQLITE|sqlite|SELECT |TypeError|undefined is not/);
  } else {
    expect(() => JSON.parse(res.body), what).not.toThrow();
  }
}

describe("bad input, generated", () => {
  let t: TestApp;
  beforeAll(async () => {
    const records: IngestRecord[] = [...generateSampleRecords({ count: 300, start: 0 })];
    t = await buildTestApp(records, { MAX_PAGE_SIZE: "50" });
  });
  afterAll(async () => {
    await t.close();
    console.log(`bad input: ${generated} generated requests`);
  });

  const inject = async (opts: InjectOptions, what: string) => {
    generated++;
    const res = await Promise.race([
      t.app.inject(opts),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within 5 s: ${what}`)), 5000)),
    ]);
    expectSane(res as never, what);
    return res;
  };

  it("GET: any parameters, known or not, repeated, with any values", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PARAMS), anyText), fc.oneof(anyText, numberText, filterText)), { maxLength: 6 }),
        async (path, pairs) => {
          const qs = new URLSearchParams();
          for (const [k, v] of pairs) qs.append(k, v);
          await inject({ method: "GET", url: `${path}?${qs}`, headers: { "x-service-key": t.key } }, `GET ${path}?${qs}`);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("GET: raw query strings, percent-encoding broken or not", async () => {
    const raw = fc.string({
      unit: fc.constantFrom("q", "=", "&", "%", "2", "F", "E", "0", "[", "]", "+", ";", "num", "page", "filter", "\u00e9"),
      maxLength: 40,
    });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), raw, async (path, query) => {
        const url = `${path}?${encodeURI(query).replace(/%25/g, "%")}`;
        await inject({ method: "GET", url, headers: { "x-service-key": t.key } }, `GET ${url}`);
      }),
      { numRuns: RUNS },
    );
  });

  it("POST: bodies with any fields of any type", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        fc.dictionary(fc.oneof(fc.constantFrom(...PARAMS), anyText), anyJson, { maxKeys: 5 }),
        async (path, body) => {
          const payload = JSON.stringify(body);
          await inject(
            { method: "POST", url: path, payload, headers: { "x-service-key": t.key, "content-type": "application/json" } },
            `POST ${path} ${payload.slice(0, 200)}`,
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("POST: deep JSON, as the body or as a field", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), fc.constantFrom(...PARAMS, ""), deepJson, async (path, field, deep) => {
        const payload = field === "" ? deep : `{"${field}":${deep}}`;
        await inject(
          { method: "POST", url: path, payload, headers: { "x-service-key": t.key, "content-type": "application/json" } },
          `POST ${path} ${field} nested ${deep.length / 2}`,
        );
      }),
      { numRuns: 40 },
    );
  });

  it("POST: bodies that are not JSON objects, or not JSON", async () => {
    const body = fc.oneof(
      anyJson.map((v) => JSON.stringify(v)),
      deepJson,
      anyText,
      fc.constantFrom("{", '{"q":', "[1,2", "\u0000", "{}{}", '{"q":"a"} trailing', "null", "true", "1"),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        body,
        fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded", ""),
        async (path, payload, type) => {
          const headers: Record<string, string> = { "x-service-key": t.key };
          if (type) headers["content-type"] = type;
          await inject({ method: "POST", url: path, payload, headers }, `POST ${path} (${type}) ${payload.slice(0, 100)}`);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("POST: the filter as an object with any keys and values", async () => {
    const filter = fc.dictionary(fc.oneof(fc.constantFrom(...FILTER_KEYS), anyText), fc.oneof(anyJson, anyText, numberText), { maxKeys: 4 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("/query", "/random"), filter, async (path, f) => {
        const payload = JSON.stringify({ filter: f });
        await inject(
          { method: "POST", url: path, payload, headers: { "x-service-key": t.key, "content-type": "application/json" } },
          `POST ${path} ${payload.slice(0, 200)}`,
        );
      }),
      { numRuns: RUNS },
    );
  });

  it("headers: any key, any content type, both key headers at once", async () => {
    const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), headerText, headerText, fc.boolean(), async (path, key, other, both) => {
        const headers: Record<string, string> = { "x-service-key": key };
        if (both) headers["x-javinfo-key"] = other;
        await inject({ method: "GET", url: `${path}?q=abp`, headers }, `GET ${path} key ${JSON.stringify(key)}`);
      }),
      { numRuns: RUNS },
    );
  });

  it("a JSON body field of the wrong type is a 400 (never coerced)", async () => {
    for (const [path, body] of [
      ["/movie", { q: 5 }],
      ["/movie", { q: ["ABP-123"] }],
      ["/query", { q: true }],
      ["/query", { num: "5" }],
      ["/random", { num: 5.5 }],
      ["/query", { page: null }],
    ] as const) {
      const res = await inject(
        { method: "POST", url: path, payload: JSON.stringify(body), headers: { "x-service-key": t.key, "content-type": "application/json" } },
        path,
      );
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json()).toMatchObject({ code: "INVALID_PARAMETER" });
    }
  });

  it("names that are also JavaScript's (constructor, __proto__, toString) are unknown names, a 4xx", async () => {
    const get = [
      "/query?filter=provider:constructor",
      "/query?filter=constructor:x",
      "/query?filter=__proto__:x",
      "/random?providers=toString",
      "/movie?q=abp&providers=__proto__",
    ];
    for (const url of get) {
      const res = await inject({ method: "GET", url, headers: { "x-service-key": t.key } }, url);
      expect(res.statusCode, url).toBe(400);
    }
    for (const body of [
      '{"filter":{"provider":"constructor"}}',
      '{"filter":{"constructor":"x"}}',
      '{"filter":{"__proto__":{"x":1}}}',
      '{"providers":["hasOwnProperty"]}',
    ]) {
      const res = await inject({ method: "POST", url: "/query", payload: body, headers: { "x-service-key": t.key, "content-type": "application/json" } }, body);
      expect(res.statusCode, body).toBe(400);
    }
  });

  it("an oversized body is a 413", async () => {
    const payload = JSON.stringify({ q: "x".repeat(64 * 1024) });
    const res = await inject({ method: "POST", url: "/query", payload, headers: { "x-service-key": t.key, "content-type": "application/json" } }, "big body");
    expect(res.statusCode).toBe(413);
  });
});

describe("slow clients", () => {
  let t: TestApp;
  let origin: { host: string; port: number };
  beforeAll(async () => {
    t = await buildTestApp([], { REQUEST_TIMEOUT_MS: "1000" });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const a = t.app.server.address() as { address: string; port: number };
    origin = { host: a.address, port: a.port };
  });
  afterAll(() => t.close());

  it("a request that trickles in is cut off after REQUEST_TIMEOUT_MS, and the server goes on answering", async () => {
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(origin.port, origin.host);
      let got = "";
      socket.on("data", (d) => (got += d.toString()));
      socket.on("close", () => resolve(got));
      socket.on("error", () => resolve(got));
      socket.write("GET /health HTTP/1.1\r\nHost: x\r\n");
      // One header byte now and then, never the end of the headers.
      const drip = setInterval(() => socket.write("X"), 200);
      socket.on("close", () => clearInterval(drip));
    });
    const took = Date.now() - started;
    expect(answer === "" || /^HTTP\/1\.1 408/.test(answer), answer).toBe(true);
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(5000);
    const res = await fetch(`http://${origin.host}:${origin.port}/health`);
    expect(res.status).toBe(200);
  });
});
