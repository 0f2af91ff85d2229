/**
 * A title both r18.dev and the FANZA API hold (both MetaTube's `FANZA`), asked as the
 * Jellyfin/Emby plugin asks (test/metatube/plugin-requests.ts): one result per provider and
 * id, as MetaTube's search answers (metatube-sdk-go engine/movie.go, SearchMovieAll), and
 * one spelling of each name per language on the search, the title and the actress, so the
 * media server makes one person of her.
 *
 * r18.dev's copy is its real SNIS-217 sample; FANZA's copy of it is what the FANZA API
 * serves for that title, rendered in the API's real format by the provider simulator
 * (tools/simulator/render-fanza.ts: its Japanese names, DMM's, from r18.dev's
 * Japanese fields) and read by the FANZA provider's parser.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFanzaItem } from "../../src/providers/fanza/parse.js";
import { renderFanzaItem } from "../../tools/simulator/render-fanza.js";
import { buildServer } from "../../src/server/app.js";
import { buildTestApp, type TestApp, testConfig } from "../helpers/build-app.js";
import { sampleTitles } from "../helpers/sample-titles.js";
import { jellyfinUrl } from "./plugin-requests.js";

const r18 = sampleTitles()[0];
// FANZA's copy has reviews (r18.dev's has none): its score tells the copies apart.
const fanza = parseFanzaItem(renderFanzaItem({ ...r18, ratingAvg: 4.5, ratingCount: 12 }));

/** Each language's spelling of SNIS-217's names, as the sample has them (name_romaji/name_kanji, name_en/name_ja). */
const SPELLED = {
  ja: {
    actors: ["ティア"],
    director: "ポチョムキン",
    maker: "エスワン ナンバーワンスタイル",
    series: "ラブ◆キモメン",
    genres: ["巨乳", "乱交", "単体作品", "顔射", "ギリモザ", "ハイビジョン", "独占配信"],
  },
  en: {
    actors: ["Tia"],
    director: "pochomquin",
    maker: "S1 NO.1 STYLE",
    series: "Love - Dirty Man",
    genres: ["Big Tits", "Orgy", "Featured Actress", "Facial", "Minimal Mosaic", "Hi-Def", "Exclusive Distribution"],
  },
} as const;

describe("a title held by r18.dev and FANZA, as the Jellyfin plugin asks for it", () => {
  let t: TestApp;
  let en: FastifyInstance;

  beforeAll(async () => {
    expect(fanza).toMatchObject({ provider: "fanza", record: { contentId: "snis00217", actresses: ["ティア"] } });
    t = await buildTestApp([r18, fanza]);
    en = await buildServer(
      { ...t.deps, config: testConfig({ DATABASE_PATH: t.config.databasePath, MEDIA_LANGUAGE: "en" }) },
      { logger: false, dashboard: false },
    );
  });
  afterAll(async () => {
    await en?.close();
    await t?.close();
  });

  const servers = () => ({ ja: t.app, en });
  const ask = async (app: FastifyInstance, url: string) => {
    const res = await app.inject({ url, headers: { authorization: `Bearer ${t.key}`, accept: "application/json" } });
    expect(res.statusCode, res.body).toBe(200);
    return JSON.parse(res.body).data;
  };
  // ApiClient.cs: SearchMovieAsync / GetMovieInfoAsync / SearchActorAsync / GetActorInfoAsync (lines 146-202).
  const search = (q: string, provider = "") => jellyfinUrl("", ["/v1/movies/search"], { q, provider, fallback: "True" });
  const info = (provider: string, id: string) => jellyfinUrl("", ["/v1/movies", provider, id], { lazy: "True" });
  const actorSearch = (q: string) => jellyfinUrl("", ["/v1/actors/search"], { q, provider: "", fallback: "True" });
  const actorInfo = (provider: string, id: string) => jellyfinUrl("", ["/v1/actors", provider, id], { lazy: "True" });

  it("search answers the title once, the copy the language prefers: FANZA's in Japanese, r18.dev's in English", async () => {
    for (const [lang, app] of Object.entries(servers())) {
      for (const provider of ["", "FANZA"]) {
        const results = (await ask(app, search("SNIS-217", provider))) as { id: string; provider: string; score: number; title: string }[];
        expect(
          results.map((r) => [r.provider, r.id]),
          `${lang} ${provider}`,
        ).toEqual([["FANZA", "snis00217"]]);
        expect(results[0].score, lang).toBe(lang === "ja" ? 4.5 : 0);
        expect(results[0].title, lang).toBe(lang === "ja" ? r18.record.titleJa : r18.record.titleEn);
      }
    }
  });

  it("search, the title and the actress spell each name one way per language", async () => {
    for (const [lang, app] of Object.entries(servers()) as ["ja" | "en", FastifyInstance][]) {
      const want = SPELLED[lang];
      const [result] = (await ask(app, search("SNIS-217"))) as { provider: string; id: string; actors: string[] }[];
      expect(result.actors, lang).toEqual(want.actors);
      const movie = await ask(app, info(result.provider, result.id));
      expect(movie, lang).toMatchObject({ ...want, score: lang === "ja" ? 4.5 : 0 });
      // MovieProvider.SetActorImageUrl: the actress searched by the name the title gave, across every provider;
      // ActorProvider then asks her by the first result's provider and id, and names the person as it answers.
      for (const q of [...SPELLED.ja.actors, ...SPELLED.en.actors]) {
        const [first] = (await ask(app, actorSearch(q))) as { provider: string; id: string; name: string }[];
        // Her id is her person's key: DMM's id of her (the sample's r18.dev actress id).
        expect([first.id, first.name], `${lang} ${q}`).toEqual(["1015472", want.actors[0]]);
        const actress = await ask(app, actorInfo(first.provider, first.id));
        expect(actress.name, lang).toBe(want.actors[0]);
        expect(actress.aliases, lang).toContain(SPELLED[lang === "ja" ? "en" : "ja"].actors[0]);
      }
    }
  });
});
