/**
 * The whole library, measured: one folder of every real name the tests keep (JavSP's table,
 * Movie Data Capture's, the reported names: test/fixtures/file-names, never the team's written
 * table), DMM's labels, MGStage's amateur lines, FC2, the uncensored studios and the names of
 * no code alike, scanned with the live providers on the simulator and an empty catalog.
 *
 * DMM's codes stay as the names have them: the simulated DMM catalog holds a title of each.
 * The sellers' sites hold their own generated titles, so a name of theirs gets the code of one
 * of them written in its place, in the same spelling (test/helpers/library-names.ts). What no
 * provider serves (Heydouga, XXX-AV) stays as it is and is counted as outside the catalog.
 * Every file must be matched to its own title or to none: never to another.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCode } from "../../src/codes/index.js";
import { type ScanEntry, scanLibrary } from "../../src/library/scan-library.js";
import type { IngestRecord } from "../../src/model/record.js";
import { PROVIDERS } from "../../src/providers/registry.js";
import { buildCatalog } from "../../tools/simulator/catalog.js";
import { type Simulator, startSimulator } from "../../tools/simulator/index.js";
import { generateSampleRecords } from "../../src/samples/titles/generate.js";
import { buildTestApp, simulatedProviders, type TestApp } from "../helpers/build-app.js";
import { type NameRow, nameRows, REAL_TABLES, rewriteName, sellerOfRow } from "../helpers/library-names.js";
import { client, context } from "../tools/simulator/helpers.js";

/** Sellers whose sites the simulator serves, by the provider that crawls them. */
const SITE_PROVIDERS = ["mgstage", "fc2", "heyzo", "caribbeancom", "caribbeancompr", "1pondo", "10musume", "pacopacomama", "muramura", "tokyo-hot"];

/** A DMM title of each label code the names hold: a generated record under that code. */
function dmmCatalog(codes: readonly string[]) {
  const base = [...generateSampleRecords({ count: codes.length, seed: 41 })];
  return buildCatalog(
    codes.map((code, i): IngestRecord => {
      const [label, n] = code.split("-");
      const contentId = `${label.toLowerCase()}${n.padStart(5, "0")}`;
      return { ...base[i], record: { ...base[i].record, dvdId: code, contentId } };
    }),
  );
}

/** The label of a code of a label and number, with its maker's digits (259LUXU), or its Tokyo-Hot series (n, k). */
const familyOf = (code: string) => /^[a-z]+/.exec(code)?.[0] ?? /^\d*[A-Z0-9]*?(?=-)|^[A-Z]+/.exec(code)?.[0] ?? "";

interface Planted {
  row: NameRow;
  seller: string;
  /** The code the file names now: the row's own (DMM, or a seller no provider serves) or a simulator title's. */
  code: string;
  path: string;
}

describe("scan of a whole library of real names", () => {
  let sim: Simulator;
  let t: TestApp;
  let dir: string;
  const planted: Planted[] = [];
  const unusable: string[] = [];

  beforeAll(async () => {
    const rows = REAL_TABLES.flatMap(nameRows);
    const dmmCodes = [...new Set(rows.filter((r) => sellerOfRow(r) === "dmm" && parseCode(r.code)?.kind === "standard").map((r) => r.code))];
    sim = await startSimulator({ catalog: dmmCatalog(dmmCodes), seed: 41, siteTitles: 150 });
    const http = client({ maxRetries: 0 });
    const titles: Record<string, string[]> = {};
    for (const p of PROVIDERS.filter((x) => SITE_PROVIDERS.includes(x.name))) {
      const settings = Object.fromEntries(p.settings.map((s) => [s.env, s.default]));
      const ctx = { ...context(sim.baseUrlOf(p.name), http, settings), now: () => new Date("2026-11-01T00:00:00Z") };
      const codes: string[] = [];
      for (let cursor: string | null = null; ; ) {
        const page = await p.crawl(cursor, {}, ctx);
        codes.push(...page.records.map((r) => r.record.dvdId));
        if ((cursor = page.nextCursor) === null) break;
      }
      for (const s of p.sellers) titles[s] = [...(titles[s] ?? []), ...codes];
    }
    titles.mgs = titles.dmm.filter((c) => parseCode(c)?.kind === "amateur");
    dir = mkdtempSync(join(tmpdir(), "vc-whole-library-"));
    const used = new Map<string, number>();
    for (const row of rows) {
      let seller: string = sellerOfRow(row) ?? "none";
      let code = row.code;
      const amateur = parseCode(code)?.kind === "amateur";
      if (amateur) seller = "mgs";
      const served = seller !== "dmm" || amateur;
      if (served && titles[seller] !== undefined) {
        // A title of the same seller and family (a maker's digits or none, Tokyo-Hot's n or k, RED): the same spelling fits it.
        const digits = /^\d/.test(code);
        const pool = titles[seller].filter((c) =>
          seller === "mgs" ? /^\d/.test(c) === digits : seller === "tokyo-hot" ? familyOf(c).toLowerCase() === familyOf(code).toLowerCase() : true,
        );
        if (pool.length === 0) {
          unusable.push(`${row.name} (${seller}: no title of ${familyOf(code)} on the simulator)`);
          continue;
        }
        const n = used.get(seller) ?? 0;
        used.set(seller, n + 1);
        const want = pool[(n * 7) % pool.length];
        const name = rewriteName(row.name, code, want);
        if (name === null) {
          unusable.push(`${row.name} (the code ${code} is not spelled out in it)`);
          continue;
        }
        row.name = name;
        code = want;
      }
      const path = row.name;
      if (planted.some((p) => p.path === path)) continue;
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), "");
      planted.push({ row, seller, code, path });
    }
    t = await buildTestApp([], { ...simulatedProviders(sim), NEGATIVE_CACHE_SECONDS: "0", HTTP_MAX_RETRIES: "2" }, { live: true });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await sim?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("matches each file to its own title or to none, never to another, and every file of a served seller", async () => {
    const entries: ScanEntry[] = [];
    await scanLibrary(t.deps, dir, { live: true, concurrency: 4, onEntry: (e) => entries.push(e) });
    const byPath = new Map(planted.map((p) => [p.path, p]));
    const wrong = entries.filter((e) => e.status === "matched" && e.dvdId !== byPath.get(e.path)?.code);
    expect(wrong.map((e) => `${e.path}: ${e.dvdId} from ${e.source}, planted ${byPath.get(e.path)?.code}`)).toEqual([]);
    // From a provider of the title's own seller: MGStage's amateur lines from mgstage, DMM's from DMM's data.
    const own = (seller: string) => (seller === "mgs" ? ["mgstage"] : PROVIDERS.filter((p) => p.sellers.includes(seller as never)).map((p) => p.name));
    const elsewhere = entries.filter((e) => e.status === "matched" && !own(byPath.get(e.path)!.seller).includes(e.source!));
    expect(elsewhere.map((e) => `${e.path}: from ${e.source}`)).toEqual([]);

    const per: Record<string, { files: number; matched: number; missed: string[] }> = {};
    for (const e of entries) {
      const p = byPath.get(e.path)!;
      const s = (per[p.seller] ??= { files: 0, matched: 0, missed: [] });
      s.files++;
      if (e.status === "matched") s.matched++;
      else s.missed.push(`${e.path}: ${e.status} ${e.reason ?? ""}`);
    }
    const line = (s: string) => `${s} ${per[s].matched}/${per[s].files}`;
    console.log(
      `whole library of real names: ${entries.length} files (${planted.length - entries.length} not videos); ${Object.keys(per).sort().map(line).join(", ")}`,
    );
    if (unusable.length > 0) console.log(`left out: ${unusable.join("; ")}`);

    // Every seller the catalog has: all its files but those the name table itself says the reader misses.
    for (const s of ["dmm", "mgs", "fc2", "heyzo", "tokyo-hot", "caribbeancom", "1pondo", "muramura", "pacopacomama"]) {
      expect(per[s]?.files, s).toBeGreaterThan(0);
      expect(per[s].matched / per[s].files, `${s}: ${per[s].missed.join("\n")}`).toBeGreaterThanOrEqual(s === "dmm" ? 0.99 : 1);
    }
    // Outside it: Heydouga's and XXX-AV's titles, and the names of no code.
    for (const s of ["heydouga", "xxx-av", "none"]) expect(per[s]?.matched ?? 0, s).toBe(0);
  }, 300_000);
});
