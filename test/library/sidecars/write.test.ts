/**
 * writeAllSidecars into a temporary library, its pictures fetched from a local server
 * through the real images module and outbound client: a picture that cannot be fetched
 * (404, or a server that never answers) is asked once per source in a run, however many
 * files are made from it; the landscape and the gallery land at the names each reader
 * takes them by, each picture once on disk; a dry run fetches nothing and writes nothing.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cutBox, normalizeCut } from "../../../src/images/cut-options.js";
import { createImages, type Images } from "../../../src/images/index.js";
import type { SidecarGroup } from "../../../src/library/sidecars/groups.js";
import type { SidecarKind, SidecarResult } from "../../../src/library/sidecars/sidecars.js";
import { writeAllSidecars } from "../../../src/library/sidecars/write-sidecars.js";
import type { IngestRecord } from "../../../src/model/record.js";
import { createHttpClient } from "../../../src/net/index.js";
import { fromLive, type Title } from "../../../src/services/titles/title.js";
import { makeIngest } from "../../helpers/build-app.js";
import { jacket } from "../../images/sources.js";
import { startServer } from "../../net/test-server.js";

let JACKET: Buffer;
const open: { close(): Promise<void> }[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  JACKET = await jacket();
});

afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Pictures under /ok/, a 404 under /gone/, no answer ever under /hang/; `hits` counts requests by path. */
async function pictures() {
  const hits: Record<string, number> = {};
  const server = await startServer((req, res) => {
    const path = req.url ?? "/";
    hits[path] = (hits[path] ?? 0) + 1;
    if (path.startsWith("/ok/")) res.writeHead(200, { "content-type": "image/jpeg" }).end(JACKET);
    else if (path.startsWith("/gone/")) res.writeHead(404, { "content-type": "text/html" }).end("<html>not found</html>");
    // /hang/: the request is read and never answered; the client's timeout ends it.
  });
  open.push(server);
  return Object.assign(server, { hits });
}

function library(files: string[]): string {
  const root = mkdtempSync(join(tmpdir(), "vc-sidecars-"));
  dirs.push(root);
  for (const f of files) {
    mkdirSync(dirname(join(root, f)), { recursive: true });
    writeFileSync(join(root, f), "");
  }
  return root;
}

function images(timeoutMs = 2000): Images {
  const http = createHttpClient({ userAgent: "video-catalog/test", timeoutMs, maxRetries: 1, sleep: async () => {} });
  const dir = mkdtempSync(join(tmpdir(), "vc-sidecar-cache-"));
  dirs.push(dir);
  const made = createImages({ http, dir, maxBytes: 64 * 1024 * 1024 });
  open.push(http, made);
  return made;
}

/** A title whose jacket and gallery are at `base` + these paths. */
function title(code: string, base: string, jacketPath: string, gallery: string[] = []): Title {
  const contentId = code.toLowerCase().replace("-", "00");
  const r: IngestRecord = makeIngest({
    contentId,
    dvdId: code,
    jacketFullUrl: `${base}${jacketPath}`,
    jacketThumbUrl: "",
    extra: { actressesRich: [], sampleUrl: null, galleryFull: gallery.map((p) => base + p), galleryThumb: [] },
  });
  return fromLive(r);
}

async function write(root: string, groups: SidecarGroup<Title>[], kinds: SidecarKind[], img: Images, dryRun = false): Promise<SidecarResult[]> {
  const results: SidecarResult[] = [];
  await writeAllSidecars(groups, { root, kinds, force: false, dryRun, language: "ja", images: img, concurrency: 4, onResult: (r) => results.push(r) });
  return results;
}

const stackOf = (...rels: string[]) => rels.map((rel, i) => ({ rel, part: i + 1 }));

describe("writeAllSidecars: a source that cannot be fetched", () => {
  it("asks a cover that is gone (404) once per run, not once per file made from it", async () => {
    const s = await pictures();
    const root = library(["A/MIFD-612-cd1.mp4", "A/MIFD-612-cd2.mp4", "B/ABP-123.mp4", "C/ABP-124.mp4"]);
    const groups: SidecarGroup<Title>[] = [
      { title: title("MIFD-612", s.url, "/gone/mifd00612pl.jpg"), files: stackOf("A/MIFD-612-cd1.mp4", "A/MIFD-612-cd2.mp4") },
      { title: title("ABP-123", s.url, "/gone/abp00123pl.jpg"), files: [{ rel: "B/ABP-123.mp4", part: null }] },
      // The same cover in another folder (a second copy of a title): still asked once.
      { title: title("ABP-123", s.url, "/gone/abp00123pl.jpg"), files: [{ rel: "C/ABP-124.mp4", part: null }] },
    ];
    const results = await write(root, groups, ["poster", "fanart", "landscape"], images());
    const failed = results.filter((r) => r.action === "failed");
    // The stack: poster and fanart at two names each, the landscape at two; the singles three each.
    expect(failed).toHaveLength(6 + 3 + 3);
    expect(failed.every((r) => /^cover http:\/\/127\.0\.0\.1:\d+\/gone\/\w+pl\.jpg: no image \(HTTP 404\)/.test(r.reason ?? ""))).toBe(true);
    expect(s.hits).toEqual({ "/gone/mifd00612pl.jpg": 1, "/gone/abp00123pl.jpg": 1 });
  });

  it("asks a cover whose server never answers once per run (the client's attempts), not once per file", async () => {
    const s = await pictures();
    const root = library(["MIFD-612-cd1.mp4", "MIFD-612-cd2.mp4"]);
    const groups = [
      { title: title("MIFD-612", s.url, "/hang/mifd00612pl.jpg", ["/hang/mifd00612jp-1.jpg"]), files: stackOf("MIFD-612-cd1.mp4", "MIFD-612-cd2.mp4") },
    ];
    const started = Date.now();
    const results = await write(root, groups, ["poster", "fanart", "extrafanart"], images(300));
    // One try and one retry (maxRetries 1) of each source, whatever the number of files.
    expect(s.hits).toEqual({ "/hang/mifd00612pl.jpg": 2, "/hang/mifd00612jp-1.jpg": 2 });
    expect(results.filter((r) => r.action === "failed").map((r) => r.path)).toEqual([
      "MIFD-612-poster.jpg",
      "MIFD-612-cd1-poster.jpg",
      "MIFD-612-fanart.jpg",
      "MIFD-612-cd1-fanart.jpg",
      "MIFD-612-fanart1.jpg",
      "MIFD-612-cd1-fanart-1.jpg",
    ]);
    expect(results.find((r) => r.kind === "extrafanart")?.reason).toMatch(/^gallery picture http:\S+jp-1\.jpg: image fetch failed/);
    // Two sources of two attempts of 300 ms each, not six files' worth.
    expect(Date.now() - started).toBeLessThan(4 * 300 + 1500);
  });
});

describe("writeAllSidecars: the landscape and the gallery", () => {
  it("writes the landscape at Kodi's and Jellyfin's names and the gallery as Kodi's fanartN and Jellyfin's fanart-N, each picture once on disk", async () => {
    const s = await pictures();
    const root = library(["MIFD-612-cd1.mp4", "MIFD-612-cd2.mp4"]);
    const gallery = ["/ok/mifd00612jp-1.jpg", "/ok/mifd00612jp-2.jpg"];
    const groups = [{ title: title("MIFD-612", s.url, "/ok/mifd00612pl.jpg", gallery), files: stackOf("MIFD-612-cd1.mp4", "MIFD-612-cd2.mp4") }];
    const results = await write(root, groups, ["landscape", "extrafanart"], images());
    expect(results.map((r) => [r.action, r.path, r.written])).toEqual([
      ["written", "MIFD-612-cd1-landscape.jpg", true],
      ["written", "MIFD-612-landscape.jpg", true],
      ["written", "MIFD-612-fanart1.jpg", true],
      ["written", "MIFD-612-cd1-fanart-1.jpg", true],
      ["written", "MIFD-612-fanart2.jpg", true],
      ["written", "MIFD-612-cd1-fanart-2.jpg", true],
    ]);
    // Each source fetched once; each picture's second name is the same file (a hard link).
    expect(s.hits).toEqual({ "/ok/mifd00612pl.jpg": 1, "/ok/mifd00612jp-1.jpg": 1, "/ok/mifd00612jp-2.jpg": 1 });
    const inode = (f: string) => statSync(join(root, f)).ino;
    expect(inode("MIFD-612-landscape.jpg")).toBe(inode("MIFD-612-cd1-landscape.jpg"));
    expect(inode("MIFD-612-fanart1.jpg")).toBe(inode("MIFD-612-cd1-fanart-1.jpg"));
    expect(inode("MIFD-612-fanart1.jpg")).not.toBe(inode("MIFD-612-fanart2.jpg"));
    // The landscape is the images module's 16:9 cut of the jacket; a gallery picture is whole.
    const box = cutBox(800, 538, normalizeCut({ kind: "thumb" }));
    expect(await sharp(join(root, "MIFD-612-landscape.jpg")).metadata()).toMatchObject({ format: "jpeg", width: box.width, height: box.height });
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    expect(await sharp(join(root, "MIFD-612-fanart2.jpg")).metadata()).toMatchObject({ format: "jpeg", width: 800, height: 538 });
    // A second run: every file current, nothing fetched.
    const again = await write(root, groups, ["landscape", "extrafanart"], images());
    expect(again.map((r) => r.action)).toEqual(Array(6).fill("unchanged"));
    expect(Object.values(s.hits)).toEqual([1, 1, 1]);
  });

  it("a dry run plans every file, marks none written, and fetches nothing", async () => {
    const s = await pictures();
    const root = library(["ABP-123.mp4"]);
    const groups = [{ title: title("ABP-123", s.url, "/ok/abp00123pl.jpg", ["/ok/abp00123jp-1.jpg"]), files: [{ rel: "ABP-123.mp4", part: null }] }];
    const results = await write(root, groups, ["nfo", "poster", "fanart", "extrafanart", "landscape"], images(), true);
    expect(results.map((r) => [r.action, r.path, r.written])).toEqual([
      ["written", "ABP-123.nfo", false],
      ["written", "ABP-123-poster.jpg", false],
      ["written", "ABP-123-fanart.jpg", false],
      ["written", "ABP-123-fanart1.jpg", false],
      ["written", "ABP-123-fanart-1.jpg", false],
      ["written", "ABP-123-landscape.jpg", false],
    ]);
    expect(s.hits).toEqual({});
    expect(readdirSync(root)).toEqual(["ABP-123.mp4"]);
  });
});
