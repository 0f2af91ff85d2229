/**
 * `scan DIR --write nfo,poster,fanart` as a user runs it (the built CLI), on a library of
 * real-shaped file names, titles parsed from the providers' real samples, and covers
 * served by a local server in the real shapes: every NFO parsed with a real XML parser
 * and compared with its record, a stack's files found where Kodi, Jellyfin and Plex's
 * NFO importer look, the pictures decoded; the gallery and landscape extras; --dry-run
 * --json marks nothing written; a second run writes nothing; a file someone else wrote
 * is kept; a read-only folder fails alone; a kill mid-run leaves no half file and the
 * next run completes.
 */
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providersOffEnv } from "../../src/cli/simulate-env.js";
import { cutBox, normalizeCut } from "../../src/images/cut-options.js";
import { plexImporterBase } from "../../src/library/sidecars/names.js";
import type { IngestRecord } from "../../src/model/record.js";
import { makeRecord } from "../helpers/build-app.js";
import { CLI_ENTRY, ROOT, runCli, runCliAsync } from "../helpers/run-cli.js";
import { sampleTitles, withPicturesAt } from "../helpers/sample-titles.js";

async function coverServer(delayMs = 0): Promise<{ server: Server; base: string; requests: () => number }> {
  const jacket = await sharp({ create: { width: 800, height: 538, channels: 3, background: "#cc2222" } })
    .jpeg()
    .toBuffer();
  let requests = 0;
  const server = createServer((_req, res) => {
    requests++;
    setTimeout(() => res.writeHead(200, { "content-type": "image/jpeg" }).end(jacket), delayMs);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => requests };
}

/** Every file under dir (relative), with its mtime: to tell what a run wrote. */
function files(dir: string, rel = ""): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const p = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) for (const [k, v] of files(dir, p)) out.set(k, v);
    else out.set(p, statSync(join(dir, p)).mtimeMs);
  }
  return out;
}

/** A command run to its end without blocking this process (which serves the covers). */
function spawnAsync(
  command: string,
  args: string[],
  o: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...o, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (name) => ["genre", "tag", "actor", "director", "uniqueid", "thumb"].includes(name),
});

function readNfo(file: string): Record<string, unknown> {
  const xml = readFileSync(file, "utf8");
  expect(XMLValidator.validate(xml), file).toBe(true);
  return (parser.parse(xml) as { movie: Record<string, unknown> }).movie;
}

describe("scan --write", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-scan-write-"));
  const lib = join(dir, "Videos");
  let covers: Awaited<ReturnType<typeof coverServer>>;
  let env: Record<string, string>;
  let records: IngestRecord[];
  // Not spawnSync: the covers are served by this process, which must go on answering.
  const scan = (...args: string[]) => runCliAsync(["scan", lib, ...args], env);

  beforeAll(async () => {
    covers = await coverServer();
    env = {
      DATABASE_PATH: join(dir, "catalog.db"),
      IMAGE_CACHE_DIR: join(dir, "image-cache"),
      ...providersOffEnv(),
    };
    records = withPicturesAt(sampleTitles(), covers.base);
    writeFileSync(join(dir, "titles.ndjson"), records.map((r) => JSON.stringify(r.record)).join("\n"));
    expect(runCli(["import", join(dir, "titles.ndjson"), "--provider", "r18dev"], env).status).toBe(0);
    for (const f of [
      "SNIS-217.mp4",
      "Momo/ROYD-191-cd1.mp4",
      "Momo/ROYD-191-cd2.mp4",
      "[HD] MIDE-799 七沢みあ.mkv",
      "Mine/SONE-708.mp4",
      "Mine/SONE-708.nfo",
      "Shelf/TKMIRD-261.mp4",
      "Unknown/XYZ-999.mp4",
    ]) {
      mkdirSync(join(lib, f, ".."), { recursive: true });
      writeFileSync(join(lib, f), f.endsWith(".nfo") ? "<movie><title>My own notes</title></movie>\n" : "");
    }
  });

  afterAll(() => {
    covers?.server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("--dry-run prints what it would write and writes nothing; with --json each entry says it was not written", async () => {
    const before = files(lib);
    const r = await scan("--write", "nfo,poster,fanart", "--dry-run");
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^would-written\tSNIS-217\.nfo\t$/m);
    expect(r.stdout).toMatch(/^skipped\tMine\/SONE-708\.nfo\texists and was not written by video-catalog/m);
    expect(r.stdout).toMatch(/dry run: nothing written/);
    const json = await scan("--write", "nfo,poster,fanart", "--dry-run", "--json");
    expect(json.status, json.stderr).toBe(0);
    const planned = (JSON.parse(json.stdout) as { sidecars: { files: { path: string; action: string; written: boolean }[] } }).sidecars.files;
    expect(planned.find((f) => f.path === "SNIS-217.nfo")).toEqual({ path: "SNIS-217.nfo", kind: "nfo", action: "written", written: false, reason: null });
    expect(planned.length).toBe(18);
    expect(planned.every((f) => f.written === false)).toBe(true);
    expect(files(lib)).toEqual(before);
    expect(covers.requests()).toBe(0);
  });

  it("writes an NFO per title (one set per stack), its poster and fanart; keeps a file it did not write", async () => {
    const r = await scan("--write", "nfo,poster,fanart", "--offline", "--json");
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const done = (JSON.parse(r.stdout) as { sidecars: { files: { action: string; written: boolean }[] } }).sidecars.files;
    expect(done.filter((f) => f.written).length).toBe(17);
    expect(done.every((f) => f.written === (f.action === "written"))).toBe(true);
    const after = files(lib);
    for (const base of ["SNIS-217", "[HD] MIDE-799 七沢みあ", "Shelf/TKMIRD-261"]) {
      for (const suffix of [".nfo", "-poster.jpg", "-fanart.jpg"]) expect(after.has(base + suffix), base + suffix).toBe(true);
    }
    // A stack gets one set: the NFO at its first part (Kodi and Jellyfin) and at the importer's
    // base, the pictures at the first part (Jellyfin) and at the stack's title (Kodi's library
    // scan, and the importer's base for -cd1 names).
    expect([...after.keys()].filter((f) => f.startsWith("Momo/") && !f.endsWith(".mp4")).sort()).toEqual(
      [
        "Momo/ROYD-191-cd1-fanart.jpg",
        "Momo/ROYD-191-cd1-poster.jpg",
        "Momo/ROYD-191-cd1.nfo",
        "Momo/ROYD-191-fanart.jpg",
        "Momo/ROYD-191-poster.jpg",
        "Momo/ROYD-191.nfo",
      ].sort(),
    );
    expect(readFileSync(join(lib, "Mine/SONE-708.nfo"), "utf8")).toContain("My own notes");
    expect(after.has("Mine/SONE-708-poster.jpg")).toBe(true);
    expect([...after.keys()].some((f) => f.includes(".vc-tmp"))).toBe(false);
    const text = await scan("--write", "nfo,poster,fanart", "--offline");
    expect(text.stdout).toMatch(/sidecars in [\d.]+ s: 0 written, 0 updated, 0 replaced, 17 unchanged, 1 skipped \(not ours\), 0 failed/);
  });

  it("the stack's NFO is where the importer looks first, so it never falls back to another title's .nfo in the folder", () => {
    // XBMCnfoMoviesImporter (Contents/Code/__init__.py) tries get_base_file(first part) + ".nfo" before any other .nfo of the folder.
    const first = plexImporterBase("Momo/ROYD-191-cd1.mp4");
    expect(first).toBe("Momo/ROYD-191");
    expect(readNfo(join(lib, `${first}.nfo`)).sorttitle).toBe("ROYD-191");
    expect(readFileSync(join(lib, `${first}.nfo`), "utf8")).toBe(readFileSync(join(lib, "Momo/ROYD-191-cd1.nfo"), "utf8"));
  });

  it("every NFO is well-formed XML whose fields are the record's", () => {
    for (const [base, contentId] of [
      ["SNIS-217", "snis00217"],
      ["Momo/ROYD-191-cd1", "royd191"],
      ["[HD] MIDE-799 七沢みあ", "mide00799"],
    ]) {
      const r = records.find((x) => x.record.contentId === contentId)!.record;
      const nfo = readNfo(join(lib, `${base}.nfo`));
      expect(nfo.title).toBe(r.titleJa || r.titleEn);
      expect(nfo.originaltitle).toBe(r.titleJa);
      expect(nfo.sorttitle).toBe(r.dvdId);
      if (r.runtimeMins > 0) expect(Number(nfo.runtime)).toBe(r.runtimeMins);
      expect(nfo.premiered).toBe(r.releaseDate.slice(0, 10));
      expect(Number(nfo.year)).toBe(Number(r.releaseDate.slice(0, 4)));
      expect(nfo.studio).toBe(r.makers[0]);
      expect(nfo.genre).toEqual(r.categories);
      expect((nfo.actor as { name: string }[]).map((a) => a.name)).toEqual(r.actresses);
      const ids = nfo.uniqueid as { "#text": string; "@type": string; "@default"?: string }[];
      expect(ids.map((u) => u["#text"])).toEqual(expect.arrayContaining([r.dvdId, r.contentId]));
      expect(ids.find((u) => u["@default"] === "true")?.["#text"]).toBe(r.dvdId);
    }
  });

  it("the pictures are JPEGs: the poster the images module's primary cut of the jacket, the fanart the whole jacket", async () => {
    const poster = await sharp(readFileSync(join(lib, "SNIS-217-poster.jpg"))).metadata();
    const fanart = await sharp(readFileSync(join(lib, "SNIS-217-fanart.jpg"))).metadata();
    const box = cutBox(800, 538, normalizeCut({ kind: "primary" }));
    expect([poster.format, poster.width, poster.height]).toEqual(["jpeg", box.width, box.height]);
    expect([fanart.format, fanart.width, fanart.height]).toEqual(["jpeg", 800, 538]);
  });

  it("a second run over an unchanged library writes nothing", async () => {
    const before = files(lib);
    const fetched = covers.requests();
    const r = await scan("--write", "nfo,poster,fanart", "--offline");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/0 written, 0 updated, 0 replaced, 17 unchanged, 1 skipped/);
    expect(files(lib)).toEqual(before);
    expect(covers.requests()).toBe(fetched);
  });

  it("rewrites its own NFO when the record changed, and replaces someone else's only with --force", async () => {
    const changed = { ...records[0].record, titleJa: "新しいタイトル & <more>" };
    writeFileSync(join(dir, "changed.ndjson"), JSON.stringify(changed));
    expect(runCli(["import", join(dir, "changed.ndjson"), "--provider", "r18dev"], env).status).toBe(0);
    const r = await scan("--write", "nfo", "--offline");
    expect(r.stdout).toMatch(/^updated\tSNIS-217\.nfo\t$/m);
    expect(readNfo(join(lib, "SNIS-217.nfo")).title).toBe("新しいタイトル & <more>");
    const forced = await scan("--write", "nfo", "--offline", "--force");
    expect(forced.stdout).toMatch(/^replaced\tMine\/SONE-708\.nfo\t$/m);
    expect(readNfo(join(lib, "Mine/SONE-708.nfo")).sorttitle).toBe("SONE-708");
  });

  it("keeps a poster edited since it wrote it, even when the title's cover changed", async () => {
    const poster = join(lib, "SNIS-217-poster.jpg");
    // Cropped and saved in an editor that keeps the EXIF description: the mark is still there, the size is not.
    const edited = Buffer.concat([readFileSync(poster), Buffer.from("edited")]);
    writeFileSync(poster, edited);
    const moved = { ...records[0].record, titleJa: "新しいタイトル & <more>", jacketFullUrl: `${covers.base}/moved/snis00217pl.jpg` };
    writeFileSync(join(dir, "moved.ndjson"), JSON.stringify(moved));
    expect(runCli(["import", join(dir, "moved.ndjson"), "--provider", "r18dev"], env).status).toBe(0);
    const r = await scan("--write", "poster,fanart", "--offline");
    expect(r.stdout).toMatch(/^skipped\tSNIS-217-poster\.jpg\twas changed since video-catalog wrote it \(--force replaces it\)$/m);
    expect(readFileSync(poster).equals(edited)).toBe(true);
    // The fanart, as written, follows the new cover; and a run after it leaves both as they are.
    expect(r.stdout).toMatch(/^updated\tSNIS-217-fanart\.jpg\t$/m);
    const again = await scan("--write", "poster,fanart", "--offline");
    expect(again.stdout).toMatch(/^skipped\tSNIS-217-poster\.jpg\t/m);
    expect(again.stdout).not.toMatch(/^(updated|written|replaced)\t/m);
  });

  it("extrafanart and landscape: the gallery under Kodi's and Jellyfin's numbered names, one fetch and one file per picture", async () => {
    const fetched = covers.requests();
    const r = await scan("--write", "extrafanart,landscape", "--offline");
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const after = files(lib);
    const gallery = (code: string) => records.find((x) => x.record.dvdId === code)!.record.extra.galleryFull.length;
    expect(gallery("SNIS-217")).toBe(10);
    for (let i = 1; i <= 10; i++) {
      expect(after.has(`SNIS-217-fanart${i}.jpg`), `Kodi's fanart${i}`).toBe(true);
      expect(after.has(`SNIS-217-fanart-${i}.jpg`), `Jellyfin's fanart-${i}`).toBe(true);
      expect(statSync(join(lib, `SNIS-217-fanart${i}.jpg`)).ino).toBe(statSync(join(lib, `SNIS-217-fanart-${i}.jpg`)).ino);
    }
    expect(after.has("SNIS-217-fanart11.jpg")).toBe(false);
    // The stack: Kodi's numbered backdrops at its title, Jellyfin's at the first part; the landscape at both.
    expect([...after.keys()].filter((f) => f.startsWith("Momo/") && /landscape|fanart-?\d/.test(f)).sort()).toEqual(
      ["Momo/ROYD-191-cd1-fanart-1.jpg", "Momo/ROYD-191-cd1-landscape.jpg", "Momo/ROYD-191-fanart1.jpg", "Momo/ROYD-191-landscape.jpg"].sort(),
    );
    const sources = ["SNIS-217", "ROYD-191", "MIDE-799", "SONE-708", "TKMIRD-261"].reduce((n, code) => n + gallery(code), 0);
    const written = 2 * sources + 4 + 2;
    expect(r.stdout).toMatch(new RegExp(`sidecars in [\\d.]+ s: ${written} written, 0 updated, 0 replaced, 0 unchanged, 0 skipped \\(not ours\\), 0 failed`));
    // Each gallery picture fetched once (the jackets are in the image cache already).
    expect(covers.requests() - fetched).toBe(sources);
    const landscape = await sharp(readFileSync(join(lib, "SNIS-217-landscape.jpg"))).metadata();
    const box = cutBox(800, 538, normalizeCut({ kind: "thumb" }));
    expect([landscape.width, landscape.height]).toEqual([box.width, box.height]);
  });
});

describe("scan --write where it cannot write, and when killed", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-scan-kill-"));
  const lib = join(dir, "Videos");
  let covers: Awaited<ReturnType<typeof coverServer>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    covers = await coverServer(15);
    env = { DATABASE_PATH: join(dir, "catalog.db"), IMAGE_CACHE_DIR: join(dir, "image-cache"), ...providersOffEnv() };
    const many = Array.from({ length: 300 }, (_, i) => {
      const n = String(i + 1).padStart(3, "0");
      return makeRecord({
        contentId: `abw00${n}`,
        dvdId: `ABW-${n}`,
        titleJa: `タイトル ${n}`,
        jacketFullUrl: `${covers.base}/abw00${n}pl.jpg`,
        jacketThumbUrl: `${covers.base}/abw00${n}ps.jpg`,
      });
    });
    writeFileSync(join(dir, "many.ndjson"), many.map((r) => JSON.stringify(r)).join("\n"));
    expect(runCli(["import", join(dir, "many.ndjson")], env).status).toBe(0);
    for (const r of many) {
      const folder = r.dvdId < "ABW-011" ? "Zz Locked" : `Shelf ${r.dvdId.slice(-1)}`;
      mkdirSync(join(lib, folder), { recursive: true });
      writeFileSync(join(lib, folder, `${r.dvdId}.mp4`), "");
    }
  });

  afterAll(() => {
    chmodSync(join(lib, "Zz Locked"), 0o755);
    covers?.server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a kill mid-run leaves no half file, and the next run completes; a read-only folder fails alone", async () => {
    const child = spawn(process.execPath, [CLI_ENTRY, "scan", lib, "--write", "nfo,poster,fanart", "--offline"], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    // Killed once it has written some sidecars, before it is done.
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if ((out.match(/^written\t/gm) ?? []).length >= 30) {
          clearInterval(check);
          child.kill("SIGKILL");
          resolve();
        }
      }, 5);
    });
    await new Promise((r) => child.once("exit", r));
    const partial = [...files(lib).keys()];
    expect(partial.filter((f) => f.endsWith(".nfo")).length).toBeGreaterThan(0);
    expect(partial.filter((f) => f.endsWith(".nfo")).length).toBeLessThan(300);
    for (const f of partial.filter((p) => p.endsWith(".nfo"))) readNfo(join(lib, f));
    for (const f of partial.filter((p) => p.endsWith(".jpg"))) expect((await sharp(readFileSync(join(lib, f))).metadata()).format).toBe("jpeg");

    // Root may write into a folder whatever its mode: then a read-only bind mount, in a mount namespace of the run's own.
    chmodSync(join(lib, "Zz Locked"), 0o555);
    const asRoot = process.getuid?.() === 0;
    const args = [CLI_ENTRY, "scan", lib, "--write", "nfo,poster,fanart", "--offline"];
    const locked = join(lib, "Zz Locked");
    const r = asRoot
      ? await spawnAsync(
          "unshare",
          ["--mount", "sh", "-c", `mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" "$0" && exec "$@"`, locked, process.execPath, ...args],
          {
            cwd: ROOT,
            env: { ...process.env, LOG_LEVEL: "warn", ...env },
          },
        )
      : await spawnAsync(process.execPath, args, { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "warn", ...env } });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^failed\tZz Locked\/ABW-001\.nfo\t(read-only file system \(EROFS\)|permission denied \(EACCES\))$/m);
    const done = files(lib);
    for (let i = 11; i <= 300; i++) {
      const code = `ABW-${String(i).padStart(3, "0")}`;
      for (const s of [".nfo", "-poster.jpg", "-fanart.jpg"]) expect(done.has(`Shelf ${code.slice(-1)}/${code}${s}`), code + s).toBe(true);
    }
    expect([...done.keys()].filter((f) => f.startsWith("Zz Locked/") && !f.endsWith(".mp4"))).toEqual([]);
    expect(existsSync(join(lib, "Zz Locked", ".ABW-001.nfo.vc-tmp"))).toBe(false);
    expect(r.stdout).toMatch(/ 30 failed$/m);
  }, 120_000);
});
