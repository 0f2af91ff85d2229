import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../helpers/build-app.js";

/** A path whose % escape does not decode is refused by Fastify before any route: still in the face's own error shape. */
describe("a path that does not decode", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp([]);
  });
  afterAll(() => t.close());

  it("is the API's 400 INVALID_PARAMETER, with a request id", async () => {
    for (const url of ["/movie%zz", "/query%E0%A4%A?q=x", "/dashboard/%zz"]) {
      const res = await t.app.inject({ url, headers: { "x-service-key": t.key } });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers["x-request-id"]).toBeTruthy();
      expect(res.json()).toEqual({
        statusCode: 400,
        error: "Bad Request",
        code: "INVALID_PARAMETER",
        message: "the URL's path is not valid: a % escape in it does not decode",
      });
    }
  });

  it("is MetaTube's envelope under /v1", async () => {
    for (const url of ["/v1/movies/FANZA/abc%zz", "/v1/images/primary/FANZA/%zz?url=&quality=90"]) {
      const res = await t.app.inject({ url, headers: { authorization: `Bearer ${t.key}` } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ error: { code: 400, message: "the URL's path is not valid: a % escape in it does not decode" } });
    }
  });
});
