/**
 * scan over a library of the sellers beyond DMM, named as real libraries name them: the 182
 * real names of test/fixtures/file-names/sellers-names.tsv (JavSP's and Movie Data Capture's
 * tables), each with the code of one of the simulator's titles of the same seller written in
 * its place, in the same spelling (case, separator, digits). An empty catalog, the live
 * providers on the simulator: every file must be matched to that title, none to another.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScanEntry, scanLibrary } from "../../src/library/scan-library.js";
import type { IngestRecord } from "../../src/model/record.js";
import { PROVIDERS } from "../../src/providers/registry.js";
import { type Simulator, startSimulator } from "../../src/samples/simulator/index.js";
import { buildTestApp, simulatedProviders, type TestApp } from "../helpers/build-app.js";
import { client, context } from "../simulator/helpers.js";

interface NameRow {
  name: string;
  code: string;
  /** The code as the source wrote it (the reason's parentheses). */
  written: string;
}

const TABLE = new URL("../fixtures/file-names/sellers-names.tsv", import.meta.url);

function rows(): NameRow[] {
  return readFileSync(TABLE, "utf8")
    .split("\n")
    .slice(1)
    .filter((l) => l !== "")
    .map((l) => {
      const [, name, code, , reason] = l.split("\t");
      return { name, code, written: /\(([^()]+)\)$/.exec(reason)![1] };
    });
}

/** The seller a row's code is of, and the simulator's titles it may borrow a code from. */
function sellerOf(r: NameRow): string {
  if (r.code.startsWith("HEYZO")) return "heyzo";
  if (/^\d{6}-\d{3}$/.test(r.code) || /carib/i.test(r.name)) return "caribbeancom";
  if (/1pondo/i.test(r.name)) return "1pondo";
  if (/muramura/i.test(r.name)) return "muramura";
  if (/pacopacomama/i.test(r.name)) return "pacopacomama";
  return "tokyo-hot";
}

/** The series of a Tokyo-Hot code (n, k, RED, SKY, EX), to borrow one of the same. */
const seriesOf = (code: string) => /^[a-z]+|^[A-Z0-9]+(?=-)/.exec(code)![0].toLowerCase();

/** `code` (the simulator title's) in the spelling `written` has in `name`: case, separator and digits kept. */
function rewrite(r: NameRow, code: string): string {
  const digits = (s: string) => s.replace(/\D/g, "");
  if (r.code.startsWith("HEYZO")) {
    const own = /\d+$/.exec(r.written)![0];
    return r.name.replace(new RegExp(`(?<!\\d)${own}(?!\\d)`, "g"), digits(code).padStart(own.length, "0"));
  }
  const dated = /^(\d{6})([-_])(\d{2,3})$/.exec(r.written);
  if (dated) {
    const [, day, n] = /^(\d{6})[-_](\d{2,3})$/.exec(code)!;
    return r.name.replace(new RegExp(`${dated[1]}([-_])${dated[3]}`, "g"), (_m, sep: string) => `${day}${sep}${n}`);
  }
  const m = /^([a-z]+)(\d+)$/i.exec(r.written)!;
  const label = m[1] === m[1].toUpperCase() ? seriesOf(code).toUpperCase() : seriesOf(code);
  const spelled = `${label}${digits(code.replace(/^[A-Z0-9]+(?=-)/i, ""))
    .slice(-m[2].length)
    .padStart(m[2].length, "0")}`;
  return r.name.replace(new RegExp(r.written, "gi"), spelled);
}

describe("scan of a library of the sellers' real name shapes", () => {
  let sim: Simulator;
  let t: TestApp;
  let dir: string;
  /** Each seller's titles on the simulator, as its provider crawls them. */
  const titles: Record<string, IngestRecord[]> = {};
  const planted = new Map<string, string>();

  beforeAll(async () => {
    sim = await startSimulator({ records: 100, seed: 23, siteTitles: 150 });
    const http = client({ maxRetries: 0 });
    for (const p of PROVIDERS.filter((x) => ["heyzo", "caribbeancom", "1pondo", "muramura", "pacopacomama", "tokyo-hot"].includes(x.name))) {
      const ctx = { ...context(sim.baseUrlOf(p.name), http), settings: {} };
      titles[p.name] = [];
      for (let cursor: string | null = null; ; ) {
        const page = await p.crawl(cursor, {}, ctx);
        titles[p.name].push(...page.records);
        if ((cursor = page.nextCursor) === null) break;
      }
    }
    dir = mkdtempSync(join(tmpdir(), "vc-sellers-scan-"));
    const used = new Map<string, number>();
    for (const r of rows()) {
      const seller = sellerOf(r);
      // EX is a series of Tokyo-Hot's the simulator does not sell: such names are read (sellers-names.tsv), not scanned.
      const pool = titles[seller].filter((x) => seller !== "tokyo-hot" || seriesOf(x.record.dvdId) === seriesOf(r.code));
      if (pool.length === 0) continue;
      const n = used.get(seller) ?? 0;
      used.set(seller, n + 1);
      const code = pool[(n * 7) % pool.length].record.dvdId;
      const name = rewrite(r, code);
      const path = join(dir, seller, name.replace(/[/\\]/g, "／"));
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, "");
      planted.set(`${seller}/${name.replace(/[/\\]/g, "／")}`, code);
    }

    t = await buildTestApp([], { ...simulatedProviders(sim), NEGATIVE_CACHE_SECONDS: "0", HTTP_MAX_RETRIES: "2" }, { live: true });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sim?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("matches every file to its title, from the seller's own provider, and none to another", async () => {
    const entries: ScanEntry[] = [];
    const totals = await scanLibrary(t.deps, dir, { live: true, concurrency: 4, onEntry: (e) => entries.push(e) });
    const notVideos = [...planted.keys()].filter((p) => p.endsWith(".nfo")).length;
    expect(totals.files).toBe(planted.size - notVideos);
    const wrong = entries.filter((e) => e.status !== "matched" || e.dvdId !== planted.get(e.path));
    expect(wrong.map((e) => `${e.path}: ${e.status} ${e.dvdId ?? ""} ${e.reason ?? ""}`)).toEqual([]);
    const bySeller: Record<string, number> = {};
    for (const e of entries) bySeller[e.source!] = (bySeller[e.source!] ?? 0) + 1;
    expect(bySeller.heyzo).toBeGreaterThan(30);
    expect(bySeller["tokyo-hot"]).toBeGreaterThan(80);
    expect(bySeller.caribbeancom).toBeGreaterThan(10);
    for (const s of ["1pondo", "muramura", "pacopacomama"]) expect(bySeller[s], s).toBeGreaterThan(0);
    console.log(`sellers' real name shapes: ${totals.files} files, ${totals.matched} matched ${JSON.stringify(bySeller)}`);
  }, 120_000);
});
