/**
 * The titles of the providers' real samples (test/fixtures/provider-samples), parsed
 * by the providers' own parsers: r18.dev's SNIS-217 and ROYD-191, FANZA's MIDE-799,
 * SONE-708 and TKMIRD-261 (four actresses, a DVD).
 */
import { readFileSync } from "node:fs";
import type { IngestRecord } from "../../src/model/record.js";
import { parseFanzaItem, parseFanzaItemList } from "../../src/providers/fanza/parse.js";
import { parseR18Combined } from "../../src/providers/r18dev/parse.js";

const SAMPLES = new URL("../fixtures/provider-samples/", import.meta.url);
const sample = (file: string) => JSON.parse(readFileSync(new URL(file, SAMPLES), "utf8")) as unknown;

export function sampleTitles(): IngestRecord[] {
  return [
    parseR18Combined(sample("r18dev/combined-SNIS-217.json")),
    parseR18Combined(sample("r18dev/combined-ROYD-191.trimmed-fixture.json")),
    ...parseFanzaItemList(sample("fanza-api/itemlist-digital-videoa-mide00799.json")).items,
    parseFanzaItem(sample("fanza-api/item-digital-videoa-sone00708.json")),
    parseFanzaItem(sample("fanza-api/item-mono-dvd-tkmird261.json")),
  ];
}

/** The titles with every picture (covers, gallery, actresses) moved onto `base`, same paths: a local server serves them. */
export function withPicturesAt(titles: IngestRecord[], base: string): IngestRecord[] {
  const move = (url: string) => (url ? base + new URL(url).pathname : url);
  return titles.map((t) => {
    const r = t.record;
    const extra = {
      ...r.extra,
      galleryFull: r.extra.galleryFull.map(move),
      galleryThumb: r.extra.galleryThumb.map(move),
      actressesRich: r.extra.actressesRich.map((a) => ({ ...a, image: a.image === null ? null : move(a.image) })),
    };
    // The credits' pictures too: a person's picture is the one her credit hands over.
    const credits = t.credits?.map((c) => ({ ...c, image: c.image === null ? null : move(c.image) }));
    return { ...t, record: { ...r, jacketFullUrl: move(r.jacketFullUrl), jacketThumbUrl: move(r.jacketThumbUrl), extra }, ...(credits && { credits }) };
  });
}
