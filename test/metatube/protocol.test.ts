/**
 * The MetaTube face over HTTP, sent exactly what MetaTube's Jellyfin/Emby plugin sends
 * (jellyfin-plugin-metatube's ApiClient.cs: its paths, parameter spellings as .NET
 * writes them, headers) and checked against the models it reads (plugin-models.ts).
 * The titles are parsed from the providers' real samples; their pictures are served by
 * a local server in the real shapes (800x538 jackets, 147x200 thumbnails, 125x125
 * actress pictures).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCatalog, type Db } from "../../src/catalog/store/db.js";
import { createKey, revokeKey } from "../../src/catalog/store/keys.js";
import { upsertRecords } from "../../src/catalog/store/movies-write.js";
import { createImages, type Images } from "../../src/images/index.js";
import type { IngestRecord } from "../../src/model/record.js";
import { createHttpClient } from "../../src/net/index.js";
import { buildServer } from "../../src/server/app.js";
import { testConfig } from "../helpers/build-app.js";
import { sampleTitles, withPicturesAt } from "../helpers/sample-titles.js";
import { ACTOR_INFO, ACTOR_SEARCH_RESULT, ERROR_INFO, expectModel, MOVIE_INFO, MOVIE_SEARCH_RESULT } from "./plugin-models.js";

const USER_AGENT = "MetaTube/2024.1225.0.0";

/** A JPEG in a real shape: a jacket's back (left half) and front (right half) in two colours, so a cut shows its side. */
async function picture(width: number, height: number): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const left = await sharp({ create: { width: half, height, channels: 3, background: "#0000ff" } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#ff0000" } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .toBuffer();
}

interface CoverServer {
  server: Server;
  base: string;
  requests: string[];
}

async function coverServer(): Promise<CoverServer> {
  const shapes = { jacket: await picture(800, 538), thumb: await picture(147, 200), actress: await picture(125, 125) };
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push(path);
    const body = /ps\.jpg$/.test(path) ? shapes.thumb : /actjpgs/.test(path) ? shapes.actress : shapes.jacket;
    res.writeHead(200, { "content-type": "image/jpeg", "content-length": body.length });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

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
  const image = (kind: string, provider: string, id: string, p: Partial<Record<"url" | "ratio" | "pos" | "auto" | "badge" | "quality", string>> = {}) =>
    pluginUrl(base, `/v1/images/${kind}/${provider}/${id}`, { url: null, ratio: "-1", pos: "-1", auto: "False", badge: null, quality: "90", ...p });

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
        actors: ["Tia"],
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

    it("info: every field as MovieInfo reads it, from the record", async () => {
      for (const t of titles) {
        const m = (await data(info("FANZA", t.record.contentId))) as Record<string, unknown>;
        expectModel(MOVIE_INFO, m, `MovieInfo ${t.record.contentId}`);
        const r = t.record;
        expect(m).toMatchObject({
          id: r.contentId,
          number: r.dvdId,
          provider: "FANZA",
          summary: r.commentJa ?? r.commentEn ?? "",
          director: r.directors[0] ?? "",
          maker: r.makers[0] ?? "",
          label: r.label,
          series: r.series ?? "",
          genres: r.categories,
          runtime: r.runtimeMins,
          actors: r.actresses,
          preview_images: r.extra.galleryFull.length ? r.extra.galleryFull : r.extra.galleryThumb,
          preview_video_url: r.extra.sampleUrl ?? "",
          score: t.ratingAvg ?? 0,
        });
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
    it("search by either spelling of a name: ActorSearchResult with her picture; info as ActorInfo", async () => {
      for (const q of ["Tia", "ティア", "tia"]) {
        const found = (await data(pluginUrl(base, "/v1/actors/search", { q, provider: null, fallback: "True" }))) as Record<string, unknown>[];
        expect(found, q).toHaveLength(1);
        expectModel(ACTOR_SEARCH_RESULT, found[0], "ActorSearchResult");
        expect(found[0]).toMatchObject({ id: "Tia", name: "Tia", provider: "FANZA", images: [`${covers.base}/mono/actjpgs/tia.jpg`] });
      }
      const actor = (await data(pluginUrl(base, "/v1/actors/FANZA/Momo Shiraishi", { lazy: "True" }))) as Record<string, unknown>;
      expectModel(ACTOR_INFO, actor, "ActorInfo");
      expect(actor).toMatchObject({ name: "Momo Shiraishi", aliases: ["白石もも"], birthday: "0001-01-01", debut_date: "0001-01-01", height: 0 });
    });

    it("a provider it does not have (the plugin's GFriends step) is MetaTube's 404 in the envelope", async () => {
      const e = await failure(pluginUrl(base, "/v1/actors/search", { q: "Tia", provider: "GFriends", fallback: "False" }), 404);
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
    const withinPixel = (img: { width: number; height: number }, ratio: number) =>
      expect(Math.abs(img.width - Math.round(img.height * ratio)), JSON.stringify(img)).toBeLessThanOrEqual(1);

    it("primary: the front cover cut from the right of the 800x538 jacket at the plugin's ratio, or at pos", async () => {
      for (const ratio of ["0.7", "0.6666666666666666", "-1"]) {
        const img = await jpeg(image("primary", "FANZA", "snis00217", { ratio }));
        expect(img.height).toBe(538);
        withinPixel(img, ratio === "-1" ? 0.7 : Number(ratio));
        expect([img.left, img.right]).toEqual(["front", "front"]);
      }
      const left = await jpeg(image("primary", "FANZA", "snis00217", { ratio: "0.7", pos: "0" }));
      expect([left.left, left.right]).toEqual(["back", "back"]);
      const middle = await jpeg(image("primary", "FANZA", "snis00217", { ratio: "0.7", pos: "0.5" }));
      expect([middle.left, middle.right]).toEqual(["back", "front"]);
    });

    it("the search results' picture: the 147x200 thumbnail cut about its centre at ratio 1; thumb 16:9; backdrop whole", async () => {
      const r = titles[0].record;
      const square = await jpeg(image("primary", "FANZA", "snis00217", { url: r.jacketThumbUrl, ratio: "1", pos: "1", auto: "True" }));
      expect([square.width, square.height]).toEqual([147, 147]);
      const thumb = await jpeg(image("thumb", "FANZA", "snis00217", { ratio: "0.7" }));
      expect(thumb.width).toBe(800);
      withinPixel(thumb, 16 / 9);
      const backdrop = await jpeg(image("backdrop", "FANZA", "snis00217"));
      expect([backdrop.width, backdrop.height]).toEqual([800, 538]);
      // The gallery's pictures (MovieImageProvider asks each preview image on every route).
      const gallery = await jpeg(image("backdrop", "FANZA", "snis00217", { url: r.extra.galleryFull[3] }));
      expect([gallery.width, gallery.height]).toEqual([800, 538]);
      const low = await jpeg(image("backdrop", "FANZA", "snis00217", { quality: "10" }));
      expect(low.bytes).toBeLessThan(backdrop.bytes);
      // The plugin's quality setting starts at 0, which MetaTube's encoder takes as 1.
      const lowest = await jpeg(image("backdrop", "FANZA", "snis00217", { quality: "0" }));
      expect(lowest.bytes).toBeLessThan(low.bytes);
    });

    it("an actress's picture, on her own route (ActorImageProvider's request)", async () => {
      const img = await jpeg(image("primary", "FANZA", "Tia", { url: `${covers.base}/mono/actjpgs/tia.jpg`, ratio: "0.7", pos: "0.5", auto: "True" }));
      expect(img.height).toBe(125);
      withinPixel(img, 0.7);
      await failure(image("thumb", "FANZA", "Tia"), 400, null);
    });

    it("no open proxy: any url the catalog does not hold for that title is a 400 and nothing is fetched", async () => {
      const before = covers.requests.length;
      for (const url of [`${covers.base}/elsewhere.jpg`, "http://169.254.169.254/latest/meta-data/", titles[1].record.jacketFullUrl, "file:///etc/passwd"]) {
        const e = await failure(image("primary", "FANZA", "snis00217", { url }), 400, null);
        expect(e.message).toMatch(/not an image the catalog holds/);
      }
      await failure(image("primary", "FANZA", "Tia", { url: titles[0].record.jacketFullUrl }), 400, null);
      expect(covers.requests.length).toBe(before);
    });

    it("bad ratio, pos or quality, unknown provider or id: the envelope with the right status, never a 500", async () => {
      for (const p of [
        { ratio: "0" },
        { ratio: "abc" },
        { ratio: "101" },
        { pos: "2" },
        { pos: "-0.5" },
        { quality: "-1" },
        { quality: "101" },
        { quality: "9.5" },
        { auto: "maybe" },
      ]) {
        await failure(image("primary", "FANZA", "snis00217", p), 400, null);
      }
      expect((await failure(image("primary", "JavBus", "snis00217"), 404, null)).message).toBe("provider not found");
      expect((await failure(image("primary", "FANZA", "zzz00001"), 404, null)).message).toBe("info not found");
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
      await Promise.all(["primary", "thumb", "backdrop", "primary"].map((k) => jpeg(image(k, "FANZA", "sone00708"))));
      await jpeg(image("primary", "FANZA", "sone00708", { pos: "0" }));
      expect(fetched()).toBe(1);
    });
  });

  describe("the rest of the protocol", () => {
    it("/ and /v1/providers answer without a token; /v1/translate is not served, in the envelope", async () => {
      expect(await data(`${base}/`)).toEqual({ app: "video-catalog", version: expect.any(String) });
      const providers = (await data(`${base}/v1/providers`)) as { movie_providers: Record<string, string>; actor_providers: Record<string, string> };
      expect(providers.movie_providers).toEqual({ FANZA: "https://www.dmm.co.jp/" });
      expect(providers.actor_providers).toEqual({ FANZA: "https://www.dmm.co.jp/" });
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
