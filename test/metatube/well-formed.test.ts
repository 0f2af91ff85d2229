import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, makeIngest, type TestApp } from "../helpers/build-app.js";

/**
 * A source's title cut in the middle of an emoji leaves a lone surrogate. .NET's JSON
 * reader (the Jellyfin and Emby plugins) refuses a whole answer over an unpaired
 * `\ud83d` escape, so the MetaTube face writes it as U+FFFD; the rest stays as it is.
 */
describe("MetaTube answers hold well-formed strings only", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp([makeIngest({ titleJa: "新作\uD83D", actresses: ["\uDE00名前"], categories: ["ドラマ😀"] }, { provider: "fanza" })]);
  });
  afterAll(() => t.close());

  it("writes a lone surrogate as U+FFFD, and keeps whole pairs", async () => {
    for (const url of ["/v1/movies/search?q=ABP-123&provider=&fallback=False", "/v1/movies/FANZA/abp00123?lazy=True"]) {
      const res = await t.app.inject({ url, headers: { authorization: `Bearer ${t.key}` } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i);
      const data = JSON.parse(res.body).data;
      const movie = Array.isArray(data) ? data[0] : data;
      expect(movie.title).toBe("新作\uFFFD");
      expect(movie.actors).toEqual(["\uFFFD名前"]);
      if (!Array.isArray(data)) expect(movie.genres).toEqual(["ドラマ😀"]);
    }
  });
});
