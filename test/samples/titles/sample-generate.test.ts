import { beforeAll, describe, expect, it } from "vitest";
import type { IngestRecord } from "../../../src/model/record.js";
import { generateSampleRecords, SAMPLE_PROVIDER } from "../../../src/samples/titles/generate.js";

const take = (count: number, seed?: number, start?: number): IngestRecord[] => [...generateSampleRecords({ count, seed, start })];

const DATE_RE = /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/;
const CENSORED_DVD_RE = /^\d*[A-Z]{2,5}-\d{3,5}$/;
const CENSORED_CID_RE = /^\d*[a-z]{2,5}\d{5}$/;
const PICS = "https://pics.dmm.co.jp/digital/video/";
const ACTRESS_IMAGE_RE = /^https:\/\/pics\.dmm\.co\.jp\/mono\/actjpgs\/[a-z]+(_[a-z]+)?\.jpg$/;
const SAMPLE_URL_RE = /^https:\/\/cc3001\.dmm\.co\.jp\/litevideo\/freepv\/\w\/\w{3}\/\w+\/\w+_dmb_w\.mp4$/;
const isStringArray = (v: unknown): boolean => Array.isArray(v) && v.every((s) => typeof s === "string" && s !== "");
const share = (records: IngestRecord[], pred: (r: IngestRecord) => boolean): number => records.filter(pred).length / records.length;

/** Everything wrong with one record, as short messages; plain checks keep 20k records fast. */
function problems(r: IngestRecord): string[] {
  const out: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) out.push(`${r.record.dvdId}: ${what}`);
  };
  const rec = r.record;
  const cid = rec.contentId;
  check(r.provider === SAMPLE_PROVIDER, "provider");
  check(DATE_RE.test(rec.releaseDate), "releaseDate format");
  const day = rec.releaseDate.slice(0, 10);
  check(day >= "2001-01-01" && day <= "2026-10-31", "releaseDate range");
  check(Number.isInteger(rec.runtimeMins) && rec.runtimeMins >= 60 && rec.runtimeMins <= 240, "runtimeMins");
  check(rec.titleJa.length >= 15 && rec.titleJa.length <= 60, "titleJa length");
  const words = rec.titleEn.split(" ").length;
  check(words >= 5 && words <= 15, "titleEn words");
  for (const c of [rec.commentEn, rec.commentJa]) check(c === null || (typeof c === "string" && c !== ""), "comment");
  for (const key of ["makers", "categories", "actresses", "actors", "directors", "authors"] as const) {
    check(isStringArray(rec[key]), `${key} is a string array`);
  }
  check(rec.makers.length >= 1 && rec.makers.length <= 2, "makers count");
  check(rec.categories.length >= 2 && rec.categories.length <= 8, "categories count");
  check(new Set(rec.categories).size === rec.categories.length, "categories distinct");
  check(new Set(rec.actresses).size === rec.actresses.length && rec.actresses.length <= 4, "actresses");
  check(rec.actors.length <= 2 && rec.directors.length <= 1, "actors/directors count");
  check(typeof rec.label === "string" && rec.label !== "", "label");
  check(rec.series === null || (typeof rec.series === "string" && rec.series !== ""), "series");
  check(rec.site === "FANZA" || rec.site === "MGS", "site");
  check(rec.serviceCode === "digital" || rec.serviceCode === "mono", "serviceCode");

  check(rec.jacketFullUrl === `${PICS}${cid}/${cid}pl.jpg`, "jacketFullUrl");
  check(rec.jacketThumbUrl === `${PICS}${cid}/${cid}ps.jpg`, "jacketThumbUrl");
  check(r.pageUrl === `https://www.dmm.co.jp/digital/videoa/-/detail/=/cid=${cid}/`, "pageUrl");
  const { actressesRich, sampleUrl, galleryFull, galleryThumb } = rec.extra;
  check(actressesRich.map((a) => a.name).join("|") === rec.actresses.join("|"), "actressesRich names");
  for (const a of actressesRich) check(a.image === null || ACTRESS_IMAGE_RE.test(a.image), "actress image");
  check(sampleUrl === null || SAMPLE_URL_RE.test(sampleUrl), "sampleUrl");
  check(galleryFull.length === galleryThumb.length && galleryFull.length <= 20, "gallery count");
  galleryFull.forEach((u, n) => check(u === `${PICS}${cid}/${cid}jp-${n + 1}.jpg`, "galleryFull url"));
  galleryThumb.forEach((u, n) => check(u === `${PICS}${cid}/${cid}-${n + 1}.jpg`, "galleryThumb url"));

  if (r.ratingAvg === null) {
    check(r.ratingCount === null, "ratingCount null with ratingAvg");
  } else {
    check(r.ratingAvg >= 1 && r.ratingAvg <= 5 && Math.round(r.ratingAvg * 100) / 100 === r.ratingAvg, "ratingAvg");
    check(Number.isInteger(r.ratingCount) && r.ratingCount! >= 0 && r.ratingCount! <= 3000, "ratingCount");
  }
  check(Number.isInteger(r.popularity) && r.popularity! >= 0 && r.popularity! <= 1_000_000, "popularity");

  const alt = r.altNames;
  check((alt.actress ?? []).length === rec.actresses.length, "altNames.actress");
  check((alt.actor ?? []).length === rec.actors.length, "altNames.actor");
  check((alt.director ?? []).length === rec.directors.length, "altNames.director");
  check((alt.maker ?? []).length === rec.makers.length, "altNames.maker");
  check((alt.label ?? []).length === 1, "altNames.label");
  check((alt.series ?? []).length === (rec.series === null ? 0 : 1), "altNames.series");
  check((alt.genre ?? []).length === rec.categories.length, "altNames.genre");
  for (const names of Object.values(alt)) check(isStringArray(names), "altNames are strings");

  if (r.censored) {
    check(CENSORED_DVD_RE.test(rec.dvdId) && CENSORED_CID_RE.test(cid), "censored codes");
    check(cid.endsWith(rec.dvdId.split("-")[1].padStart(5, "0")), "contentId number");
    check(cid.includes(rec.dvdId.split("-")[0].toLowerCase()), "contentId prefix");
  } else {
    check(/^(FC2-PPV-\d{7}|HEYZO-\d{4})$/.test(rec.dvdId), "uncensored dvdId");
  }
  return out;
}

// Runs first, on a fresh heap: once a test has kept thousands of records alive,
// V8 pretenures the record allocation sites and streaming slows down for a while,
// which would measure the test's heap rather than the generator.
describe("generateSampleRecords throughput", () => {
  it("streams well over 20,000 records per second", () => {
    for (const _ of generateSampleRecords({ count: 20_000, seed: 3 }));
    const count = 200_000;
    const t0 = performance.now();
    let chars = 0;
    for (const r of generateSampleRecords({ count, seed: 3, start: 20_000 })) chars += r.record.titleJa.length;
    const perSecond = count / ((performance.now() - t0) / 1000);
    expect(chars).toBeGreaterThan(0);
    expect(perSecond).toBeGreaterThanOrEqual(20_000);
  });
});

describe("generateSampleRecords", () => {
  let sample: IngestRecord[] = [];
  beforeAll(() => {
    sample = take(20_000);
  });

  it("is deterministic per seed", () => {
    expect(take(500)).toEqual(take(500, 1));
    expect(take(500, 42)).toEqual(take(500, 42));
    const other = take(500, 2);
    const differing = other.filter((r, i) => r.record.titleEn !== sample[i].record.titleEn).length;
    expect(differing).toBeGreaterThan(250);
  });

  it("gives the same records however the range is chunked", () => {
    const chunked = [...take(137, 7, 0), ...take(863, 7, 137), ...take(1000, 7, 1000)];
    expect(chunked).toEqual(take(2000, 7));
    expect(take(3, 1, 19_997)).toEqual(sample.slice(19_997));
  });

  it("yields exactly count records and rejects bad options", () => {
    expect(take(0)).toEqual([]);
    expect(take(5, 1, 10)).toHaveLength(5);
    expect(() => take(-1)).toThrow(RangeError);
    expect(() => take(1, 1.5)).toThrow(RangeError);
    expect(() => take(1, 1, -3)).toThrow(RangeError);
  });

  it("keeps dvdId and contentId unique over 200,000 records", () => {
    const dvdIds = new Set<string>();
    const contentIds = new Set<string>();
    for (const { record } of generateSampleRecords({ count: 200_000 })) {
      dvdIds.add(record.dvdId);
      contentIds.add(record.contentId);
    }
    expect(dvdIds.size).toBe(200_000);
    expect(contentIds.size).toBe(200_000);
  });

  it("keeps codes unique and readable near 5,000,000 records", () => {
    const dvdIds = new Set<string>();
    const unreadable: string[] = [];
    for (const { record } of generateSampleRecords({ count: 20_000, start: 4_980_000 })) {
      const readable =
        /^(\d*[A-Z]{2,5}-\d{3,5}|FC2-PPV-\d{7}|HEYZO-\d{4})$/.test(record.dvdId) && /^(\d*[a-z]{2,5}\d{5}|fc2ppv\d{7}|heyzo\d{5})$/.test(record.contentId);
      if (!readable) unreadable.push(`${record.dvdId} ${record.contentId}`);
      dvdIds.add(record.dvdId);
    }
    expect(unreadable).toEqual([]);
    expect(dvdIds.size).toBe(20_000);
    expect(sample.filter((r) => dvdIds.has(r.record.dvdId))).toEqual([]);
  });

  it("produces records of the right shape", () => {
    expect(sample.flatMap(problems).slice(0, 10)).toEqual([]);
  });

  it("keeps the promised proportions", () => {
    const near = (value: number, target: number, tolerance: number) => expect(Math.abs(value - target)).toBeLessThanOrEqual(tolerance);
    near(
      share(sample, (r) => r.record.commentEn === null),
      0.4,
      0.03,
    );
    near(
      share(sample, (r) => r.record.series === null),
      0.5,
      0.03,
    );
    near(
      share(sample, (r) => r.ratingAvg === null),
      0.2,
      0.03,
    );
    near(
      share(sample, (r) => r.record.extra.sampleUrl === null),
      0.3,
      0.03,
    );
    near(
      share(sample, (r) => !r.censored),
      0.02,
      0.005,
    );
    expect(share(sample, (r) => r.record.actresses.length === 1 || r.record.actresses.length === 2)).toBeGreaterThan(0.6);
    expect(share(sample, (r) => r.record.authors.length === 0)).toBeGreaterThan(0.9);
    const withActress = sample.filter((r) => r.record.actresses.length > 0);
    expect(share(withActress, (r) => r.record.titleJa.includes(r.altNames.actress![0]))).toBeGreaterThan(0.8);
    expect(share(withActress, (r) => r.record.titleEn.includes(r.record.actresses[0]))).toBeGreaterThan(0.8);
    const popularity = sample.map((r) => r.popularity!).sort((a, b) => a - b);
    expect(popularity[popularity.length >> 1]).toBeLessThan(100_000);
    const years = new Set(sample.map((r) => r.record.releaseDate.slice(0, 4)));
    expect(years.has("2001") && years.has("2026")).toBe(true);
  });

  it("maps each actress to one Japanese name, including 2-character ones", () => {
    const jaByRomaji = new Map<string, string>();
    const conflicts: string[] = [];
    for (const r of sample) {
      r.record.actresses.forEach((name, k) => {
        const ja = r.altNames.actress![k];
        if ((jaByRomaji.get(name) ?? ja) !== ja) conflicts.push(`${name}: ${jaByRomaji.get(name)} vs ${ja}`);
        jaByRomaji.set(name, ja);
      });
    }
    expect(conflicts).toEqual([]);
    expect(jaByRomaji.size).toBeGreaterThan(1000);
    expect(new Set(jaByRomaji.values()).size).toBe(jaByRomaji.size);
    const demo = sample.slice(0, 1000);
    expect(demo.some((r) => (r.altNames.actress ?? []).some((ja) => ja.length === 2))).toBe(true);
    expect(demo.some((r) => (r.altNames.actress ?? []).some((ja) => ja.includes("鈴村")))).toBe(true);
  });
});

describe("sample codes are canonical", () => {
  it("spells every dvdId as parseCode does, so /movie finds each sample title", async () => {
    const { parseCode } = await import("../../../src/codes/index.js");
    const { generateSampleRecords } = await import("../../../src/samples/titles/generate.js");
    for (const r of generateSampleRecords({ count: 20_000 })) {
      expect(parseCode(r.record.dvdId)?.dvdId, r.record.dvdId).toBe(r.record.dvdId);
    }
  });
});
