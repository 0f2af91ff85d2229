/**
 * Actress pictures as the media servers ask them (test/metatube/plugin-requests.ts):
 * MetaTube's Plex plugin asks them of the `Gfriends` provider alone and uses the first
 * result's first picture, cut at the name it asked (MetaTube.bundle/Contents/Code/__init__.py
 * get_actor_image_url, lines 84-95, for each of the title's actors, lines 375-380); the
 * Jellyfin plugin searches every provider and asks the picture by the result's provider and
 * id (Providers/MovieProvider.cs SetActorImageUrl, lines 261-280, then Providers/ActorProvider.cs).
 * Pictures come from a local server in the real shape of DMM's (125x125).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImages, type Images } from "../../src/images/index.js";
import { createHttpClient } from "../../src/net/index.js";
import { buildServer } from "../../src/server/app.js";
import { buildTestApp, makeIngest, type TestApp } from "../helpers/build-app.js";
import { sampleTitles, withPicturesAt } from "../helpers/sample-titles.js";
import { jellyfinUrl, plexUrl } from "./plugin-requests.js";
import { jellyfinImages } from "./plugin-urls.js";

/** An actress whose name holds a `/`, as a record may spell one. */
const SLASHED = "Mai / 麻衣";

describe("actress pictures: Plex's Gfriends, Jellyfin's search", () => {
  let pictures: Server;
  let t: TestApp;
  let images: Images;
  let base: string;
  let app: Awaited<ReturnType<typeof buildServer>>;

  beforeAll(async () => {
    const jpeg = await sharp({ create: { width: 125, height: 125, channels: 3, background: "#ff0000" } })
      .jpeg()
      .toBuffer();
    pictures = createServer((_req, res) => res.writeHead(200, { "content-type": "image/jpeg", "content-length": jpeg.length }).end(jpeg));
    await new Promise<void>((r) => pictures.listen(0, "127.0.0.1", r));
    const at = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
    const slashed = makeIngest(
      {
        contentId: "abp00901",
        dvdId: "ABP-901",
        actresses: [SLASHED],
        extra: { actressesRich: [{ name: SLASHED, image: `${at}/mono/actjpgs/mai.jpg` }], sampleUrl: null, galleryFull: [], galleryThumb: [] },
      },
      { provider: "fanza" },
    );
    t = await buildTestApp([...withPicturesAt(sampleTitles(), at), slashed]);
    const http = createHttpClient({ userAgent: "video-catalog-test", timeoutMs: 5000, maxRetries: 0 });
    images = createImages({ http, dir: `${t.dir}/images`, maxBytes: 16 * 1024 * 1024 });
    app = await buildServer({ ...t.deps, images }, { logger: false, dashboard: false });
    base = await app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await images?.close();
    await t?.close();
    pictures?.close();
  });

  /** The plugin's JSON requests carry the token (api_client.py get_json, require_auth=True); a picture is fetched without. */
  const data = async (url: string, token: string | null = t.key) => {
    const res = await fetch(url, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
    const body = await res.json();
    return { status: res.status, data: body.data, error: body.error };
  };
  const picture = async (url: string) => {
    const res = await fetch(url);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    return sharp(Buffer.from(await res.arrayBuffer())).metadata();
  };

  it("Plex: each actress of a title, asked of Gfriends by the name the title gives her, has her picture at that name", async () => {
    // abp00901's actress has a `/` in her name: Plex puts the name in the path as it is.
    for (const id of ["snis00217", "royd191", "abp00901"]) {
      // update(): api.get_movie_info(provider=pid.provider, id=pid.id) (line 232).
      const movie = await data(plexUrl(base, "/v1/movies/{0}/{1}", ["FANZA", id], { lazy: null }));
      expect(movie.status).toBe(200);
      for (const name of movie.data.actors as string[]) {
        const found = await data(plexUrl(base, "/v1/actors/search", [], { q: name, provider: "Gfriends", fallback: "False" }));
        expect(found.status, JSON.stringify(found)).toBe(200);
        const [first] = found.data as { provider: string; name: string; images: string[] }[];
        expect(first).toMatchObject({ provider: "Gfriends", name });
        expect(first.images.length, name).toBeGreaterThan(0);
        const photo = plexUrl(base, "/v1/images/primary/{0}/{1}", ["Gfriends", name], {
          url: first.images[0],
          ratio: "1.0",
          pos: null,
          auto: "True",
          badge: null,
        });
        const meta = await picture(photo);
        expect([meta.width, meta.height], name).toEqual([125, 125]);
      }
    }
  });

  it("Gfriends in any case; an actress and pictures provider only, as MetaTube's, so its titles are none", async () => {
    for (const provider of ["gfriends", "GFRIENDS"]) {
      expect((await data(plexUrl(base, "/v1/actors/search", [], { q: "ティア", provider, fallback: "False" }))).data[0].provider).toBe("Gfriends");
    }
    expect((await data(plexUrl(base, "/v1/movies/search", [], { q: "SNIS-217", provider: "Gfriends", fallback: null }))).error).toEqual({
      code: 404,
      message: "provider not found",
    });
    expect((await data(plexUrl(base, "/v1/movies/{0}/{1}", ["Gfriends", "snis00217"], { lazy: null }))).error).toEqual({
      code: 404,
      message: "provider not found",
    });
    expect((await data(plexUrl(base, "/v1/actors/search", [], { q: "Nobody Here", provider: "Gfriends", fallback: "False" }))).status).toBe(404);
  });

  it("Jellyfin: an actress whose name holds a / has an id its URL paths keep whole, and her picture and page by it", async () => {
    const [first] = (await data(jellyfinUrl(base, ["/v1/actors/search"], { q: SLASHED, provider: "", fallback: "True" }))).data;
    // A person known by her full name alone: her key is ours (`n` and a number), which a path keeps whole.
    expect(first).toMatchObject({ name: SLASHED, id: expect.stringMatching(/^n\d+$/), provider: "FANZA" });
    // The id an older answer gave her (her name, its `/` full-width) still finds her.
    expect((await data(jellyfinUrl(base, ["/v1/actors", "FANZA", "Mai ／ 麻衣"], { lazy: "True" }))).data).toMatchObject({ id: first.id, name: SLASHED });
    // MovieProvider.cs SetActorImageUrl: GetPrimaryImageApiUrl(provider, id, her first image, 0.5, true).
    const photo = jellyfinImages(base).actressPicture(first.provider, first.id, first.images[0]);
    expect(new URL(photo).pathname.split("/")).toHaveLength(6);
    await picture(photo);
    // ActorProvider.GetMetadata: GetActorInfoAsync(provider, id), the person named as it answers.
    const info = await data(jellyfinUrl(base, ["/v1/actors", first.provider, first.id], { lazy: "True" }));
    expect(info.data).toMatchObject({ id: first.id, name: SLASHED, images: first.images });
    // An actress DMM gives an id: her id is DMM's (a name no person holds is its own id: test/people/faces.test.ts).
    const [tia] = (await data(jellyfinUrl(base, ["/v1/actors/search"], { q: "ティア", provider: "", fallback: "True" }))).data;
    expect(tia.id).toBe("1015472");
  });
});
