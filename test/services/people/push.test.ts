/**
 * people push against a stand-in Jellyfin (and Emby) with two libraries: "JAV", whose titles
 * the catalog credits, and "Movies", where a film star has the name of one of our actresses.
 * Each credited person gets one picture and one overview, with the server's token header on
 * every request; the film star's person item is never touched; a second run sends nothing,
 * a changed picture goes again, and a dry run sends and records nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Db, openCatalog, pushedTo, upsertRecords } from "../../../src/catalog/index.js";
import { createImages } from "../../../src/images/index.js";
import { createMediaServerHttp, type MediaServer, MediaServerError } from "../../../src/mediaservers/index.js";
import { createHttpClient } from "../../../src/net/index.js";
import { type PushLine, pushPeople } from "../../../src/services/people/push.js";
import { makeIngest, testConfig } from "../../helpers/build-app.js";
import { paintedJpeg } from "../../helpers/cover-server.js";
import { type PeopleStandIn, peopleStandIn, type StandInLibrary } from "../../helpers/people-stand-in.js";

const TOKEN = "0123456789abcdef0123456789abcdef";

/** A picture host whose actress picture can be changed between runs. */
let pictures: Server;
let pictureBase = "";
let picture: Buffer;

beforeAll(async () => {
  picture = await paintedJpeg(125, 125);
  pictures = createServer((_req, res) => res.writeHead(200, { "content-type": "image/jpeg" }).end(picture));
  await new Promise<void>((r) => pictures.listen(0, "127.0.0.1", r));
  pictureBase = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => pictures.close(() => r())));

const LIBRARIES: StandInLibrary[] = [
  {
    id: "a1b2c3d4e5f60718293a4b5c6d7e8f90",
    name: "JAV",
    collectionType: "movies",
    items: [
      { id: "i1", name: "ABC-001 Some title", path: "/media/jav/ABC-001/ABC-001.mp4", cast: ["Yui Minami", "Unknown Actor"] },
      { id: "i2", name: "Another", path: "/media/jav/x/movie.mp4", providerIds: { Tmdb: "55", dvdid: "ABC-002" }, cast: ["Mia Kamiya"] },
      // Not in the catalog: her name is ours, but the catalog cannot say she is credited on it.
      { id: "i3", name: "XYZ-999", path: "/media/jav/XYZ-999.mp4", cast: ["Saki Aoi"] },
    ],
  },
  {
    id: "f0e9d8c7b6a5948372615f4e3d2c1b0a",
    name: "Movies",
    collectionType: "movies",
    items: [{ id: "m1", name: "A Film", path: "/media/movies/A Film (2019)/A Film.mkv", cast: ["Mia Kamiya", "Some Star"] }],
  },
];

const credited = (cid: string, release: string, names: string[], id: string, image?: string) =>
  makeIngest(
    {
      contentId: cid,
      dvdId: cid.replace(/^([a-z]+)0*(\d{3})$/, (_m, l, n) => `${l.toUpperCase()}-${n}`),
      releaseDate: `${release}T00:00:00.000Z`,
      actresses: [names[0]],
    },
    { provider: "fanza", credits: [{ id, names, image: image ?? null }] },
  );

function catalog(): Db {
  const db = openCatalog(":memory:");
  upsertRecords(db, [
    credited("abc00001", "2023-01-01", ["Yui Minami", "美波ゆい"], "1001", `${pictureBase}/mono/actjpgs/minami_yui.jpg`),
    credited("abc00002", "2022-05-01", ["Mia Kamiya", "神谷みあ"], "1002", `${pictureBase}/mono/actjpgs/kamiya_mia.jpg`),
    credited("abc00003", "2021-01-01", ["Saki Aoi", "葵さき"], "1003"),
  ]);
  return db;
}

describe.each(["jellyfin", "emby"] as const)("people push to %s", (kind) => {
  const dir = mkdtempSync(join(tmpdir(), "vc-push-"));
  const config = testConfig({ MEDIA_LANGUAGE: "en" });
  const opened: { close(): Promise<void> | void }[] = [];
  afterEach(async () => {
    for (const o of opened.splice(0)) await o.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function setUp() {
    const db = catalog();
    const server = await peopleStandIn(kind, TOKEN, LIBRARIES);
    const http = createMediaServerHttp(config, { maxRetries: 0 });
    // A cache that keeps nothing: a picture changed at its address is fetched again.
    const images = createImages({ http: createHttpClient({ userAgent: "t", timeoutMs: 5000 }), dir, maxBytes: 0 });
    opened.push(server, http, images, {
      close: () => {
        db.close();
      },
    });
    const target: MediaServer = { kind, url: server.url, token: TOKEN, sections: [], pathMap: [] };
    const run = async (more: { dryRun?: boolean; token?: string } = {}) => {
      const lines: PushLine[] = [];
      const report = await pushPeople(
        { deps: { db, config, live: null, pool: null, ingest: null }, http, images },
        { server: { ...target, token: more.token ?? TOKEN }, library: "JAV", dryRun: more.dryRun === true, language: "en", onLine: (l) => lines.push(l) },
      );
      return { report, lines };
    };
    return { db, server, run };
  }

  const tokenOnEveryRequest = (server: PeopleStandIn) => {
    for (const r of server.got) {
      expect(r.url).not.toMatch(/api_key|ApiKey/i);
      if (kind === "jellyfin") expect(r.headers.authorization).toBe(`MediaBrowser Token="${TOKEN}"`);
      else expect(r.headers["x-emby-token"]).toBe(TOKEN);
    }
  };

  it("sends one picture and one overview per credited person, and nothing to the film star of the same name", async () => {
    const { db, server, run } = await setUp();
    const { report, lines } = await run();
    const minami = server.personId("Yui Minami");
    expect(lines.map((l) => [l.status, l.name, l.key])).toEqual([
      ["sent", "Yui Minami", "1001"],
      ["skipped", "Unknown Actor", null],
      ["skipped", "Mia Kamiya", null],
      ["skipped", "Saki Aoi", null],
    ]);
    expect(lines[2].what).toBe(`also credited on 1 item(s) outside "JAV": another person of this name`);
    expect(lines[3].what).toMatch(/not credited on any of her titles/);
    expect(report.pictures).toBe(1);
    expect(report.overviews).toBe(1);
    // The picture: its bytes in base64, under its own type.
    const posts = server.posts();
    expect(posts.map((p) => p.url)).toEqual([`/Items/${minami}/Images/Primary`, `/Items/${minami}`]);
    expect(posts[0].body.toString("latin1")).toBe(picture.toString("base64"));
    expect(server.images.get(minami)).toEqual({ type: "image/jpeg", bytes: picture });
    // The overview: the item as read, its Overview alone changed.
    const item = server.persons.get(minami)!;
    expect(item.Overview).toBe("Yui Minami (美波ゆい). 1 title (2023-01-01).");
    expect([item.Name, item.Id, item.ServerId]).toEqual(["Yui Minami", minami, "stand-in"]);
    expect(server.persons.get(server.personId("Mia Kamiya"))!.Overview).toBe("");
    expect(server.images.has(server.personId("Mia Kamiya"))).toBe(false);
    tokenOnEveryRequest(server);
    expect(pushedTo(db, server.url, minami)?.personId).toBeTypeOf("number");
  });

  it("sends nothing on a second run, and the picture alone once it has changed", async () => {
    const { server, run } = await setUp();
    await run();
    const before = server.posts().length;
    const second = await run();
    expect(server.posts().length).toBe(before);
    expect(second.lines[0]).toMatchObject({ status: "unchanged", name: "Yui Minami" });
    const old = picture;
    picture = await paintedJpeg(125, 125, 60);
    try {
      const third = await run();
      const minami = server.personId("Yui Minami");
      expect(
        server
          .posts()
          .slice(before)
          .map((p) => p.url),
      ).toEqual([`/Items/${minami}/Images/Primary`]);
      expect(third.lines[0]).toMatchObject({ status: "sent", what: "picture" });
      expect(server.images.get(minami)?.bytes).toEqual(picture);
    } finally {
      picture = old;
    }
    tokenOnEveryRequest(server);
  });

  it("--dry-run lists what it would send, and sends and records nothing", async () => {
    const { db, server, run } = await setUp();
    const { report, lines } = await run({ dryRun: true });
    expect(lines[0]).toMatchObject({ status: "would send", name: "Yui Minami", what: "picture, overview" });
    expect(report.counts["would send"]).toBe(1);
    expect(server.posts()).toEqual([]);
    expect(pushedTo(db, server.url, server.personId("Yui Minami"))).toBeNull();
  });

  it("records each half as the server takes it: a server failing after the picture keeps the picture sent", async () => {
    const { db, server, run } = await setUp();
    const minami = server.personId("Yui Minami");
    server.fail = (r) => (r.method === "POST" && r.url === `/Items/${minami}` ? 503 : null);
    const failure = await run().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MediaServerError);
    expect((failure as MediaServerError).kind).toBe("server_error");
    expect(pushedTo(db, server.url, minami)).toMatchObject({ imageHash: expect.any(String), overviewHash: null });
    server.fail = null;
    const before = server.posts().length;
    const again = await run();
    expect(again.lines[0]).toMatchObject({ status: "sent", what: "overview" });
    expect(
      server
        .posts()
        .slice(before)
        .map((p) => p.url),
    ).toEqual([`/Items/${minami}`]);
  });

  it("a refused token ends the run as the server's refusal", async () => {
    const { server, run } = await setUp();
    const failure = await run({ token: "another-token" }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MediaServerError);
    expect((failure as MediaServerError).kind).toBe("refused");
    expect(server.posts()).toEqual([]);
  });
});
