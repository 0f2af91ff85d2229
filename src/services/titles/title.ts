/**
 * A title as every face is told of it (/movie, /query, MetaTube's plugins, scan and its
 * sidecars): from the catalog, its record read when first used, or fresh from a live
 * provider. find-title.ts makes them; nothing else builds one.
 */
import { recordJsonOf, type RecordJson, type StoredMovie } from "../../catalog/index.js";
import type { FoundCode } from "../../codes/index.js";
import type { DetailedRecord, IngestRecord } from "../../model/record.js";
import type { LiveError } from "../live/live-fallback.js";

export interface Title {
  /** The catalog's id of the title; null for one fresh from a live provider. */
  id: number | null;
  provider: string;
  readonly record: DetailedRecord;
  /** The source's page of the title. */
  readonly pageUrl: string;
  ratingAvg: number | null;
  /** How many reviews ratingAvg is the average of (the NFO's votes), null when unknown. */
  ratingCount: number | null;
  /** The record's JSON as the API writes it, when the catalog has it ready (see catalog/wire/record-json.ts); else null. */
  json(): RecordJson | null;
}

/**
 * A catalog title, its record and page read when first used. A class, its getters on the
 * prototype: an object literal with getters is slow to make, and every catalog hit makes one.
 */
class CatalogTitle implements Title {
  readonly id: number;
  readonly provider: string;
  ratingAvg: number | null;
  ratingCount: number | null;

  constructor(private readonly m: StoredMovie) {
    this.id = m.id;
    this.provider = m.provider;
    this.ratingAvg = m.ratingAvg;
    this.ratingCount = m.ratingCount ?? null;
  }

  get record(): DetailedRecord {
    return this.m.record;
  }

  get pageUrl(): string {
    return this.m.pageUrl;
  }

  json(): RecordJson | null {
    return recordJsonOf(this.m);
  }
}

export const fromCatalog = (m: StoredMovie): Title => new CatalogTitle(m);

const noJson = (): null => null;

/** A title a live provider just answered with (written through to the catalog, or kept a while: live-fallback.ts). */
export const fromLive = (r: IngestRecord): Title => ({
  id: null,
  provider: r.provider,
  record: r.record,
  pageUrl: r.pageUrl,
  ratingAvg: r.ratingAvg,
  ratingCount: r.ratingCount,
  json: noJson,
});

/** What finding a title came to; `read` is the code read from the query, if any. */
export type Finding =
  | { status: "found"; titles: Title[]; read: FoundCode | null }
  /** Two codes in the name, or a code more than one seller holds: `candidates` says which. */
  | { status: "ambiguous"; read: FoundCode | null; candidates: string[]; reason: string }
  | { status: "none"; read: FoundCode | null; reason: string }
  /** Not in the catalog, and a live provider failed to answer: retry later. */
  | { status: "failed"; read: FoundCode | null; reason: string; errors: LiveError[] };
