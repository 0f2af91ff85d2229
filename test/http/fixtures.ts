import { expect } from "vitest";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { TestApp } from "../helpers/build-app.js";

/** Exact key sets of the wire shapes (spec 2.1 - 2.4, DESIGN.md section 1 errors). */
export const DETAILED_KEYS = [
  "contentId",
  "dvdId",
  "titleEn",
  "titleJa",
  "commentEn",
  "commentJa",
  "runtimeMins",
  "releaseDate",
  "makers",
  "label",
  "series",
  "categories",
  "actresses",
  "actors",
  "directors",
  "authors",
  "jacketFullUrl",
  "jacketThumbUrl",
  "site",
  "serviceCode",
  "extra",
].sort();
export const EXTRA_KEYS = ["actressesRich", "sampleUrl", "galleryFull", "galleryThumb"].sort();
export const SEARCH_RESULT_KEYS = ["id", "dvdId", "title", "cover", "releaseDate", "extra"].sort();
/** The spec's studio and url, then what javinfo.dev clients print of a result. */
export const SEARCH_EXTRA_KEYS = ["studio", "url", "maker", "actresses", "categories", "runtimeMins", "series"];
export const MOVIE_ENVELOPE_KEYS = ["q", "source", "result"].sort();
export const QUERY_ENVELOPE_KEYS = ["q", "source", "query", "count", "results"].sort();
export const ERROR_KEYS = ["statusCode", "error", "code", "message"].sort();

export const DETAILED_DATE = /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/;
export const SEARCH_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const JSON_TYPE = "application/json; charset=utf-8";
export const MAX_SAFE = 9007199254740991;

const keysOf = (v: unknown) => Object.keys(v as object).sort();
const isString = (v: unknown) => typeof v === "string";
const isStringArray = (v: unknown) => Array.isArray(v) && v.every(isString);
const isNullableString = (v: unknown) => v === null || typeof v === "string";

/** A detailed record with exactly the spec's fields and types: nulls present, arrays never null. */
export function expectDetailedRecord(r: Record<string, unknown>): void {
  expect(keysOf(r)).toEqual(DETAILED_KEYS);
  for (const f of ["contentId", "dvdId", "titleEn", "titleJa", "label", "jacketFullUrl", "jacketThumbUrl", "site", "serviceCode", "releaseDate"]) {
    expect(isString(r[f]), `${f} is a string`).toBe(true);
  }
  for (const f of ["commentEn", "commentJa", "series"]) {
    expect(f in r, `${f} present`).toBe(true);
    expect(isNullableString(r[f]), `${f} is string or null`).toBe(true);
  }
  for (const f of ["makers", "categories", "actresses", "actors", "directors", "authors"]) {
    expect(isStringArray(r[f]), `${f} is an array of strings`).toBe(true);
  }
  expect(Number.isInteger(r.runtimeMins)).toBe(true);
  expect(r.releaseDate).toMatch(DETAILED_DATE);
  const extra = r.extra as Record<string, unknown>;
  expect(keysOf(extra)).toEqual(EXTRA_KEYS);
  expect(Array.isArray(extra.actressesRich)).toBe(true);
  for (const a of extra.actressesRich as Record<string, unknown>[]) {
    expect(keysOf(a)).toEqual(["image", "name"]);
    expect(isString(a.name)).toBe(true);
    expect(isNullableString(a.image)).toBe(true);
  }
  expect("sampleUrl" in extra).toBe(true);
  expect(isNullableString(extra.sampleUrl)).toBe(true);
  expect(isStringArray(extra.galleryFull)).toBe(true);
  expect(isStringArray(extra.galleryThumb)).toBe(true);
}

export function expectSearchResult(r: Record<string, unknown>): void {
  expect(keysOf(r)).toEqual(SEARCH_RESULT_KEYS);
  for (const f of ["id", "dvdId", "title", "cover", "releaseDate"]) expect(isString(r[f]), `${f} is a string`).toBe(true);
  expect(r.releaseDate).toMatch(SEARCH_DATE);
  const extra = r.extra as Record<string, unknown>;
  expect(Object.keys(extra)).toEqual(SEARCH_EXTRA_KEYS);
  expect(isString(extra.studio)).toBe(true);
  expect(isString(extra.url)).toBe(true);
  expect(extra.maker === null ? extra.studio : extra.maker).toBe(extra.studio);
  expect(Array.isArray(extra.actresses)).toBe(true);
  for (const a of extra.actresses as Record<string, unknown>[]) {
    expect(Object.keys(a)).toEqual(["name", "image"]);
    expect(isString(a.name)).toBe(true);
    expect(isNullableString(a.image)).toBe(true);
  }
  expect(isStringArray(extra.categories)).toBe(true);
  expect(Number.isInteger(extra.runtimeMins)).toBe(true);
  expect(isNullableString(extra.series)).toBe(true);
}

/** The /query envelope, every result checked, count = results.length. */
export function expectQueryEnvelope(body: Record<string, unknown>): void {
  expect(keysOf(body)).toEqual(QUERY_ENVELOPE_KEYS);
  expect(isString(body.q)).toBe(true);
  expect(isString(body.source)).toBe(true);
  expect(isString(body.query)).toBe(true);
  expect(Number.isInteger(body.count)).toBe(true);
  expect(Array.isArray(body.results)).toBe(true);
  expect(body.count).toBe((body.results as unknown[]).length);
  for (const r of body.results as Record<string, unknown>[]) expectSearchResult(r);
}

/**
 * The /movie envelope. A q read as a file name (more than a bare code) adds `code`
 * `part` and `marks` to the record's extra, together: checked here, the rest as the spec's.
 */
export function expectMovieEnvelope(body: Record<string, unknown>): void {
  expect(keysOf(body)).toEqual(MOVIE_ENVELOPE_KEYS);
  expect(isString(body.q)).toBe(true);
  expect(isString(body.source)).toBe(true);
  const result = body.result as Record<string, unknown>;
  const { code, part, marks, ...extra } = result.extra as Record<string, unknown>;
  if (code !== undefined || part !== undefined || marks !== undefined) {
    expect(isString(code), "extra.code is a string").toBe(true);
    expect(part === null || (Number.isInteger(part) && (part as number) > 0), "extra.part is a positive integer or null").toBe(true);
    expect(Object.keys(marks as object), "extra.marks").toEqual(["subtitles", "uncensored", "leak"]);
    for (const v of Object.values(marks as object)) expect(typeof v, "extra.marks's values").toBe("boolean");
  }
  expectDetailedRecord({ ...result, extra });
}

/** Headers every JSON response carries. */
export function expectJsonHeaders(res: LightMyRequestResponse): void {
  expect(res.headers["content-type"]).toBe(JSON_TYPE);
  expect(typeof res.headers["x-request-id"]).toBe("string");
  expect(String(res.headers["x-request-id"]).length).toBeGreaterThan(0);
}

export function expectOk(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(200);
  expectJsonHeaders(res);
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
};

/** Fastify's error shape, exactly: {statusCode, error, code, message}. */
export function expectError(res: LightMyRequestResponse, status: number, code: string): Record<string, unknown> {
  expect(res.statusCode, res.body).toBe(status);
  expectJsonHeaders(res);
  const body = res.json() as Record<string, unknown>;
  expect(keysOf(body)).toEqual(ERROR_KEYS);
  expect(body.statusCode).toBe(status);
  expect(body.error).toBe(STATUS_TEXT[status]);
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe("string");
  expect((body.message as string).length).toBeGreaterThan(0);
  return body;
}

/** GET with query parameters (arrays become repeated parameters) and POST with a JSON body, keyed. */
export function client(t: TestApp, key: string = t.key) {
  const headers = (extra: Record<string, string> = {}) => ({ "x-service-key": key, ...extra });
  return {
    get(path: string, params: QueryParams = {}, extra: Record<string, string> = {}) {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(params)) for (const one of ([] as (string | number)[]).concat(v)) qs.append(k, String(one));
      const s = qs.toString();
      return t.app.inject({ method: "GET", url: s ? `${path}?${s}` : path, headers: headers(extra) });
    },
    post(path: string, body?: unknown, extra: Record<string, string> = {}) {
      const opts: InjectOptions = { method: "POST", url: path, headers: headers(extra) };
      if (body !== undefined) {
        opts.payload = typeof body === "string" ? body : JSON.stringify(body);
        opts.headers = { "content-type": "application/json", ...headers(extra) };
      }
      return t.app.inject(opts);
    },
  };
}

export type Client = ReturnType<typeof client>;

/** Both forms of one call: GET with query parameters, POST with the same fields as JSON. */
export const FORMS = ["GET", "POST"] as const;
export type Form = (typeof FORMS)[number];

type QueryParams = Record<string, string | number | (string | number)[]>;

/** GET takes scalars and lists only; POST also takes objects (a filter), sent as they are. */
export function call(c: Client, form: Form, path: string, params: Record<string, unknown> = {}) {
  return form === "GET" ? c.get(path, params as QueryParams) : c.post(path, params);
}
