import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createImages, ImageError, type Images, lazyImages } from "../../src/images/index.js";
import { sourceName } from "../../src/images/keys.js";
import { createHttpClient, type HttpClient } from "../../src/net/index.js";
import { startServer, type TestServer } from "../net/test-server.js";
import { FRONT, jacket, near, pixel, thumbnail } from "./sources.js";

let JACKET: Buffer;
let THUMB: Buffer;
const open: { close(): Promise<void> }[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  JACKET = await jacket();
  THUMB = await thumbnail();
});

afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Covers at /jacket.jpg and /thumb.jpg (after `delayMs`), and the ways a source fails; `hits` counts requests by path. */
async function covers(delayMs = 0): Promise<TestServer & { hits: Record<string, number> }> {
  const hits: Record<string, number> = {};
  const server = await startServer((req, res) => {
    const path = req.url ?? "/";
    hits[path] = (hits[path] ?? 0) + 1;
    const send = (status: number, type: string, body: Buffer | string) => {
      res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
      res.end(body);
    };
    setTimeout(() => {
      if (path.startsWith("/jacket")) send(200, "image/jpeg", JACKET);
      else if (path.startsWith("/thumb")) send(200, "image/jpeg", THUMB);
      else if (path === "/page") send(200, "text/html; charset=utf-8", "<html><body>Access denied</body></html>");
      else if (path === "/json") send(200, "application/json", '{"error":"no such image"}');
      else if (path === "/broken") send(200, "image/jpeg", "this is no JPEG");
      // DMM's answer for a cover it does not have yet: a redirect to its "NOW PRINTING" picture.
      else if (path === "/digital/video/abc00123/abc00123pl.jpg") {
        res.writeHead(302, { location: "/mono/movie/adult/now_printing/now_printing.jpg" });
        res.end();
      } else if (path.includes("now_printing")) send(200, "image/jpeg", JACKET);
      else send(404, "text/html", "<html>not found</html>");
    }, delayMs);
  });
  open.push(server);
  return Object.assign(server, { hits });
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "images-"));
  dirs.push(dir);
  return dir;
}

function http(): HttpClient {
  const client = createHttpClient({ userAgent: "video-catalog/test", timeoutMs: 2000, maxRetries: 1, sleep: async () => {} });
  open.push(client);
  return client;
}

function images(dir: string, maxBytes = 64 * 1024 * 1024, now?: () => number): Images {
  const made = createImages({ http: http(), dir, maxBytes, now });
  open.push(made);
  return made;
}

/** The cache's files on disk, temporary ones included. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => statSync(join(dir, f)).isFile());
}

describe("createImages: fetching and cutting", () => {
  it("fetches once for ten concurrent gets of one url, and cuts once per cut", async () => {
    const s = await covers(50);
    const img = images(tempDir());
    const asks = [
      ...Array.from({ length: 7 }, () => img.get(`${s.url}/jacket.jpg`, { kind: "primary" })),
      ...Array.from({ length: 3 }, () => img.get(`${s.url}/jacket.jpg`, { kind: "thumb" })),
    ];
    const cuts = await Promise.all(asks);
    expect(s.hits["/jacket.jpg"]).toBe(1);
    expect(cuts.slice(0, 7).every((c) => c === cuts[0])).toBe(true);
    expect([cuts[0].width, cuts[0].height]).toEqual([358, 538]);
    expect([cuts[9].width, cuts[9].height]).toEqual([800, 450]);
    expect(near(await pixel(cuts[0].jpeg, 0, 0), FRONT)).toBe(true);
    // One lookup per cut and one for the source: all misses, one fetch.
    expect(img.stats()).toMatchObject({ hits: 0, misses: 3, fetches: 1, writeErrors: 0 });
  });

  it("serves a second instance on the same folder from disk, with no fetch", async () => {
    const s = await covers();
    const dir = tempDir();
    const first = images(dir);
    const cut = await first.get(`${s.url}/thumb.jpg`, { kind: "primary", ratio: 1, quality: 80 });
    const original = await first.original(`${s.url}/thumb.jpg`);
    expect(original).toEqual({ bytes: THUMB, width: 147, height: 200, format: "jpeg" });
    await first.close();
    expect(first.stats()).toMatchObject({ entries: 2, fetches: 1 });

    const second = images(dir);
    expect(await second.get(`${s.url}/thumb.jpg`, { kind: "primary", ratio: 1, quality: 80 })).toEqual(cut);
    expect(await second.original(`${s.url}/thumb.jpg`)).toEqual(original);
    expect(s.hits["/thumb.jpg"]).toBe(1);
    expect(second.stats()).toMatchObject({ entries: 2, hits: 2, misses: 0, fetches: 0 });
  });

  it("shares one cache file among equal cuts: defaults spelt out, ignored options", async () => {
    const s = await covers();
    const img = images(tempDir());
    await img.get(`${s.url}/jacket.jpg`, { kind: "thumb" });
    await img.get(`${s.url}/jacket.jpg`, { kind: "thumb", ratio: 0.7, quality: 90 });
    await img.get(`${s.url}/jacket.jpg`, { kind: "primary", pos: -1 });
    await img.get(`${s.url}/jacket.jpg`, { kind: "primary", ratio: 2 / 3, pos: 0 });
    expect(img.stats()).toMatchObject({ hits: 3, misses: 3, fetches: 1 });
  });

  it.each([
    ["a 404", "/missing", "not_found"],
    ["an HTML page served as 200", "/page", "not_image"],
    ["a JSON error", "/json", "not_image"],
    ["image bytes libvips cannot read", "/broken", "not_image"],
    ['a redirect to DMM\'s "now printing" placeholder', "/digital/video/abc00123/abc00123pl.jpg", "not_found"],
  ])("answers %s with an ImageError, and keeps nothing", async (_name, path, kind) => {
    const s = await covers();
    const dir = tempDir();
    const img = images(dir);
    for (let i = 0; i < 2; i += 1) {
      const err = await img.get(`${s.url}${path}`, { kind: "primary" }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ImageError);
      expect(err).toMatchObject({ kind });
      await expect(img.original(`${s.url}${path}`)).rejects.toMatchObject({ kind });
    }
    await img.close();
    expect(files(dir)).toEqual([]);
    expect(s.hits[path]).toBe(4);
  });

  it("answers a source that keeps failing with ImageError upstream, after the client's retries", async () => {
    const s = await startServer((_req, res) => {
      res.writeHead(503);
      res.end();
    });
    open.push(s);
    const img = images(tempDir());
    await expect(img.get(`${s.url}/jacket.jpg`, { kind: "primary" })).rejects.toMatchObject({ kind: "upstream" });
    expect(s.seen.length).toBe(2);
  });

  it("lets one asker go without failing the others", async () => {
    const s = await covers(100);
    const img = images(tempDir());
    const impatient = new AbortController();
    const leaving = img.get(`${s.url}/jacket.jpg`, { kind: "primary" }, impatient.signal);
    const staying = img.get(`${s.url}/jacket.jpg`, { kind: "primary" });
    setTimeout(() => impatient.abort(), 20);
    await expect(leaving).rejects.toMatchObject({ kind: "upstream" });
    expect((await staying).width).toBe(358);
    expect(s.hits["/jacket.jpg"]).toBe(1);
  });
});

describe("createImages: the cache's bound", () => {
  it("keeps the total under maxBytes, the least recently used leaving first", async () => {
    const s = await covers();
    const dir = tempDir();
    const probe = images(tempDir());
    await probe.original(`${s.url}/jacket.jpg`);
    await vi.waitFor(() => expect(probe.stats().entries).toBe(1));
    const one = probe.stats().bytes;

    const maxBytes = Math.floor(3.5 * one);
    const img = images(dir, maxBytes);
    const url = (n: string) => `${s.url}/jacket-${n}.jpg`;
    /** Asks for n's original, then waits for the cache to settle: n's file written, the evicted files gone. */
    const use = async (n: string, entries: number) => {
      await img.original(url(n));
      const name = sourceName(url(n));
      await vi.waitFor(() => {
        expect(files(dir)).toContain(join(name.slice(0, 2), name));
        expect(files(dir).length).toBe(entries);
      });
    };
    await use("a", 1);
    await use("b", 2);
    await use("c", 3);
    await use("a", 3); // a hit: b is now the least recently used
    await use("d", 3);
    expect(img.stats()).toMatchObject({ bytes: 3 * one, fetches: 4, hits: 1 });
    await use("a", 3); // still kept
    await use("b", 3); // gone: fetched again, and c leaves for it
    expect(s.hits).toMatchObject({ "/jacket-a.jpg": 1, "/jacket-b.jpg": 2, "/jacket-c.jpg": 1, "/jacket-d.jpg": 1 });
    await img.close();
    expect(files(dir).reduce((sum, f) => sum + statSync(join(dir, f)).size, 0)).toBeLessThanOrEqual(maxBytes);
    expect(files(dir).length).toBe(3);
  });
});

describe("createImages: a folder that cannot be written", () => {
  it("still serves, and counts the failed writes", async () => {
    const s = await covers();
    // A file where the folder should be: nothing can be made under it, even by root.
    const parent = tempDir();
    writeFileSync(join(parent, "file"), "");
    const img = images(join(parent, "file", "cache"));
    const cut = await img.get(`${s.url}/jacket.jpg`, { kind: "primary" });
    expect(cut.width).toBe(358);
    expect((await img.original(`${s.url}/jacket.jpg`)).format).toBe("jpeg");
    await img.close();
    // Nothing kept: the original is fetched again.
    expect(img.stats()).toMatchObject({ entries: 0, bytes: 0, fetches: 2, writeErrors: 3 });
  });

  it("keeps nothing on disk with maxBytes 0, still fetching once for concurrent askers", async () => {
    const s = await covers(30);
    const dir = tempDir();
    const img = images(dir, 0);
    await Promise.all(Array.from({ length: 5 }, () => img.get(`${s.url}/jacket.jpg`, { kind: "backdrop" })));
    await img.get(`${s.url}/jacket.jpg`, { kind: "backdrop" });
    await img.close();
    expect(s.hits["/jacket.jpg"]).toBe(2);
    expect(files(dir)).toEqual([]);
    expect(img.stats()).toMatchObject({ entries: 0, bytes: 0, writeErrors: 0 });
  });
});

describe("lazyImages", () => {
  it("makes the images on first use only, and closes them if made", async () => {
    const close = vi.fn(async () => {});
    const real = { get: vi.fn(), original: vi.fn(), stats: vi.fn(), close } as unknown as Images;
    const make = vi.fn(() => real);
    const idle = lazyImages(make);
    await idle.close();
    expect([make.mock.calls.length, idle.made()]).toEqual([0, false]);
    const used = lazyImages(make);
    used.stats();
    used.stats();
    await used.close();
    expect([make.mock.calls.length, used.made(), close.mock.calls.length]).toEqual([1, true, 1]);
  });
});
