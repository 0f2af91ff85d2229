/**
 * The Metadata feature over HTTP: GET {provider}/library/metadata/{ratingKey} and its /images,
 * as Plex asks them ("API Endpoints.md", "Metadata Feature", "Image endpoint"), answered with
 * the Metadata object (docs/Metadata.md) of r18.dev's real SNIS-217 record field by field, in
 * English and in Japanese; the pictures it names fetched from this server and looked at (a
 * public PUBLIC_URL: the cut pictures; test/plex/pictures.test.ts has the other case); the
 * release day whenever the record has one; unknown and malformed keys; the empty answers of
 * /extras, /children and /grandchildren.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeIngest } from "../helpers/build-app.js";
import { ratingKeyOf } from "../../src/server/plex/rating-key.js";
import { ask, EMPTY, get, IDENTIFIER, type PlexApp, pathOf, plexApp } from "./plex-app.js";
import { otherSellers } from "./seller-titles.js";

/** A public address (public-address.ts): the provider names its cut pictures on it. */
const BASE = "https://catalog.example.com";
const EN = { "X-Plex-Language": "en-US" };
const JA = { "X-Plex-Language": "ja-JP" };
const SNIS = "/library/metadata/r18dev_snis00217";

/** r18.dev's gallery of SNIS-217 (its sample), each picture through the backdrop route's url=. */
function gallery(p: PlexApp, base: string, alt: string) {
  return Array.from({ length: 10 }, (_, i) => ({
    type: "snapshot",
    url: `${base}/v1/images/backdrop/FANZA/snis00217?url=${encodeURIComponent(`${p.covers.base}/digital/video/snis00217/snis00217jp-${i + 1}.jpg`)}`,
    alt,
  }));
}

function snisImages(p: PlexApp, base: string, alt: string) {
  return [
    { type: "coverPoster", url: `${base}/v1/images/primary/FANZA/snis00217`, alt },
    { type: "background", url: `${base}/v1/images/backdrop/FANZA/snis00217`, alt },
    ...gallery(p, base, alt),
  ];
}

describe("metadata of the real samples", () => {
  let p: PlexApp;
  beforeAll(async () => {
    p = await plexApp({ env: { PUBLIC_URL: BASE } });
  });
  afterAll(() => p.close());

  const one = async (path: string, headers: Record<string, string> = {}) => {
    const { status, body, res } = await get(p, path, headers);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(body.MediaContainer).toMatchObject({ offset: 0, totalSize: 1, identifier: IDENTIFIER, size: 1 });
    expect(body.MediaContainer.Metadata).toHaveLength(1);
    return body.MediaContainer.Metadata[0];
  };

  it("SNIS-217 in English: every field the record fills, and no other", async () => {
    const m = await one(SNIS, EN);
    const r = p.titles[0].record;
    const title = "SNIS-217 Gross Guys on Hot Babes!";
    expect(m).toEqual({
      ratingKey: "r18dev_snis00217",
      key: "/library/metadata/r18dev_snis00217",
      guid: `${IDENTIFIER}://movie/r18dev_snis00217`,
      type: "movie",
      title,
      titleSort: "SNIS-217",
      originalTitle: "ラブ◆キモメン ティア",
      summary: r.commentEn,
      studio: "S1 NO.1 STYLE",
      originallyAvailableAt: "2014-08-19",
      year: 2014,
      duration: 154 * 60_000,
      contentRating: "jp/R18+",
      isAdult: true,
      thumb: `${BASE}/v1/images/primary/FANZA/snis00217`,
      art: `${BASE}/v1/images/backdrop/FANZA/snis00217`,
      Image: snisImages(p, BASE, title),
      Genre: [
        { tag: "Big Tits", originalTag: "巨乳" },
        { tag: "Orgy", originalTag: "乱交" },
        { tag: "Featured Actress", originalTag: "単体作品" },
        { tag: "Facial", originalTag: "顔射" },
        { tag: "Minimal Mosaic", originalTag: "ギリモザ" },
        { tag: "Hi-Def", originalTag: "ハイビジョン" },
        { tag: "Exclusive Distribution", originalTag: "独占配信" },
      ],
      // Her picture through the route of her person's key (DMM's id of her), under Gfriends: every provider's actresses.
      Role: [{ tag: "Tia", order: 1, thumb: `${BASE}/v1/images/backdrop/Gfriends/1015472?url=${encodeURIComponent(`${p.covers.base}/mono/actjpgs/tia.jpg`)}` }],
      Director: [{ tag: "pochomquin" }],
      Studio: [{ tag: "S1 NO.1 STYLE" }],
    });
    // No rating where the source has none, no Collection (no collection feature), no Guid (none of imdb, tmdb, tvdb applies).
    for (const absent of ["Rating", "Collection", "Guid", "Writer", "tagline"]) expect(m, absent).not.toHaveProperty(absent);
  });

  it("SNIS-217 in Japanese: r18.dev's Japanese names, the summary falling back to English, no originalTitle", async () => {
    const m = await one(SNIS, JA);
    const title = "SNIS-217 ラブ◆キモメン ティア";
    expect(m).toMatchObject({
      title,
      titleSort: "SNIS-217",
      studio: "エスワン ナンバーワンスタイル",
      summary: p.titles[0].record.commentEn,
      Genre: ["巨乳", "乱交", "単体作品", "顔射", "ギリモザ", "ハイビジョン", "独占配信"].map((tag) => ({ tag })),
      Role: [{ tag: "ティア", order: 1, thumb: expect.stringContaining("/v1/images/backdrop/Gfriends/1015472?url=") }],
      Director: [{ tag: "ポチョムキン" }],
      // The label has no Japanese name in the record: it stays as r18.dev gives it.
      Studio: [{ tag: "エスワン ナンバーワンスタイル" }, { tag: "S1 NO.1 STYLE" }],
      Image: snisImages(p, BASE, title),
    });
    expect(m).not.toHaveProperty("originalTitle");
  });

  it("the language as a query parameter too; another language, or none, is MEDIA_LANGUAGE's (ja here)", async () => {
    expect((await one(`${SNIS}?X-Plex-Language=en-US&X-Plex-Country=US`)).title).toBe("SNIS-217 Gross Guys on Hot Babes!");
    expect((await one(`${SNIS}?X-Plex-Language=ja-JP`, EN)).title).toBe("SNIS-217 Gross Guys on Hot Babes!");
    for (const headers of [{ "X-Plex-Language": "de-DE" }, {}] as Record<string, string>[])
      expect((await one(SNIS, headers)).title).toBe("SNIS-217 ラブ◆キモメン ティア");
  });

  it("a FANZA title in English keeps its Japanese title, with no originalTitle; its users' rating on 0-10", async () => {
    const mide = await one("/library/metadata/fanza_mide00799", EN);
    const r = p.titles.find((t) => t.record.contentId === "mide00799")!.record;
    expect(mide.title).toBe(`MIDE-799 ${r.titleJa}`);
    expect(mide).not.toHaveProperty("originalTitle");
    expect(mide.Rating).toEqual([{ image: `${IDENTIFIER}://image.rating`, type: "audience", value: 9.68 }]);
    expect((await one("/library/metadata/fanza_sone00708")).Rating).toEqual([{ image: `${IDENTIFIER}://image.rating`, type: "audience", value: 10 }]);
  });

  it("the images endpoint: the title's Image array in a MediaContainer", async () => {
    const { status, body } = await get(p, `${SNIS}/images`, EN);
    expect(status).toBe(200);
    const images = snisImages(p, BASE, "SNIS-217 Gross Guys on Hot Babes!");
    expect(body).toEqual({ MediaContainer: { offset: 0, totalSize: images.length, identifier: IDENTIFIER, size: images.length, Image: images } });
  });

  it("each picture URL answers the picture it names: the front cover cut 2:3, the whole jacket, a gallery picture, her picture", async () => {
    const m = await one(SNIS, EN);
    const picture = async (url: string) => {
      const res = await p.app.inject({ url: pathOf(url) });
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers["content-type"]).toBe("image/jpeg");
      const { data: px, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number) => px.subarray((Math.floor(info.height / 2) * info.width + x) * info.channels);
      const side = (x: number) => (at(x)[0] > 128 && at(x)[2] < 128 ? "front" : at(x)[2] > 128 && at(x)[0] < 128 ? "back" : "mixed");
      return { width: info.width, height: info.height, left: side(2), right: side(info.width - 3) };
    };
    const poster = await picture(m.thumb);
    expect(poster).toEqual({ width: Math.trunc(538 * (2 / 3)), height: 538, left: "front", right: "front" });
    expect(await picture(m.art)).toEqual({ width: 800, height: 538, left: "back", right: "front" });
    expect(await picture(m.Image[2].url)).toEqual({ width: 800, height: 538, left: "back", right: "front" });
    expect(await picture(m.Role[0].thumb)).toMatchObject({ width: 125, height: 125 });
  });

  it("PLEX_TITLE_CODE=off: the title alone, the code still its sort title", async () => {
    const off = await plexApp({ env: { PLEX_TITLE_CODE: "off" } });
    try {
      const { body } = await get(off, SNIS, EN);
      expect(body.MediaContainer.Metadata[0]).toMatchObject({ title: "Gross Guys on Hot Babes!", titleSort: "SNIS-217" });
      const ja = await get(off, SNIS, JA);
      expect(ja.body.MediaContainer.Metadata[0].title).toBe("ラブ◆キモメン ティア");
    } finally {
      await off.close();
    }
  });

  it("a ratingKey of no title is a 404, on both paths", async () => {
    for (const key of ["r18dev_zzz00001", "fanza_snis00217", "nosuchprovider_snis00217", "tokyo-hot_n9999"]) {
      for (const path of [`/library/metadata/${key}`, `/library/metadata/${key}/images`]) {
        const { status, body } = await get(p, path);
        expect(status, path).toBe(404);
        expect(body, path).toEqual({ error: { code: 404, message: "no title has this ratingKey" } });
      }
    }
  });

  it("a ratingKey this provider never makes is a 400, never a 500", async () => {
    const malformed = [
      "snis00217",
      "r18dev_",
      "_snis00217",
      "R18dev_snis00217",
      "r18dev_SNIS00217",
      "r18dev_snisZ0030",
      "r18dev_snis%2000217",
      "r18dev_snis.217",
      "matches",
    ];
    for (const key of malformed) {
      for (const path of [`/library/metadata/${key}`, `/library/metadata/${key}/images`]) {
        const { status, body } = await get(p, path);
        expect(status, path).toBe(400);
        expect(body, path).toEqual({ error: { code: 400, message: "not a ratingKey of this provider" } });
      }
    }
    const long = await get(p, `/library/metadata/r18dev_${"a".repeat(600)}`);
    expect(long.status).toBe(400);
  });
});

describe("what a movie has none of: /extras, /children, /grandchildren", () => {
  let p: PlexApp;
  beforeAll(async () => {
    p = await plexApp();
  });
  afterAll(() => p.close());

  it("an empty MediaContainer, a 200, as the MetaTube bridges answer them, paged or not; a malformed ratingKey is still a 400", async () => {
    for (const none of ["extras", "children", "grandchildren"]) {
      for (const [key, headers] of [
        ["r18dev_snis00217", EN],
        ["fanza_mide00799", { "X-Plex-Container-Start": "1", "X-Plex-Container-Size": "20" }],
      ] as const) {
        const { status, body } = await get(p, `/library/metadata/${key}/${none}`, headers);
        expect(status, `${key}/${none}`).toBe(200);
        expect(body).toEqual(EMPTY);
      }
      const bad = await get(p, `/library/metadata/snis00217/${none}`);
      expect(bad).toMatchObject({ status: 400, body: { error: { code: 400, message: "not a ratingKey of this provider" } } });
    }
  });
});

describe("the release day", () => {
  let p: PlexApp;
  const undated = makeIngest({ contentId: "abc00001", dvdId: "ABC-001", releaseDate: "" });
  beforeAll(async () => {
    p = await plexApp({ more: [...otherSellers(), undated] });
  });
  afterAll(() => p.close());

  it("originallyAvailableAt and year whenever the record has a date, every seller's; neither for a record without one", async () => {
    const dated = p.titles.filter((t) => t.record.releaseDate !== "");
    expect(dated.length).toBe(p.titles.length - 1);
    for (const t of dated) {
      const key = ratingKeyOf(t.provider, t.record.contentId);
      const { status, body } = await get(p, `/library/metadata/${key}`, EN);
      expect(status, key).toBe(200);
      const day = t.record.releaseDate.slice(0, 10);
      expect(body.MediaContainer.Metadata[0], key).toMatchObject({ originallyAvailableAt: day, year: Number(day.slice(0, 4)) });
    }
    // No day is made up (the schema check, which requires one, is not run on this answer).
    const res = await p.app.inject({ url: `${p.root}/library/metadata/file_abc00001` });
    expect(res.statusCode).toBe(200);
    const m = res.json().MediaContainer.Metadata[0];
    expect(m).not.toHaveProperty("originallyAvailableAt");
    expect(m).not.toHaveProperty("year");
  });
});

describe("where the cut pictures' URLs point", () => {
  const posterOf = async (p: PlexApp, headers: Record<string, string>) => {
    const { status, body } = await ask(p.app, { url: `${p.root}${SNIS}`, headers });
    expect(status).toBe(200);
    return body.MediaContainer.Metadata[0].Image[0].url as string;
  };

  it("PUBLIC_URL, with its path, whatever the request's Host or X-Forwarded-Host says", async () => {
    const p = await plexApp({ env: { PUBLIC_URL: "https://nas.example.com/catalog/", TRUST_PROXY: "on" } });
    try {
      for (const headers of [{}, { host: "other:1234" }, { "x-forwarded-host": "proxy.example.com", "x-forwarded-proto": "https" }] as Record<string, string>[])
        expect(await posterOf(p, headers)).toBe("https://nas.example.com/catalog/v1/images/primary/FANZA/snis00217");
    } finally {
      await p.close();
    }
  });
});
