import { describe, expect, it } from "vitest";
import { decodeDoc, encodeDoc, toRange } from "../../src/catalog/store/doc-codec.js";
import { generateSampleRecords } from "../../src/samples/titles/generate.js";
import { makeRecord } from "../helpers/build-app.js";

describe("stored document codec", () => {
  it("keeps counting galleries as their pattern and gives every record back unchanged", () => {
    let saved = 0;
    for (const r of generateSampleRecords({ count: 2000 })) {
      const doc = encodeDoc(r.record);
      saved += JSON.stringify(r.record).length - doc.length;
      expect(decodeDoc(doc)).toEqual(r.record);
    }
    expect(saved / 2000).toBeGreaterThan(300);
  });

  it("writes what it wrote before the field order was fixed, for records built in that order (hashes stay)", () => {
    for (const r of generateSampleRecords({ count: 500, seed: 5 })) {
      const e = r.record.extra;
      const before = JSON.stringify({
        ...r.record,
        extra: { ...e, galleryFull: toRange(e.galleryFull) ?? e.galleryFull, galleryThumb: toRange(e.galleryThumb) ?? e.galleryThumb },
      });
      expect(encodeDoc(r.record)).toBe(before);
    }
  });

  it("writes the fields in the response schema's order whatever the order of the record's keys", () => {
    const r = makeRecord({ commentEn: "c" });
    const shuffled = Object.fromEntries(Object.entries(r).reverse()) as typeof r;
    shuffled.extra = { galleryThumb: [], galleryFull: [], sampleUrl: null, actressesRich: [{ image: null, name: "A" } as never] };
    const doc = encodeDoc(shuffled);
    expect(Object.keys(JSON.parse(doc))).toEqual(Object.keys(r));
    expect(doc).toBe(encodeDoc({ ...r, extra: { actressesRich: [{ name: "A", image: null }], sampleUrl: null, galleryFull: [], galleryThumb: [] } }));
  });

  it("only folds URLs that really count up from 1", () => {
    const base = "https://pics.dmm.co.jp/digital/video/abc00001/abc00001jp-";
    expect(toRange([`${base}1.jpg`, `${base}2.jpg`, `${base}3.jpg`])).toEqual({ head: base, tail: ".jpg", n: 3 });
    expect(toRange([`${base}1.jpg`, `${base}3.jpg`])).toBeNull();
    expect(toRange([`${base}2.jpg`, `${base}3.jpg`])).toBeNull();
    expect(toRange([`${base}1.jpg`])).toBeNull();
    expect(toRange(["https://x/a-1", "https://x/a-2"])).toEqual({ head: "https://x/a-", tail: "", n: 2 });
    const odd = makeRecord({ extra: { actressesRich: [], sampleUrl: null, galleryFull: ["https://x/11.jpg", "https://x/12.jpg"], galleryThumb: [] } });
    expect(decodeDoc(encodeDoc(odd))).toEqual(odd);
  });
});
