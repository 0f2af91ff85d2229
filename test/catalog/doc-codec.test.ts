import { describe, expect, it } from "vitest";
import { decodeDoc, encodeDoc, toRange } from "../../src/catalog/doc-codec.js";
import { generateSampleRecords } from "../../src/catalog/sample/generate.js";
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
