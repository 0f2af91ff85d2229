import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DiskCache } from "../../src/images/disk-cache.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "image-cache-"));
  dirs.push(dir);
  return dir;
}

/** A cache file name as the images room makes them: 64 hex digits and a kind. */
function name(n: number, kind: "src" | "cut" = "src"): string {
  return `${n.toString(16).padStart(2, "0").repeat(32)}.${kind}`;
}

/** A clock the test moves by hand. */
function clock(start = Date.parse("2025-01-01T00:00:00Z")) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

function onDisk(dir: string): { names: string[]; bytes: number } {
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => statSync(join(dir, f)).isFile());
  return { names: files.map((f) => f.split("/").at(-1)!).sort(), bytes: files.reduce((sum, f) => sum + statSync(join(dir, f)).size, 0) };
}

describe("DiskCache", () => {
  it("keeps files in subfolders named by the hash, written whole, and reads them back", async () => {
    const dir = tempDir();
    const cache = new DiskCache({ dir, maxBytes: 1000, now: Date.now });
    cache.write(name(1), Buffer.from("one"));
    cache.write(name(2, "cut"), Buffer.from("two"));
    await cache.flush();
    expect(existsSync(join(dir, "01", name(1)))).toBe(true);
    expect(existsSync(join(dir, "02", name(2, "cut")))).toBe(true);
    expect((await cache.read(name(1)))?.toString()).toBe("one");
    expect(await cache.read(name(3))).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 2, bytes: 6, writeErrors: 0 });
  });

  it("evicts the least recently used, sources and cuts alike, and stays under its bound", async () => {
    const dir = tempDir();
    const cache = new DiskCache({ dir, maxBytes: 350, now: Date.now });
    for (const [n, kind] of [
      [1, "src"],
      [2, "cut"],
      [3, "src"],
    ] as const) {
      cache.write(name(n, kind), Buffer.alloc(100, n));
      await cache.flush();
    }
    await cache.read(name(1)); // 2 is now the least recently used
    cache.write(name(4, "cut"), Buffer.alloc(100, 4));
    await cache.flush();
    expect(onDisk(dir).names).toEqual([name(1), name(3), name(4, "cut")].sort());
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 300 });

    cache.write(name(5), Buffer.alloc(200, 5));
    await cache.flush();
    expect(onDisk(dir).names).toEqual([name(4, "cut"), name(5)].sort());
    expect(onDisk(dir).bytes).toBeLessThanOrEqual(350);
    // Bigger than the whole cache: never written.
    cache.write(name(6), Buffer.alloc(400, 6));
    await cache.flush();
    expect(await cache.read(name(6))).toBeUndefined();
  });

  it("takes the order of use from the files' times at start, and trims to a smaller bound", async () => {
    const dir = tempDir();
    const t = clock();
    const first = new DiskCache({ dir, maxBytes: 1000, now: t.now });
    for (const n of [1, 2, 3]) {
      first.write(name(n), Buffer.alloc(100, n));
      await first.flush();
      t.advance(1000);
    }
    t.advance(120_000);
    const touchedAt = t.now();
    await first.read(name(1)); // touched on disk: more than a minute since it was written
    await first.flush();
    t.advance(1000);
    await first.read(name(1)); // within the minute: the order moves in memory, not on disk
    await first.flush();
    expect(statSync(join(dir, "01", name(1))).mtimeMs).toBe(touchedAt);

    const second = new DiskCache({ dir, maxBytes: 250, now: t.now });
    await second.flush();
    expect(second.stats()).toMatchObject({ entries: 2, bytes: 200 });
    expect(onDisk(dir).names).toEqual([name(1), name(3)]);
  });

  it("removes what a killed write left at start, and leaves others' files (and writes under way) alone", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, "07"));
    const left = join(dir, "07", `${name(7)}.a1b2c3.tmp`);
    writeFileSync(left, "half a file");
    const old = (Date.now() - 11 * 60_000) / 1000;
    utimesSync(left, old, old);
    // Another process's write, a moment old: the cache folder is shared by a server's workers.
    writeFileSync(join(dir, "07", `${name(8)}.d4e5f6.tmp`), "being written");
    writeFileSync(join(dir, "07", name(7)), "whole");
    writeFileSync(join(dir, "README"), "not ours");
    const cache = new DiskCache({ dir, maxBytes: 1000, now: Date.now });
    await cache.flush();
    expect(onDisk(dir).names).toEqual([name(7), `${name(8)}.d4e5f6.tmp`, "README"].sort());
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 5 });
  });

  it("with maxBytes 0 reads and writes nothing, and removes what an earlier run kept", async () => {
    const dir = tempDir();
    const before = new DiskCache({ dir, maxBytes: 1000, now: Date.now });
    before.write(name(1), Buffer.from("kept"));
    await before.flush();
    const none = new DiskCache({ dir, maxBytes: 0, now: Date.now });
    expect(await none.read(name(1))).toBeUndefined();
    none.write(name(2), Buffer.from("not kept"));
    await none.flush();
    expect(onDisk(dir).names).toEqual([]);
  });

  it("finds a file another process wrote since its start, and forgets one removed behind its back", async () => {
    const dir = tempDir();
    const reader = new DiskCache({ dir, maxBytes: 1000, now: Date.now });
    await reader.flush();
    const writer = new DiskCache({ dir, maxBytes: 1000, now: Date.now });
    writer.write(name(9), Buffer.from("late"));
    await writer.flush();
    expect((await reader.read(name(9)))?.toString()).toBe("late");
    expect(reader.stats()).toMatchObject({ entries: 1, bytes: 4 });
    rmSync(join(dir, "09", name(9)));
    expect(await reader.read(name(9))).toBeUndefined();
    expect(reader.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it("counts and logs (once a minute) the writes a folder refuses, and never throws", async () => {
    const parent = tempDir();
    writeFileSync(join(parent, "file"), "");
    const logged: object[] = [];
    const cache = new DiskCache({ dir: join(parent, "file", "cache"), maxBytes: 1000, now: Date.now, log: { warn: (obj) => logged.push(obj) } });
    cache.write(name(1), Buffer.from("a"));
    cache.write(name(2), Buffer.from("b"));
    await cache.flush();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0, writeErrors: 2 });
    expect(logged).toEqual([{ dir: join(parent, "file", "cache"), code: "ENOTDIR", writeErrors: 1 }]);
  });
});
