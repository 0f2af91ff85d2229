/**
 * The MetaTube face over HTTP, sent exactly what MetaTube's Jellyfin/Emby plugin sends
 * (jellyfin-plugin-metatube's ApiClient.cs: its paths, parameter spellings as .NET
 * writes them, headers) and checked against the models it reads (plugin-models.ts).
 * The titles are parsed from the providers' real samples; their pictures are served by
 * a local server in the real shapes (800x538 jackets, 147x200 thumbnails, 125x125
 * actress pictures).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCatalog, type Db, createKey, revokeKey, upsertRecords } from "../../src/catalog/index.js";
import { createImages, type Images } from "../../src/images/index.js";
import type { IngestRecord } from "../../src/model/record.js";
import { createHttpClient } from "../../src/net/index.js";
import { buildServer } from "../../src/server/app.js";
import { testConfig } from "../helpers/build-app.js";
import { coverServer, type CoverServer } from "../helpers/cover-server.js";
import { sampleTitles, withPicturesAt } from "../helpers/sample-titles.js";
import { ACTOR_INFO, ACTOR_SEARCH_RESULT, ERROR_INFO, expectModel, MOVIE_INFO, MOVIE_SEARCH_RESULT } from "./plugin-models.js";
import { JELLYFIN_SETTINGS, jellyfinImages, plexImages } from "./plugin-urls.js";

interface R18Sample {
  actresses: { name_kanji: string }[];
  directors: { name_kanji: string }[];
  maker_name_ja: string;
  label_name_ja: string;
  series_name_ja: string;
  categories: { name_ja: string }[];
}
/** r18.dev's real samples as the source wrote them (test/fixtures/provider-samples/README.md), by content id. */
const R18_SAMPLES: Record<string, R18Sample> = Object.fromEntries(
  ["combined-SNIS-217.json", "combined-ROYD-191.trimmed-fixture.json"].map((file) => {
    const path = new URL(`../fixtures/provider-samples/r18dev/${file}`, import.meta.url);
    const json = JSON.parse(readFileSync(path, "utf8")) as R18Sample & { content_id: string };
    return [json.content_id, json];
  }),
);

const USER_AGENT = "MetaTube/2024.1225.0.0";

/** A URL as the plugin's ComposeUrl builds it: the path (escaped as UriBuilder does), then every parameter, empty or not, form-encoded. */
function pluginUrl(base: string, path: string, params: Record<string, string | null>): string {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, v ?? ""])).toString();
  return `${base}${encodeURI(path)}?${query}`;
}

describe("MetaTube's plugin against this server", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-metatube-"));
  let db: Db;
  let app: FastifyInstance;
  let images: Images;
  let covers: CoverServer;
  let base: string;
  let token: string;
  let titles: IngestRecord[];

  const get = (url: string, auth: string | null = token) =>
    fetch(url, { headers: { Accept: "application/json", "User-Agent": USER_AGENT, ...(auth === null ? {} : { Authorization: `Bearer ${auth}` }) } });
  const data = async (url: string) => {
    const res = await get(url);
    const body = (await res.json()) as { data?: unknown; error?: unknown };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(body.error).toBeUndefined();
    expect(body.data).not.toBeNull();
    return body.data;
  };
  const failure = async (url: string, status: number, auth: string | null = token) => {
    const res = await get(url, auth);
    const body = (await res.json()) as { data?: unknown; error?: { code: number; message: string } };
    expect(res.status, JSON.stringify(body)).toBe(status);
    expect(body.data).toBeUndefined();
    expectModel(ERROR_INFO, body.error, "error");
    expect(body.error?.code).toBe(status);
    return body.error!;
  };
  const search = (q: string, provider: string | null = null, fallback = "True") => pluginUrl(base, "/v1/movies/search", { q, provider, fallback });
  const info = (provider: string, id: string, lazy = "True") => pluginUrl(base, `/v1/movies/${provider}/${id}`, { lazy });

  beforeAll(async () => {
    covers = await coverServer();
    titles = withPicturesAt(sampleTitles(), covers.base);
    const path = join(dir, "catalog.db");
    db = openCatalog(path);
    upsertRecords(db, titles);
    token = createKey(db, "jellyfin", 1_000_000).token;
    const config = testConfig({ DATABASE_PATH: path, IMAGE_CACHE_DIR: join(dir, "images") });
    const http = createHttpClient({ userAgent: "video-catalog-test", timeoutMs: 5000, maxRetries: 0 });
    images = createImages({ http, dir: config.imageCacheDir, maxBytes: config.imageCacheMb * 1024 * 1024 });
    app = await buildServer({ db, config, live: null, pool: null, ingest: null, images }, { logger: false, dashboard: false });
    base = await app.listen({ host: "127.0.0.1", port: 0 });
  });

  afterAll(async () => {
    await app?.close();
    await images?.close();
    covers?.server.close();
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe("movies", () => {
    it("search by the name a media server derives from a file: every field as MovieSearchResult reads it", async () => {
      const results = (await data(search("SNIS-217"))) as Record<string, unknown>[];
      expect(results).toHaveLength(1);
      expectModel(MOVIE_SEARCH_RESULT, results[0], "MovieSearchResult");
      const r = titles[0].record;
      expect(results[0]).toEqual({
        id: "snis00217",
        number: "SNIS-217",
        title: r.titleJa,
        provider: "FANZA",
        homepage: "https://video.dmm.co.jp/av/content/?id=snis00217",
        thumb_url: r.jacketThumbUrl,
        cover_url: r.jacketFullUrl,
        score: 0,
        // Names in the language of the answer (Japanese by default): r18.dev's name_kanji.
        actors: ["ティア"],
        release_date: r.releaseDate.slice(0, 10),
      });
      // Spellings a library holds: a file name, a content id, a lower-case code; provider empty or named.
      for (const q of ["snis217", "[HD] SNIS-217 Tia.mp4", "snis00217"]) {
        expect(
          ((await data(search(q))) as { id: string }[]).map((x) => x.id),
          q,
        ).toEqual(["snis00217"]);
      }
      expect(((await data(search("SNIS-217", "FANZA"))) as { id: string }[])[0].id).toBe("snis00217");
      expect(((await data(search("SNIS-217", "fanza", "False"))) as { id: string }[])[0].id).toBe("snis00217");
    });

    it("search by a title's page URL finds that title; by text, the best matches", async () => {
      const byUrl = (await data(search("https://video.dmm.co.jp/av/content/?id=mide00799"))) as { id: string }[];
      expect(byUrl.map((x) => x.id)).toEqual(["mide00799"]);
      const byMono = (await data(search("https://www.dmm.co.jp/mono/dvd/-/detail/=/cid=tkmird261/"))) as { id: string }[];
      expect(byMono.map((x) => x.id)).toEqual(["tkmird261"]);
      const r = titles.find((t) => t.record.contentId === "sone00708")!.record;
      const byText = (await data(search(r.titleJa.slice(0, 12)))) as Record<string, unknown>[];
      expect(byText.map((x) => x.id)).toContain("sone00708");
      for (const x of byText) expectModel(MOVIE_SEARCH_RESULT, x, "MovieSearchResult");
    });

    it("info: every field as MovieInfo reads it, from the record; names in Japanese, r18.dev's from its Japanese fields", async () => {
      for (const t of titles) {
        const m = (await data(info("FANZA", t.record.contentId))) as Record<string, unknown>;
        expectModel(MOVIE_INFO, m, `MovieInfo ${t.record.contentId}`);
        const r = t.record;
        expect(m).toMatchObject({
          id: r.contentId,
          number: r.dvdId,
          provider: "FANZA",
          summary: r.commentJa ?? r.commentEn ?? "",
          runtime: r.runtimeMins,
          preview_images: r.extra.galleryFull.length ? r.extra.galleryFull : r.extra.galleryThumb,
          preview_video_url: r.extra.sampleUrl ?? "",
          score: t.ratingAvg ?? 0,
        });
        // FANZA's names are Japanese as they stand; r18.dev's are read from its sample's own Japanese fields.
        const source = R18_SAMPLES[r.contentId];
        const names = source
          ? {
              actors: source.actresses.map((a) => a.name_kanji),
              director: source.directors[0]?.name_kanji ?? "",
              maker: source.maker_name_ja,
              label: source.label_name_ja,
              series: source.series_name_ja,
              genres: source.categories.map((c) => c.name_ja),
            }
          : { actors: r.actresses, director: r.directors[0] ?? "", maker: r.makers[0] ?? "", label: r.label, series: r.series ?? "", genres: r.categories };
        expect(m, r.contentId).toMatchObject(names);
      }
      // The plugin's refresh (lazy=False) with no live provider keeps the catalog's copy.
      expect(((await data(info("FANZA", "mide00799", "False"))) as { id: string }).id).toBe("mide00799");
    });

    it("English titles when asked for, each field falling back to Japanese", async () => {
      const en = await buildServer(
        { db, config: testConfig({ DATABASE_PATH: join(dir, "catalog.db"), MEDIA_LANGUAGE: "en" }), live: null, pool: null, ingest: null },
        { logger: false, dashboard: false },
      );
      try {
        const ask = async (id: string) =>
          JSON.parse((await en.inject({ url: `/v1/movies/FANZA/${id}`, headers: { authorization: `Bearer ${token}` } })).body).data as { title: string };
        expect((await ask("snis00217")).title).toBe(titles[0].record.titleEn);
        expect((await ask("mide00799")).title).toBe(titles.find((t) => t.record.contentId === "mide00799")!.record.titleJa);
      } finally {
        await en.close();
      }
    });
  });

  describe("actors", () => {
    it("search by either spelling of a name: ActorSearchResult with her picture, named as the titles' answers name her; info as ActorInfo", async () => {
      for (const q of ["Tia", "ティア", "tia"]) {
        const found = (await data(pluginUrl(base, "/v1/actors/search", { q, provider: null, fallback: "True" }))) as Record<string, unknown>[];
        expect(found, q).toHaveLength(1);
        expectModel(ACTOR_SEARCH_RESULT, found[0], "ActorSearchResult");
        // Her id is her person's key, DMM's id of her; the name an older answer gave as her id still finds her.
        expect(found[0]).toMatchObject({ id: "1015472", name: "ティア", provider: "FANZA", images: [`${covers.base}/mono/actjpgs/tia.jpg`] });
      }
      expect(await data(pluginUrl(base, "/v1/actors/FANZA/ティア", { lazy: "True" }))).toMatchObject({ id: "1015472", name: "ティア" });
      // By the name an older answer gave her (English), as a media server may still hold it.
      const actor = (await data(pluginUrl(base, "/v1/actors/FANZA/Momo Shiraishi", { lazy: "True" }))) as Record<string, unknown>;
      expectModel(ACTOR_INFO, actor, "ActorInfo");
      // Her other names: every other script her person has (the English name, the reading).
      expect(actor).toMatchObject({
        name: "白石もも",
        aliases: ["Momo Shiraishi", "しらいしもも"],
        birthday: "0001-01-01",
        debut_date: "0001-01-01",
        height: 0,
      });
    });

    it("a provider it does not have is MetaTube's 404 in the envelope", async () => {
      const e = await failure(pluginUrl(base, "/v1/actors/search", { q: "Tia", provider: "JavBus", fallback: "False" }), 404);
      expect(e.message).toBe("provider not found");
      await failure(pluginUrl(base, "/v1/actors/search", { q: "Nobody Here", provider: null, fallback: "True" }), 404);
    });
  });

  describe("images", () => {
    /** The image answered: JPEG, its size, and the colour at its centre (blue: a jacket's back, red: its front). */
    const jpeg = async (url: string) => {
      const res = await fetch(url, { headers: { "User-Agent": USER_AGENT } });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("jpeg");
      const { data: px, info: i } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number) => px.subarray((Math.floor(i.height / 2) * i.width + x) * i.channels, (Math.floor(i.height / 2) * i.width + x) * i.channels + 3);
      const side = (x: number) => (at(x)[2] > 128 && at(x)[0] < 128 ? "back" : at(x)[0] > 128 && at(x)[2] < 128 ? "front" : "mixed");
      expect(Number(res.headers.get("x-metatube-image-width"))).toBe(meta.width);
      expect(Number(res.headers.get("x-metatube-image-height"))).toBe(meta.height);
      return { width: meta.width!, height: meta.height!, left: side(2), right: side(i.width - 3), bytes: bytes.length };
    };
    /** The URL with one parameter set otherwise than the plugin sets it (a hand-made request). */
    const altered = (url: string, name: string, value: string) => {
      const u = new URL(url);
      u.searchParams.set(name, value);
      return u.toString();
    };
    const jf = () => jellyfinImages(base);
    const plex = () => plexImages(base);

    it("builds the plugins' URLs as they do", () => {
      const thumb = "http://127.0.0.1:9/digital/video/snis00217/snis00217ps.jpg";
      expect(jellyfinImages("http://h:8").searchPicture("FANZA", "snis00217", thumb)).toBe(
        "http://h:8/v1/images/primary/FANZA/snis00217?url=http%3a%2f%2f127.0.0.1%3a9%2fdigital%2fvideo%2fsnis00217%2fsnis00217ps.jpg&ratio=-1&pos=1&auto=True&quality=90",
      );
      expect(jellyfinImages("http://h:8").primary("FANZA", "snis00217")).toBe(
        "http://h:8/v1/images/primary/FANZA/snis00217?ratio=-1&pos=-1&auto=False&quality=90",
      );
      expect(jellyfinImages("http://h:8").actressPicture("FANZA", "ティア", "http://p/a.jpg")).toBe(
        "http://h:8/v1/images/primary/FANZA/%E3%83%86%E3%82%A3%E3%82%A2?url=http%3a%2f%2fp%2fa.jpg&ratio=-1&pos=0.5&auto=True&quality=90",
      );
      expect(plexImages("http://h:8").searchPicture("FANZA", "snis00217", thumb)).toBe(
        "http://h:8/v1/images/primary/FANZA/snis00217?url=http%3A%2F%2F127.0.0.1%3A9%2Fdigital%2Fvideo%2Fsnis00217%2Fsnis00217ps.jpg&auto=True&pos=1.0",
      );
      expect(plexImages("http://h:8").poster("FANZA", "snis00217")).toBe("http://h:8/v1/images/primary/FANZA/snis00217");
    });

    it("a title's poster, as Jellyfin and Plex ask it: MetaTube's 2:3 front cover, flush right of the 800x538 jacket", async () => {
      for (const url of [jf().primary("FANZA", "snis00217"), plex().poster("FANZA", "snis00217")]) {
        const img = await jpeg(url);
        expect([img.width, img.height], url).toEqual([358, 538]);
        expect([img.left, img.right]).toEqual(["front", "front"]);
      }
      // The plugin's ratio setting (PrimaryImageRatio): int(538 * 0.7) = 376 wide.
      const wide = await jpeg(jellyfinImages(base, { ...JELLYFIN_SETTINGS, primaryImageRatio: 0.7 }).primary("FANZA", "snis00217"));
      expect([wide.width, wide.height]).toEqual([376, 538]);
      // A position the user put in the item's provider id (FANZA:snis00217:0.5): the box's centre there.
      for (const url of [jf().primary("FANZA", "snis00217", 0.5), plex().poster("FANZA", "snis00217", 0.5)]) {
        expect(await jpeg(url)).toMatchObject({ width: 358, left: "back", right: "front" });
      }
      expect(await jpeg(jf().primary("FANZA", "snis00217", 0))).toMatchObject({ left: "back", right: "back" });
    });

    it("a search result's picture (url=thumb_url at pos 1): the 147x200 thumbnail cut 133 wide, flush right", async () => {
      const r = titles[0].record;
      for (const url of [jf().searchPicture("FANZA", "snis00217", r.jacketThumbUrl), plex().searchPicture("FANZA", "snis00217", r.jacketThumbUrl)]) {
        const img = await jpeg(url);
        expect([img.width, img.height], url).toEqual([133, 200]);
      }
    });

    it("thumb 16:9 about the middle, backdrop whole; the gallery's pictures on every route; the quality setting", async () => {
      const r = titles[0].record;
      expect(await jpeg(jf().thumb("FANZA", "snis00217"))).toMatchObject({ width: 800, height: 450 });
      const backdrop = await jpeg(jf().backdrop("FANZA", "snis00217"));
      expect([backdrop.width, backdrop.height]).toEqual([800, 538]);
      expect(await jpeg(plex().backdrop("FANZA", "snis00217"))).toMatchObject({ width: 800, height: 538 });
      // MovieImageProvider asks each preview image on every route, at pos -1: with a url MetaTube
      // takes it as it is, so the primary is the box flush left.
      const gallery = r.extra.galleryFull[3];
      expect(await jpeg(jf().previewPrimary("FANZA", "snis00217", gallery))).toMatchObject({ width: 358, height: 538, left: "back", right: "back" });
      expect(await jpeg(jf().previewThumb("FANZA", "snis00217", gallery))).toMatchObject({ width: 800, height: 450 });
      expect(await jpeg(jf().previewBackdrop("FANZA", "snis00217", gallery))).toMatchObject({ width: 800, height: 538 });
      expect(await jpeg(plex().trailerThumb("FANZA", "snis00217", gallery))).toMatchObject({ width: 800, height: 450 });
      const low = await jpeg(jellyfinImages(base, { ...JELLYFIN_SETTINGS, defaultImageQuality: 10 }).backdrop("FANZA", "snis00217"));
      expect(low.bytes).toBeLessThan(backdrop.bytes);
      // The plugin's quality setting starts at 0, which MetaTube's encoder takes as 1.
      const lowest = await jpeg(jellyfinImages(base, { ...JELLYFIN_SETTINGS, defaultImageQuality: 0 }).backdrop("FANZA", "snis00217"));
      expect(lowest.bytes).toBeLessThan(low.bytes);
    });

    it("an actress's picture, as the plugin asks it of the first actor search result: 2:3 about her picture's middle", async () => {
      const [first] = (await data(pluginUrl(base, "/v1/actors/search", { q: "Tia", provider: null, fallback: "True" }))) as {
        provider: string;
        id: string;
        images: string[];
      }[];
      const img = await jpeg(jf().actressPicture(first.provider, first.id, first.images[0]));
      // 125x125: w = int(125 * 2/3) = 83
      expect([img.width, img.height]).toEqual([83, 125]);
      // An actress has no thumb of her own (MetaTube's "unsupported image type").
      await failure(jf().thumb(first.provider, first.id), 400, null);
    });

    it("no open proxy: any url the catalog does not hold for that title is a 400 and nothing is fetched", async () => {
      const before = covers.requests.length;
      for (const url of [`${covers.base}/elsewhere.jpg`, "http://169.254.169.254/latest/meta-data/", titles[1].record.jacketFullUrl, "file:///etc/passwd"]) {
        const e = await failure(jf().searchPicture("FANZA", "snis00217", url), 400, null);
        expect(e.message).toMatch(/not an image the catalog holds/);
      }
      await failure(jf().actressPicture("FANZA", "Tia", titles[0].record.jacketFullUrl), 400, null);
      expect(covers.requests.length).toBe(before);
    });

    it("a ratio or pos out of MetaTube's ranges is cut as MetaTube cuts it, and a quality out of 1..100 taken as the nearest end: no 400", async () => {
      const poster = jf().primary("FANZA", "snis00217");
      // A ratio outside 0.01..100, 0 too: no cut (imageutil/crop.go).
      for (const ratio of ["0", "101", "0.001"]) expect(await jpeg(altered(poster, "ratio", ratio)), ratio).toMatchObject({ width: 800, height: 538 });
      // A pos past 1 pushes the box flush right; a negative one without a url is the default (1).
      for (const pos of ["2", "-0.5"]) expect(await jpeg(altered(poster, "pos", pos)), pos).toMatchObject({ width: 358, left: "front", right: "front" });
      for (const quality of ["-1", "101"]) expect((await jpeg(altered(poster, "quality", quality))).width, quality).toBe(358);
    });

    it("what MetaTube cannot read is a 400, an unknown provider or id a 404: the envelope, never a 500", async () => {
      const poster = jf().primary("FANZA", "snis00217");
      for (const [name, value] of [
        ["ratio", "abc"],
        ["pos", "left"],
        ["quality", "9.5"],
        ["quality", "high"],
        ["auto", "maybe"],
      ]) {
        await failure(altered(poster, name, value), 400, null);
      }
      expect((await failure(jf().primary("JavBus", "snis00217"), 404, null)).message).toBe("provider not found");
      expect((await failure(jf().primary("FANZA", "zzz00001"), 404, null)).message).toBe("info not found");
    });

    it("a client over IMAGE_RATE_PER_MINUTE gets a 429 with retry-after; a key's rate is one budget across both faces", async () => {
      const limited = await buildServer(
        { db, config: testConfig({ DATABASE_PATH: join(dir, "catalog.db"), IMAGE_RATE_PER_MINUTE: "2" }), live: null, pool: null, ingest: null },
        { logger: false, dashboard: false },
      );
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) statuses.push((await limited.inject({ url: "/v1/images/primary/FANZA/zzz00001" })).statusCode);
        expect(statuses).toEqual([404, 404, 429]);
        const refused = await limited.inject({ url: "/v1/images/thumb/FANZA/zzz00001" });
        expect(JSON.parse(refused.body)).toEqual({ error: { code: 429, message: expect.stringMatching(/2 image requests per minute/) } });
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

        const { token: two } = createKey(db, "two a minute", 2);
        expect((await limited.inject({ url: "/movie?q=SNIS-217", headers: { "x-service-key": two } })).statusCode).toBe(200);
        expect((await limited.inject({ url: "/v1/movies/FANZA/snis00217", headers: { authorization: `Bearer ${two}` } })).statusCode).toBe(200);
        const over = await limited.inject({ url: "/v1/movies/search?q=SNIS-217", headers: { authorization: `Bearer ${two}` } });
        expect(over.statusCode).toBe(429);
        expect(JSON.parse(over.body).error.code).toBe(429);
        expect((await limited.inject({ url: "/movie?q=SNIS-217", headers: { "x-service-key": two } })).statusCode).toBe(429);
      } finally {
        await limited.close();
      }
    });

    it("one fetch per source: every cut after the first comes from the cache", async () => {
      const url = titles.find((t) => t.record.contentId === "sone00708")!.record.jacketFullUrl;
      const fetched = () => covers.requests.filter((p) => url.endsWith(p)).length;
      const asked = [
        jf().primary("FANZA", "sone00708"),
        jf().thumb("FANZA", "sone00708"),
        jf().backdrop("FANZA", "sone00708"),
        plex().poster("FANZA", "sone00708"),
      ];
      await Promise.all(asked.map((url) => jpeg(url)));
      await jpeg(jf().primary("FANZA", "sone00708", 0));
      expect(fetched()).toBe(1);
    });
  });

  describe("the rest of the protocol", () => {
    it("/ and /v1/providers answer without a token; /v1/translate is not served, in the envelope", async () => {
      expect(await data(`${base}/`)).toEqual({ app: "video-catalog", version: expect.any(String) });
      const providers = (await data(`${base}/v1/providers`)) as { movie_providers: Record<string, string>; actor_providers: Record<string, string> };
      expect(providers.movie_providers).toEqual({ FANZA: "https://www.dmm.co.jp/" });
      // Gfriends too, as MetaTube lists it among its actor providers: the catalog's own actresses, so no site (test/metatube/gfriends.test.ts).
      expect(providers.actor_providers).toEqual({ FANZA: "https://www.dmm.co.jp/", Gfriends: "" });
      await failure(pluginUrl(base, "/v1/translate", { q: "こんにちは", from: "ja", to: "en", engine: "Baidu" }), 501, null);
    });

    it("tokens: missing, wrong, another scheme or revoked is a 401; any API key works", async () => {
      await failure(search("SNIS-217"), 401, null);
      await failure(search("SNIS-217"), 401, "vc_not-a-key");
      const res = await fetch(search("SNIS-217"), { headers: { Authorization: `Token ${token}` } });
      expect(res.status).toBe(401);
      const other = createKey(db, "emby", 1_000_000);
      expect((await get(info("FANZA", "snis00217"), other.token)).status).toBe(200);
      revokeKey(db, other.key.id);
      await failure(info("FANZA", "snis00217"), 401, other.token);
    });

    it("unknown providers, ids, routes and bad values: the envelope with the right status, never a 500", async () => {
      expect((await failure(info("JavBus", "snis00217"), 404)).message).toBe("provider not found");
      expect((await failure(info("FANZA", "abc99999"), 404)).message).toBe("info not found");
      await failure(search("no such title anywhere zzqx"), 404);
      await failure(pluginUrl(base, "/v1/movies/search", { q: "", provider: null, fallback: "True" }), 400);
      await failure(search("SNIS-217", null, "maybe"), 400);
      await failure(info("FANZA", "snis00217", "yes please"), 400);
      await failure(`${base}/v1/nothing/here`, 404);
      await failure(pluginUrl(base, "/v1/reviews/FANZA/snis00217", { homepage: null, lazy: "True" }), 404);
    });
  });
});
