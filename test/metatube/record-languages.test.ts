/**
 * One language per answer, whichever source a title came from, asked as the Jellyfin plugin
 * asks (test/metatube/plugin-requests.ts): the sample catalog's titles (a first start's demo
 * catalog, English-named as r18.dev's under a provider of their own), r18.dev's and FANZA's
 * real samples, and a seller's title with Japanese names alone (MGStage's SIRO-4718 page).
 */
import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseProductPage } from "../../src/providers/mgstage/parse.js";
import { generateSampleRecords } from "../../src/samples/titles/generate.js";
import { buildServer } from "../../src/server/app.js";
import { buildTestApp, type TestApp, testConfig } from "../helpers/build-app.js";
import { sampleTitles } from "../helpers/sample-titles.js";
import { jellyfinUrl } from "./plugin-requests.js";

const [mifd] = generateSampleRecords({ count: 1, start: 17 });
const [ssni] = generateSampleRecords({ count: 1, start: 4 });
const siro = parseProductPage(
  readFileSync(new URL("../fixtures/mgstage/product-SIRO-4718.html", import.meta.url), "utf8"),
  "https://www.mgstage.com",
  "SIRO-4718",
);
const [snis, , , , tkmird] = sampleTitles();

interface Movie {
  provider: string;
  id: string;
  title: string;
  actors: string[];
  director: string;
  maker: string;
  label: string;
  genres: string[];
}

describe("MetaTube's answers in MEDIA_LANGUAGE, for every kind of source", () => {
  let t: TestApp;
  let en: FastifyInstance;

  beforeAll(async () => {
    t = await buildTestApp([mifd, ssni, siro, snis, tkmird]);
    en = await buildServer(
      { ...t.deps, config: testConfig({ DATABASE_PATH: t.config.databasePath, MEDIA_LANGUAGE: "en" }) },
      { logger: false, dashboard: false },
    );
  });
  afterAll(async () => {
    await en?.close();
    await t?.close();
  });

  const ask = async (app: FastifyInstance, url: string) => {
    const res = await app.inject({ url, headers: { authorization: `Bearer ${t.key}`, accept: "application/json" } });
    expect(res.statusCode, res.body).toBe(200);
    return JSON.parse(res.body).data;
  };
  /** The title as the plugin gets it: the first search result, then its info. */
  const movie = async (app: FastifyInstance, code: string): Promise<Movie> => {
    const [first] = (await ask(app, jellyfinUrl("", ["/v1/movies/search"], { q: code, provider: "", fallback: "True" }))) as Movie[];
    return (await ask(app, jellyfinUrl("", ["/v1/movies", first.provider, first.id], { lazy: "True" }))) as Movie;
  };

  it("the sample catalog's MIFD-612 in Japanese: its Japanese title and every name in Japanese; in English, all in English", async () => {
    const alt = mifd.altNames;
    const ja = await movie(t.app, "MIFD-612");
    expect(ja).toMatchObject({
      title: mifd.record.titleJa,
      actors: ["橋本恵里香", "藤森紗英"],
      maker: alt.maker?.[0],
      label: alt.label?.[0],
      genres: alt.genre,
    });
    expect(ja.director).toBe(alt.director?.[0] ?? "");
    const english = await movie(en, "MIFD-612");
    expect(english).toMatchObject({
      title: mifd.record.titleEn,
      actors: ["Erika Hashimoto", "Sae Fujimori"],
      maker: mifd.record.makers[0],
      genres: mifd.record.categories,
    });
    // The actress as the plugin asks her by the name the title gave: named in the language too.
    const [her] = (await ask(t.app, jellyfinUrl("", ["/v1/actors/search"], { q: "Erika Hashimoto", provider: "", fallback: "True" }))) as { name: string }[];
    expect(her.name).toBe("橋本恵里香");
  });

  it("the sample catalog's SSNI-147 in English: Office Lady, not OL", async () => {
    expect((await movie(en, "SSNI-147")).genres).toEqual(ssni.record.categories);
    expect((await movie(t.app, "SSNI-147")).genres).toEqual(ssni.altNames.genre);
  });

  it("r18.dev's and FANZA's titles as before; a seller's Japanese-only title Japanese in both languages", async () => {
    expect((await movie(t.app, "SNIS-217")).actors).toEqual(["ティア"]);
    expect((await movie(en, "SNIS-217")).actors).toEqual(["Tia"]);
    for (const app of [t.app, en]) {
      const fanza = await movie(app, "TKMIRD-261");
      expect([fanza.actors, fanza.director]).toEqual([tkmird.record.actresses, "ZAMPA"]);
      expect(await movie(app, "SIRO-4718")).toMatchObject({ actors: siro.record.actresses, maker: "シロウトTV", genres: siro.record.categories });
    }
  });
});
