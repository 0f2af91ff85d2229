/**
 * The image routes with DMM's own picture URLs: DMM's larger pictures (big_cover_url and
 * big_thumb_url, as MetaTube's FANZA provider finds them at awsimgsrc.dmm.co.jp) and the
 * pictures of every copy of a title. Requests are the Jellyfin plugin's (plugin-urls.ts).
 * pics.dmm.co.jp and awsimgsrc.dmm.co.jp are a local server: the client the images go
 * through sends their requests to it, the path unchanged under the host's name.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCatalog, type Db, createKey, upsertRecords } from "../../src/catalog/index.js";
import { createImages, type Images } from "../../src/images/index.js";
import type { IngestRecord } from "../../src/model/record.js";
import { createHttpClient, type HttpClient } from "../../src/net/index.js";
import { buildServer } from "../../src/server/app.js";
import { testConfig } from "../helpers/build-app.js";
import { paintedJpeg } from "../helpers/cover-server.js";
import { sampleTitles } from "../helpers/sample-titles.js";
import { jellyfinImages } from "./plugin-urls.js";

/** The client the images use, with DMM's hosts served by the local server at `local`. */
function throughLocal(http: HttpClient, local: string): HttpClient {
  const moved = (url: string) => url.replace(/^https:\/\/(pics\.dmm\.co\.jp|awsimgsrc\.dmm\.co\.jp)\//, `${local}/$1/`);
  return {
    getJson: (url, init) => http.getJson(moved(url), init),
    getBytes: (url, init) => http.getBytes(moved(url), init),
    getText: (url, init) => http.getText(moved(url), init),
    post: (url, init) => http.post(moved(url), init),
    setHostRate: (host, rps) => http.setHostRate(host, rps),
    stats: () => http.stats(),
    close: () => http.close(),
  };
}

const PICS = "https://pics.dmm.co.jp/digital/video";
const BIG = "https://awsimgsrc.dmm.co.jp/pics_dig/digital/video";

/** SONE-708 (FANZA, 2025) under another content id: a title whose big pictures DMM answers otherwise. */
function sibling(t: IngestRecord, cid: string): IngestRecord {
  const r = t.record;
  const move = (u: string) => u.replaceAll("sone00708", cid);
  const extra = { ...r.extra, galleryFull: r.extra.galleryFull.map(move), galleryThumb: r.extra.galleryThumb.map(move) };
  return {
    ...t,
    pageUrl: move(t.pageUrl),
    record: { ...r, contentId: cid, dvdId: `SONE-${cid.slice(-3)}`, jacketFullUrl: move(r.jacketFullUrl), jacketThumbUrl: move(r.jacketThumbUrl), extra },
  };
}

describe("MetaTube's image routes with DMM's pictures", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-mt-images-"));
  let db: Db;
  let app: FastifyInstance;
  let images: Images;
  let dmm: Server;
  let token: string;
  const requests: string[] = [];
  let fanza: IngestRecord;
  let r18: IngestRecord;
  const jf = jellyfinImages("");

  beforeAll(async () => {
    const shapes = { jacket: await paintedJpeg(800, 538, 90), thumb: await paintedJpeg(147, 200, 90), big: await paintedJpeg(1600, 1076, 90) };
    dmm = createServer((req, res) => {
      const path = req.url ?? "/";
      requests.push(path);
      const send = (status: number, type: string, body: Buffer | string) => {
        res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
        res.end(body);
      };
      if (path.startsWith("/awsimgsrc.dmm.co.jp/")) {
        // sone00708's big jacket is there; sone00709's is gone; for sone00710's an error page is served as 200.
        if (path.endsWith("/sone00708pl.jpg")) send(200, "image/jpeg", shapes.big);
        else if (path.includes("sone00710")) send(200, "text/html", "<html><body>Error</body></html>");
        else send(404, "application/xml", "<Error><Code>NoSuchKey</Code></Error>");
      } else if (path.startsWith("/pics.dmm.co.jp/")) {
        send(200, "image/jpeg", /p[st]\.jpg$/.test(path) ? shapes.thumb : shapes.jacket);
      } else send(404, "text/plain", "no");
    });
    await new Promise<void>((r) => dmm.listen(0, "127.0.0.1", r));
    const local = `http://127.0.0.1:${(dmm.address() as AddressInfo).port}`;

    const samples = sampleTitles();
    const sone = samples.find((t) => t.record.contentId === "sone00708")!;
    // Two copies of SONE-708 whose pictures differ, as the FANZA API's (its list image, pt.jpg) and
    // r18.dev's (ps.jpg, and a gallery picture of its own) may.
    fanza = { ...sone, record: { ...sone.record, jacketThumbUrl: `${PICS}/sone00708/sone00708pt.jpg` } };
    r18 = {
      ...sone,
      provider: "r18dev",
      pageUrl: "https://r18.dev/videos/vod/movies/detail/-/id=sone00708/",
      record: { ...sone.record, extra: { ...sone.record.extra, galleryFull: [...sone.record.extra.galleryFull, `${PICS}/sone00708/sone00708jp-99.jpg`] } },
    };
    const others = samples.filter((t) => t !== sone);
    const path = join(dir, "catalog.db");
    db = openCatalog(path);
    upsertRecords(db, [...others, fanza, r18, sibling(sone, "sone00709"), sibling(sone, "sone00710")]);
    token = createKey(db, "jellyfin", 1_000_000).token;
    const config = testConfig({ DATABASE_PATH: path, IMAGE_CACHE_DIR: join(dir, "images") });
    const http = throughLocal(createHttpClient({ userAgent: "video-catalog-test", timeoutMs: 5000, maxRetries: 0 }), local);
    images = createImages({ http, dir: config.imageCacheDir, maxBytes: 64 * 1024 * 1024 });
    app = await buildServer({ db, config, live: null, pool: null, ingest: null, images }, { logger: false, dashboard: false });
  });

  afterAll(async () => {
    await app?.close();
    await images?.close();
    dmm?.close();
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const served = async (url: string) => {
    const res = await app.inject({ url });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    const { data: px, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const red = (x: number) => px[(Math.floor(info.height / 2) * info.width + x) * info.channels] > 128;
    return { width: meta.width, height: meta.height, front: red(2) && red(info.width - 3) };
  };
  const refused = async (url: string) => {
    const res = await app.inject({ url });
    expect(res.statusCode, res.body).toBe(400);
    return JSON.parse(res.body) as { error: { code: number; message: string } };
  };
  const movie = async (id: string) =>
    JSON.parse((await app.inject({ url: `/v1/movies/FANZA/${id}?lazy=True`, headers: { authorization: `Bearer ${token}` } })).body).data as Record<
      string,
      string
    >;

  it("fills big_cover_url and big_thumb_url where MetaTube's FANZA provider looks: a digital video released since 2024", async () => {
    expect(await movie("sone00708")).toMatchObject({
      cover_url: `${PICS}/sone00708/sone00708pl.jpg`,
      big_cover_url: `${BIG}/sone00708/sone00708pl.jpg`,
      big_thumb_url: `${BIG}/sone00708/sone00708pt.jpg`,
    });
    // SNIS-217 (2014), MIDE-799 (2020): too old; TKMIRD-261 (2025): a DVD.
    for (const id of ["snis00217", "mide00799", "tkmird261"]) expect(await movie(id), id).toMatchObject({ big_cover_url: "", big_thumb_url: "" });
  });

  it("cuts a title's pictures from the big jacket when DMM has it: the same front cover, twice the size", async () => {
    // 1600x1076: w = int(1076 * 2/3) = 717, x = 1600 - 717 = 883, flush right.
    expect(await served(jf.primary("FANZA", "sone00708"))).toEqual({ width: 717, height: 1076, front: true });
    expect(await served(jf.thumb("FANZA", "sone00708"))).toMatchObject({ width: 1600, height: 900 });
    expect(await served(jf.backdrop("FANZA", "sone00708"))).toMatchObject({ width: 1600, height: 1076 });
    // The big pictures may be asked by url too (they are the title's).
    expect(await served(jf.previewBackdrop("FANZA", "sone00708", `${BIG}/sone00708/sone00708pl.jpg`))).toMatchObject({ width: 1600 });
    expect(requests.filter((p) => p === "/awsimgsrc.dmm.co.jp/pics_dig/digital/video/sone00708/sone00708pl.jpg")).toHaveLength(1);
    expect(requests.filter((p) => p.endsWith("/sone00708pl.jpg") && p.startsWith("/pics.dmm.co.jp/"))).toHaveLength(0);
  });

  it("falls back to the jacket when the big one is gone or no image, and asks DMM for it once", async () => {
    for (const cid of ["sone00709", "sone00710"]) {
      expect(await served(jf.primary("FANZA", cid))).toEqual({ width: 358, height: 538, front: true });
      expect(await served(jf.primary("FANZA", cid, 0.5))).toMatchObject({ width: 358, height: 538, front: false });
      expect(await served(jf.thumb("FANZA", cid))).toMatchObject({ width: 800, height: 450 });
      expect(await served(jf.backdrop("FANZA", cid))).toMatchObject({ width: 800, height: 538 });
      expect(
        requests.filter((p) => p.startsWith("/awsimgsrc.dmm.co.jp/") && p.includes(cid)),
        cid,
      ).toHaveLength(1);
      expect(
        requests.filter((p) => p === `/pics.dmm.co.jp/digital/video/${cid}/${cid}pl.jpg`),
        cid,
      ).toHaveLength(1);
    }
    // Asked for by url, a big picture that is gone is the error it is, as any picture's.
    expect((await app.inject({ url: jf.previewBackdrop("FANZA", "sone00709", `${BIG}/sone00709/sone00709pl.jpg`) })).statusCode).toBe(404);
  });

  it("accepts the pictures of every copy of the title, whichever copy a search result came from", async () => {
    // FANZA's copy answers first; the thumbnail of r18.dev's and its own gallery picture were refused before.
    const asked: [string, number][] = [
      [fanza.record.jacketThumbUrl, 200],
      [r18.record.jacketThumbUrl, 200],
      [`${PICS}/sone00708/sone00708jp-99.jpg`, 538],
    ];
    for (const [url, height] of asked) expect((await served(jf.searchPicture("FANZA", "sone00708", url))).height, url).toBe(height);
  });

  it("is still no open proxy: another title's picture, another host, a big picture of a title that has none: 400, nothing fetched", async () => {
    const before = requests.length;
    for (const url of [
      `${PICS}/snis00217/snis00217pl.jpg`,
      `${BIG}/snis00217/snis00217pl.jpg`,
      `${BIG}/sone00708/sone00708jp-1.jpg`,
      "https://awsimgsrc.dmm.co.jp/pics_dig/",
      "http://127.0.0.1:1/sone00708pl.jpg",
    ]) {
      expect((await refused(jf.searchPicture("FANZA", "sone00708", url))).error.message, url).toMatch(/not an image the catalog holds/);
    }
    expect(requests.length).toBe(before);
  });
});
