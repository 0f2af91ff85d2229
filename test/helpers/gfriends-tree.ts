import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";

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
