/**
 * A DMM title's page, built in one place (codes' dmmPageUrl) and named alike everywhere a DMM
 * page is named: the FANZA provider for an item that gives no `URL`, the import of a detailed
 * record (whose page /query's `extra.url` answers), and the MetaTube face's homepage of DMM's
 * data. The page each should be is the one the FANZA API's real answers give
 * (test/fixtures/provider-samples/fanza-api, the README there says where each comes from):
 * a digital video on video.dmm.co.jp, a DVD on www.dmm.co.jp. The API's answers of 2018 still
 * gave the digital page at www.dmm.co.jp/digital/videoa/, the form DMM has since moved.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dmmPageUrl } from "../../src/codes/index.js";
import { importedIngestRecord, normalizeImported } from "../../src/import/file/record-normalize.js";
import type { IngestRecord } from "../../src/model/record.js";
import { parseFanzaItem } from "../../src/providers/fanza/parse.js";
import { homepageOf } from "../../src/server/metatube/provider-names.js";
import { fromLive } from "../../src/services/titles/title.js";
import { buildTestApp, type TestApp } from "../helpers/build-app.js";
import { SAMPLES } from "../helpers/sample-server.js";

type Item = Record<string, unknown> & { URL: string; content_id: string; service_code: string };
const json = (name: string) => JSON.parse(readFileSync(join(SAMPLES, "fanza-api", name), "utf8")) as Record<string, any>;

/** The API's current items: two digital videos and a DVD, each with the page the API gives. */
const ITEMS: Item[] = [
  json("itemlist-digital-videoa-mide00799.json").result.items[0],
  json("item-digital-videoa-sone00708.json"),
  json("item-mono-dvd-tkmird261.json"),
];
const LEGACY = json("itemlist-legacy-2018-mono-dvd-and-digital-videoa.json").result.items as Item[];

const withoutUrl = (item: Item) => {
  const { URL: _given, ...rest } = item;
  return rest;
};
/** The item's record as a detailed record in a file `import` reads (a saved /movie answer's `result`). */
const imported = (item: Item): IngestRecord => {
  const n = normalizeImported(JSON.parse(JSON.stringify(parseFanzaItem(item).record)));
  if (!("record" in n)) throw new Error(n.error);
  return importedIngestRecord(n.record, "file");
};

describe("a DMM title's page", () => {
  it("is the page the FANZA API's items give, for a digital video and a DVD", () => {
    expect(ITEMS.map((i) => [i.service_code, i.URL])).toEqual([
      ["digital", "https://video.dmm.co.jp/av/content/?id=mide00799"],
      ["digital", "https://video.dmm.co.jp/av/content/?id=sone00708"],
      ["mono", "https://www.dmm.co.jp/mono/dvd/-/detail/=/cid=tkmird261/"],
    ]);
    for (const i of ITEMS) expect(dmmPageUrl(i.content_id, i.service_code), i.content_id).toBe(i.URL);
  });

  it("never the digital page's form of before DMM moved it, which the API's answers of 2018 give", () => {
    const [dvd, digital] = LEGACY;
    expect(digital.URL).toBe("http://www.dmm.co.jp/digital/videoa/-/detail/=/cid=1hawa00124/");
    expect(dmmPageUrl(digital.content_id, digital.service_code)).toBe("https://video.dmm.co.jp/av/content/?id=1hawa00124");
    // The DVD's page has not moved (the API gave it on http:// then).
    expect(dmmPageUrl(dvd.content_id, dvd.service_code)).toBe(dvd.URL.replace("http:", "https:"));
  });

  it("a rental beside the DVD; none for a service DMM has no page of this kind for; the id escaped", () => {
    expect(dmmPageUrl("snis217r", "rental")).toBe("https://www.dmm.co.jp/rental/ppr/-/detail/=/cid=snis217r/");
    expect(dmmPageUrl("snis00217", "")).toBeNull();
    expect(dmmPageUrl("a/b?c", "digital")).toBe("https://video.dmm.co.jp/av/content/?id=a%2Fb%3Fc");
  });
});

describe("every DMM page named is the same page", () => {
  it("the FANZA provider's for an item without its URL, the import's, and MetaTube's homepage of r18.dev's copy", () => {
    for (const item of ITEMS) {
      const fanza = parseFanzaItem(withoutUrl(item));
      const r18dev = fromLive({ ...fanza, provider: "r18dev", pageUrl: `https://r18.dev/videos/vod/movies/detail/-/id=${item.content_id}/` });
      expect([fanza.pageUrl, imported(item).pageUrl, homepageOf(r18dev)], item.content_id).toEqual([item.URL, item.URL, item.URL]);
    }
  });

  describe("/query's extra.url of an imported title", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(ITEMS.map(imported));
    });
    afterAll(async () => t?.close());

    it("is DMM's page as the API gives it", async () => {
      for (const item of ITEMS) {
        const res = await t.app.inject({ url: `/query?q=${item.content_id}`, headers: { "x-service-key": t.key } });
        const results = res.json().results as { id: string; extra: { url: string } }[];
        expect(results.find((r) => r.id === item.content_id)?.extra.url, item.content_id).toBe(item.URL);
      }
    });
  });
});
