/** The simulator's catalog: generated records plus the lookups and orders both sources need. */
import type { IngestRecord } from "../../src/model/record.js";
import { generateSampleRecords } from "../../src/samples/titles/generate.js";
import { parseCode } from "../../src/codes/index.js";
import { dayOf } from "./ids.js";

export type FanzaSort = "date" | "rank" | "review" | "match";

export interface SimCatalog {
  records: readonly IngestRecord[];
  byContentId(cid: string): IngestRecord | undefined;
  /** By any spelling of the code: the record's own dvdId or its canonical form. */
  byDvdId(code: string): IngestRecord | undefined;
  /** Every record in one of the API's orders (match handled by the caller). */
  ordered(sort: Exclude<FanzaSort, "match">): readonly IngestRecord[];
  /** The record's canonical code. */
  canonical(r: IngestRecord): string;
  /** Lowercase text the ItemList keyword matches: codes, content id, titles. */
  haystack(r: IngestRecord): string;
  /** Records whose ItemList `date` (release day, 10:00:00) lies within [gte, lte], newest first. */
  dateRange(gte: string | null, lte: string | null): readonly IngestRecord[];
}

export function canonicalCode(code: string): string {
  return parseCode(code)?.dvdId ?? code.trim().toUpperCase();
}

/** The ItemList `date` of a record, comparable with `YYYY-MM-DDTHH:MM:SS` parameters. */
export function itemDateTime(r: IngestRecord): string {
  return `${dayOf(r.record.releaseDate)}T10:00:00`;
}

const byCid = (a: IngestRecord, b: IngestRecord): number => (a.record.contentId < b.record.contentId ? -1 : a.record.contentId > b.record.contentId ? 1 : 0);

/** Newest first; ties by content id so paging is stable. */
export function compareDate(a: IngestRecord, b: IngestRecord): number {
  const da = a.record.releaseDate;
  const db = b.record.releaseDate;
  return da === db ? byCid(a, b) : da < db ? 1 : -1;
}

/** First index in a newest-first list whose date is <= `at` (binary search). */
function firstAtOrBefore(list: readonly IngestRecord[], at: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (itemDateTime(list[mid]) > at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function buildCatalog(records: readonly IngestRecord[]): SimCatalog {
  const cids = new Map<string, IngestRecord>();
  const codes = new Map<string, IngestRecord>();
  const canonical = new Map<IngestRecord, string>();
  const haystacks = new Map<IngestRecord, string>();
  for (const r of records) {
    const canon = canonicalCode(r.record.dvdId);
    canonical.set(r, canon);
    cids.set(r.record.contentId.toLowerCase(), r);
    for (const key of [r.record.dvdId.toUpperCase(), canon]) {
      if (!codes.has(key)) codes.set(key, r);
    }
  }
  const orders: Record<Exclude<FanzaSort, "match">, IngestRecord[]> = {
    date: [...records].sort(compareDate),
    rank: [...records].sort((a, b) => (b.popularity ?? -1) - (a.popularity ?? -1) || byCid(a, b)),
    review: [...records].sort((a, b) => (b.ratingAvg ?? -1) - (a.ratingAvg ?? -1) || (b.ratingCount ?? -1) - (a.ratingCount ?? -1) || byCid(a, b)),
  };
  return {
    records,
    byContentId: (cid) => cids.get(cid.trim().toLowerCase()),
    byDvdId: (code) => codes.get(code.trim().toUpperCase()) ?? codes.get(canonicalCode(code)),
    ordered: (sort) => orders[sort],
    canonical: (r) => canonical.get(r) ?? canonicalCode(r.record.dvdId),
    haystack(r) {
      let text = haystacks.get(r);
      if (text === undefined) {
        const d = r.record;
        text = [d.dvdId, canonical.get(r), d.contentId, d.titleJa, d.titleEn].join("\n").toLowerCase();
        haystacks.set(r, text);
      }
      return text;
    },
    dateRange(gte, lte) {
      const list = orders.date;
      const from = lte === null ? 0 : firstAtOrBefore(list, lte);
      let to = list.length;
      if (gte !== null) {
        // First index strictly older than gte.
        let lo = from;
        let hi = list.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (itemDateTime(list[mid]) >= gte) lo = mid + 1;
          else hi = mid;
        }
        to = lo;
      }
      return list.slice(from, to);
    },
  };
}

export function generateCatalog(count: number, seed: number): SimCatalog {
  return buildCatalog([...generateSampleRecords({ count, seed })]);
}
