import { afterEach, describe, expect, it } from "vitest";
import { generateSampleRecords } from "../../src/samples/titles/generate.js";
import { registerBaselineRoutes } from "../../bench/baseline-routes.js";
import { buildTestApp, type TestApp } from "../helpers/build-app.js";

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const get = (app: TestApp, url: string, key: string | null = app.key) => app.app.inject({ url, headers: key === null ? {} : { "x-service-key": key } });

describe("baseline routes (bench/serve.ts)", () => {
  it("are not served by the product's server", async () => {
    t = await buildTestApp([...generateSampleRecords({ count: 5 })]);
    expect((await get(t, "/bench/movie?q=x")).statusCode).toBe(404);
  });

  it("answer constants of the real answers' shape, behind the key check and the querystring schemas", async () => {
    t = await buildTestApp([...generateSampleRecords({ count: 60 })], {}, { routes: registerBaselineRoutes });
    const first = [...generateSampleRecords({ count: 1 })][0];
    expect((await get(t, "/bench/movie?q=abp1", null)).statusCode).toBe(401);
    expect((await get(t, "/bench/random?num=51")).statusCode).toBe(400);
    expect((await get(t, "/bench/query?nope=1")).statusCode).toBe(400);

    const real = (await get(t, `/movie?q=${first.record.dvdId}`)).json();
    const movie = await get(t, "/bench/movie?q=abp1");
    expect(movie.statusCode).toBe(200);
    expect(movie.json()).toEqual({ q: "abp1", source: "sample", result: real.result });

    const random = (await get(t, "/bench/random?num=50")).json();
    expect(random).toHaveLength(50);
    expect(new Set(random.map((r: { contentId: string }) => r.contentId)).size).toBe(50);
    expect(Object.keys(random[0])).toEqual(Object.keys(real.result));
    expect((await get(t, "/bench/random")).json()).toHaveLength(20);

    const realQuery = (await get(t, "/query?q=&sort=release")).json();
    const query = await get(t, "/bench/query?q=drama&sort=views&page=100");
    expect(query.headers["x-total-count"]).toBeDefined();
    expect(query.json()).toMatchObject({ q: "drama", source: "catalog", query: "drama", count: 10 });
    expect(Object.keys(query.json().results[0])).toEqual(Object.keys(realQuery.results[0]));
  });

  it("answer empty-shaped constants over an empty catalog", async () => {
    t = await buildTestApp([], {}, { routes: registerBaselineRoutes });
    expect((await get(t, "/bench/movie?q=x")).json().result.contentId).toBe("");
    expect((await get(t, "/bench/random?num=5")).json()).toEqual([]);
    expect((await get(t, "/bench/query")).json()).toMatchObject({ count: 0, results: [] });
  });
});
