import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { createImages, gfriendsTree } from "../../src/images/index.js";
import type { IngestRecord } from "../../src/model/record.js";
import { createHttpClient } from "../../src/net/index.js";
import { buildServer } from "../../src/server/app.js";
import { buildTestApp, type TestApp } from "./build-app.js";

/** The fixture's Filetree.json (test/fixtures/gfriends/README.md: the real layout, written for the tests). */
export const FILETREE = join(import.meta.dirname, "..", "fixtures", "gfriends", "Filetree.json");

/** The files the fixture names, each folder's pictures in a colour of its own (red: the low folder, blue: the high one). */
export const TREE_FILES: Record<string, string[]> = {
  "z-ラグジュTV": ["AI-Fix-新名ゆき.jpg", "AI-Fix-夢見つぼみ.jpg", "AI-Fix-南野みなみ.jpg"],
  "人工存储 HandStorage": ["新名ゆき.jpg", "紗倉まな.jpg", "三上悠亜.jpg", "波多野結衣.jpg"],
};
export const FOLDER_COLOUR: Record<string, string> = { "z-ラグジュTV": "#c81e1e", "人工存储 HandStorage": "#1e1ec8" };

/**
 * A Gfriends tree as a clone of its repository holds it: Filetree.json at `dir`, the pictures
 * under `dir/Content/<folder>/`, tiny JPEGs made here.
 */
export async function writeTree(dir: string): Promise<void> {
  copyFileSync(FILETREE, join(dir, "Filetree.json"));
  for (const [folder, files] of Object.entries(TREE_FILES)) {
    mkdirSync(join(dir, "Content", folder), { recursive: true });
    const jpeg = await sharp({ create: { width: 30, height: 40, channels: 3, background: FOLDER_COLOUR[folder] } })
      .jpeg()
      .toBuffer();
    for (const file of files) writeFileSync(join(dir, "Content", folder, file), jpeg);
  }
}

/** A server over `records` whose picture tree is a folder of the fixture's tree (images read from it alone); close() removes it all. */
export async function serverWithTree(
  records: IngestRecord[],
): Promise<{ dir: string; t: TestApp; app: Awaited<ReturnType<typeof buildServer>>; close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "tree-server-"));
  await writeTree(dir);
  const http = createHttpClient({ userAgent: "video-catalog-test", timeoutMs: 5000, maxRetries: 0 });
  const t = await buildTestApp(records);
  const images = createImages({ http, dir: join(t.dir, "images"), maxBytes: 1 << 24, localRoot: dir });
  const pictureTree = gfriendsTree({ at: dir, cacheFile: join(dir, "unused.json"), refreshMs: 3_600_000, http: null });
  const app = await buildServer({ ...t.deps, images, pictureTree }, { logger: false, dashboard: false });
  const close = async () => {
    await app.close();
    await images.close();
    await http.close();
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { dir, t, app, close };
}
