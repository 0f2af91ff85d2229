/**
 * The Gfriends tree PEOPLE_PICTURES points at: a folder of this machine and the same tree
 * served over HTTP (test/fixtures/gfriends: the real layout), read by name; fetched once and
 * kept on disk; an unreachable or broken tree gives no pictures and fails nothing.
 */
import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createImages, gfriendsTree, ImageError } from "../../src/images/index.js";
import { readFiletree } from "../../src/images/gfriends-tree.js";
import { createHttpClient } from "../../src/net/index.js";
import { FILETREE, writeTree } from "../helpers/gfriends-tree.js";
import { startServer } from "../net/test-server.js";

const HIGH = encodeURIComponent("人工存储 HandStorage");
const HOUR = 3_600_000;

const open: { close(): Promise<void> }[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "gfriends-"));
  dirs.push(dir);
  return dir;
}

function http() {
  const client = createHttpClient({ userAgent: "video-catalog-test", timeoutMs: 5000, maxRetries: 0 });
  open.push(client);
  return client;
}

/** A log that keeps its lines. */
function lines() {
  const kept: { level: string; fields: object; message: string }[] = [];
  return {
    kept,
    warn: (fields: object, message: string) => kept.push({ level: "warn", fields, message }),
    info: (fields: object, message: string) => kept.push({ level: "info", fields, message }),
  };
}

/** The tree of `dir` served at a local address: `body` (the file by default) for Filetree.json, the pictures under /Content/. */
async function served(dir: string, body: () => { status: number; text: string } = () => ({ status: 200, text: readFileSync(FILETREE, "utf8") })) {
  const hits: Record<string, number> = {};
  const server = await startServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    hits[path] = (hits[path] ?? 0) + 1;
    if (path === "/Filetree.json") {
      const { status, text } = body();
      res.writeHead(status, { "content-type": "text/plain; charset=utf-8" }).end(text);
    } else {
      try {
        const jpeg = readFileSync(join(dir, path));
        res.writeHead(200, { "content-type": "image/jpeg", "content-length": jpeg.length }).end(jpeg);
      } catch {
        res.writeHead(404).end();
      }
    }
  });
  open.push(server);
  return Object.assign(server, { hits });
}

describe("Filetree.json read", () => {
  it("keys every name by its folded form, the last (highest-quality) folder winning, the ?t= kept, files outside their folder refused", async () => {
    const read = await readFiletree(readFileSync(FILETREE, "utf8"));
    if (!("names" in read)) throw new Error(read.why);
    expect(read.names.get("新名ゆき")).toEqual({ folder: "人工存储 HandStorage", file: "新名ゆき.jpg", version: "?t=1700000000" });
    expect(read.names.get("shinmei yuki")).toEqual({ folder: "z-ラグジュTV", file: "AI-Fix-新名ゆき.jpg", version: "?t=1607433809" });
    expect(read.names.get("mikami yua")?.file).toBe("三上悠亜.jpg");
    expect(read.names.has("../外")).toBe(false);
    expect(await readFiletree('{"Content": {"a": {"x.jpg": "x.jpg"}')).toHaveProperty("why");
    expect(await readFiletree("<html>rate limited</html>")).toHaveProperty("why");
    expect(await readFiletree('{"Information": {}}')).toEqual({ why: 'no "Content" object' });
  });
});

describe("a tree in a folder of this machine", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "gfriends-local-"));
    await writeTree(dir);
    return () => rmSync(dir, { recursive: true, force: true });
  });
  const picture = (folder: string, file: string) => pathToFileURL(join(dir, "Content", folder, file)).href;

  it("answers a name with the file URL of its picture, by any of the names the tree files it under", async () => {
    const tree = gfriendsTree({ at: dir, cacheFile: join(dir, "unused.json"), refreshMs: HOUR, http: null });
    expect(await tree.pictureFor("新名ゆき")).toBe(picture("人工存储 HandStorage", "新名ゆき.jpg"));
    expect(await tree.pictureFor("旧名ゆき")).toBe(picture("人工存储 HandStorage", "新名ゆき.jpg"));
    expect(await tree.pictureFor("Mikami Yua")).toBe(picture("人工存储 HandStorage", "三上悠亜.jpg"));
    expect(await tree.pictureFor("知らない名前")).toBeNull();
  });

  it("answers no picture for a name whose file is not on disk", async () => {
    const copy = await tempDir();
    await writeTree(copy);
    rmSync(join(copy, "Content", "人工存储 HandStorage", "紗倉まな.jpg"));
    const tree = gfriendsTree({ at: copy, cacheFile: join(copy, "unused.json"), refreshMs: HOUR, http: null });
    expect(await tree.pictureFor("紗倉まな")).toBeNull();
  });

  it("the images read its pictures from disk, and no file outside its folder", async () => {
    const cache = await tempDir();
    const images = createImages({ http: http(), dir: cache, maxBytes: 1 << 20, localRoot: dir });
    open.push(images);
    const got = await images.original(picture("人工存储 HandStorage", "新名ゆき.jpg"));
    expect([got.width, got.height, got.format]).toEqual([30, 40, "jpeg"]);
    const outside = join(cache, "outside.jpg");
    writeFileSync(outside, readFileSync(fileURLToPath(picture("人工存储 HandStorage", "新名ゆき.jpg"))));
    await expect(images.original(pathToFileURL(outside).href)).rejects.toMatchObject({ kind: "not_found" });
    await expect(images.original(pathToFileURL(join(dir, "Content", "..", "..", "etc", "passwd")).href)).rejects.toBeInstanceOf(ImageError);
    const noTree = createImages({ http: http(), dir: await tempDir(), maxBytes: 1 << 20 });
    open.push(noTree);
    await expect(noTree.original(picture("人工存储 HandStorage", "新名ゆき.jpg"))).rejects.toMatchObject({ kind: "not_found" });
  });

  it("a folder without Filetree.json gives no pictures, said once", async () => {
    const log = lines();
    const tree = gfriendsTree({ at: await tempDir(), cacheFile: "unused.json", refreshMs: HOUR, http: null, log });
    expect(await tree.pictureFor("新名ゆき")).toBeNull();
    expect(await tree.pictureFor("旧名ゆき")).toBeNull();
    expect(log.kept.map((l) => l.level)).toEqual(["warn"]);
  });
});

describe("a tree at a URL", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "gfriends-served-"));
    await writeTree(dir);
    return () => rmSync(dir, { recursive: true, force: true });
  });

  it("fetches Filetree.json once, names the pictures under the base, and after a restart answers from the copy kept", async () => {
    const server = await served(dir);
    const cacheFile = join(await tempDir(), "data", "people-pictures.json");
    let clock = 1_000_000_000_000;
    const options = { at: `${server.url}/`, cacheFile, refreshMs: 24 * HOUR, http: http(), now: () => clock };
    const tree = gfriendsTree(options);
    const url = `${server.url}/Content/${HIGH}/${encodeURIComponent("新名ゆき.jpg")}?t=1700000000`;
    const [a, b] = await Promise.all([tree.pictureFor("新名ゆき"), tree.pictureFor("旧名ゆき")]);
    expect([a, b]).toEqual([url, url]);
    expect(await tree.pictureFor("知らない名前")).toBeNull();
    expect(server.hits["/Filetree.json"]).toBe(1);
    // The picture named is one the server has.
    expect((await fetch(url)).headers.get("content-type")).toBe("image/jpeg");
    expect(await readFile(cacheFile, "utf8")).toBe(readFileSync(FILETREE, "utf8"));

    // A restart: the copy kept answers, nothing fetched.
    clock = statSync(cacheFile).mtimeMs + HOUR;
    const again = gfriendsTree(options);
    expect(await again.pictureFor("新名ゆき")).toBe(url);
    expect(server.hits["/Filetree.json"]).toBe(1);

    // Past the refresh interval: fetched again, while the copy read before answers.
    clock += 24 * HOUR;
    expect(await again.pictureFor("新名ゆき")).toBe(url);
    await new Promise((r) => setTimeout(r, 100));
    expect(server.hits["/Filetree.json"]).toBe(2);
  });

  it("an offline command answers from the copy kept, and with none from no tree", async () => {
    const server = await served(dir);
    const cacheFile = join(await tempDir(), "people-pictures.json");
    expect(await gfriendsTree({ at: server.url, cacheFile, refreshMs: HOUR, http: null }).pictureFor("新名ゆき")).toBeNull();
    await gfriendsTree({ at: server.url, cacheFile, refreshMs: HOUR, http: http() }).pictureFor("新名ゆき");
    const offline = gfriendsTree({ at: server.url, cacheFile, refreshMs: HOUR, http: null, now: () => Date.now() + 100 * HOUR });
    expect(await offline.pictureFor("新名ゆき")).toContain("/Content/");
    expect(server.hits["/Filetree.json"]).toBe(1);
  });

  it.each([
    ["a 404", { status: 404, text: "404: Not Found" }],
    ["half a JSON body", { status: 200, text: readFileSync(FILETREE, "utf8").slice(0, 300) }],
    ["an error page", { status: 200, text: "<html><body>rate limited</body></html>" }],
  ])("%s gives no pictures and fails nothing, said once, and is tried again later", async (_, answer) => {
    let body = answer;
    const server = await served(dir, () => body);
    const log = lines();
    let clock = 1_000_000_000_000;
    const cacheFile = join(await tempDir(), "people-pictures.json");
    const tree = gfriendsTree({ at: server.url, cacheFile, refreshMs: 24 * HOUR, http: http(), log, now: () => clock });
    expect(await tree.pictureFor("新名ゆき")).toBeNull();
    expect(await tree.pictureFor("旧名ゆき")).toBeNull();
    expect(server.hits["/Filetree.json"]).toBe(1);
    expect(log.kept.map((l) => l.level)).toEqual(["warn"]);
    expect(() => statSync(cacheFile)).toThrow();

    body = { status: 200, text: readFileSync(FILETREE, "utf8") };
    clock += HOUR;
    expect(await tree.pictureFor("新名ゆき")).toContain(`/Content/${HIGH}/`);
    expect(log.kept.map((l) => l.level)).toEqual(["warn", "info"]);
  });

  it("a broken answer never replaces the copy kept, which answers meanwhile", async () => {
    let body = { status: 200, text: readFileSync(FILETREE, "utf8") };
    const server = await served(dir, () => body);
    const cacheFile = join(await tempDir(), "people-pictures.json");
    await gfriendsTree({ at: server.url, cacheFile, refreshMs: HOUR, http: http() }).pictureFor("新名ゆき");
    body = { status: 200, text: body.text.slice(0, 500) };
    const log = lines();
    const later = gfriendsTree({ at: server.url, cacheFile, refreshMs: HOUR, http: http(), log, now: () => Date.now() + 2 * HOUR });
    expect(await later.pictureFor("新名ゆき")).toContain(`/Content/${HIGH}/`);
    expect(server.hits["/Filetree.json"]).toBe(2);
    expect(readFileSync(cacheFile, "utf8")).toBe(readFileSync(FILETREE, "utf8"));
    expect(log.kept.map((l) => l.message)).toEqual(["people's picture tree not read: the copy read before answers until it reads"]);
  });

  it("an unreachable tree gives no pictures and fails nothing", async () => {
    const server = await served(dir);
    const at = server.url;
    await server.close();
    open.splice(open.indexOf(server), 1);
    const log = lines();
    const tree = gfriendsTree({ at, cacheFile: join(await tempDir(), "t.json"), refreshMs: HOUR, http: http(), log });
    expect(await tree.pictureFor("新名ゆき")).toBeNull();
    expect(log.kept).toHaveLength(1);
  });
});
