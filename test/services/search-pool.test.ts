import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSampleRecords } from "../../src/samples/titles/generate.js";
import { SearchPool } from "../../src/services/search-pool.js";
import { buildTestApp, type TestApp } from "../helpers/build-app.js";

describe("search worker threads", () => {
  let inProcess: TestApp;
  let pooled: TestApp;
  beforeAll(async () => {
    const records = [...generateSampleRecords({ count: 1500 })];
    inProcess = await buildTestApp(records);
    pooled = await buildTestApp(records, { SEARCH_WORKERS: "2" });
    // The same catalog, searched by two workers on their own connections.
    pooled.deps.pool = new SearchPool(pooled.config.databasePath, pooled.config, 2);
  });
  afterAll(async () => {
    await pooled.deps.pool?.close();
    await pooled.close();
    await inProcess.close();
  });

  const urls = [
    "/query?q=yui",
    "/query?q=%E5%87%9B%E9%9F%B3",
    "/query?q=&sort=rating&page=3",
    "/query?filter=censored:uncensored",
    "/query?q=the&sort=views&num=50",
    "/movie?q=summer%20love",
  ];

  it("answers exactly as the main thread does", async () => {
    for (const url of urls) {
      const [a, b] = await Promise.all([
        inProcess.app.inject({ url, headers: { "x-service-key": inProcess.key } }),
        pooled.app.inject({ url, headers: { "x-service-key": pooled.key } }),
      ]);
      expect(b.statusCode, url).toBe(a.statusCode);
      expect(b.json(), url).toEqual(a.json());
      expect(b.headers["x-total-count"], url).toBe(a.headers["x-total-count"]);
    }
  });

  it("keeps answering many concurrent searches, errors included", async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => pooled.app.inject({ url: urls[i % urls.length], headers: { "x-service-key": pooled.key } })),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    const bad = await pooled.app.inject({ url: "/query?filter=maker:", headers: { "x-service-key": pooled.key } });
    expect(bad.statusCode).toBe(400);
  });
});
