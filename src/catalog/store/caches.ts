import type { Statement } from "better-sqlite3";
import type { BitsCache } from "../search/match-bits.js";
import type { Db } from "./db.js";
import type { ProviderStats } from "./movies-read.js";

/**
 * Everything the catalog keeps in memory for one open connection, in one object:
 * prepared statements, and answers that hold until the catalog changes (each keyed
 * by catalogVersion, or kept for a short while: see where each is filled).
 */
export interface CatalogCaches {
  /** Prepared statements by SQL text (statements.ts). */
  statements: Map<string, Statement>;
  /** The drizzle handle over the connection (orm.ts). */
  orm: unknown;
  /** Commits this connection made; part of catalogVersion (version.ts). Survives clearCaches. */
  localWrites: number;
  /** Providers with titles, titles per provider, and their newest release and change (movies-read.ts). */
  providers: { version: string; providers: string[]; counts?: Record<string, number>; stats?: ProviderStats[] } | null;
  /** Capped match counts of FTS expressions (search/search-plan.ts). */
  probes: { version: string; entries: Map<string, { n: number; cap: number }> } | null;
  /** Totals of searches, by their spec (search/search.ts). */
  counts: Map<string, { n: number; version: string; at: number }>;
  /** How many FTS index segments there are, read at most every 30 s (search/search.ts). */
  segments: { n: number; at: number } | null;
  /** Bitsets of matches and walks down sort orders (search/match-bits.ts). */
  bits: BitsCache | null;
}

const all = new WeakMap<Db, CatalogCaches>();

function empty(localWrites: number): CatalogCaches {
  return { statements: new Map(), orm: null, localWrites, providers: null, probes: null, counts: new Map(), segments: null, bits: null };
}

/** The caches of a connection. */
export function cachesOf(db: Db): CatalogCaches {
  let c = all.get(db);
  if (c === undefined) all.set(db, (c = empty(0)));
  return c;
}

/** Drops every cache of a connection (the write counter stays, so versions never repeat). */
export function clearCaches(db: Db): void {
  all.set(db, empty(all.get(db)?.localWrites ?? 0));
}
