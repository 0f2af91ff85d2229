import type { Statement } from "better-sqlite3";
import type { Db } from "./db.js";
import type { IdBits } from "./id-bits.js";

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
  /** Totals of searches, by their spec (search/counts.ts). */
  counts: Map<string, { n: number; version: string; at: number }>;
  /** How many FTS index segments there are, read at most every 30 s (search/search.ts). */
  segments: { n: number; at: number } | null;
  /** Bitsets of matches and walks down sort orders (search/match-bits.ts). */
  bits: BitsCache | null;
  /** People's faces (key, names, picture) by id, and who holds a name, at one catalog version (people-read.ts): every title's credits read them. */
  people: { version: string; faces: Map<number, unknown>; named: Map<string, number[]> } | null;
}

/** A provider's titles in the catalog, the newest release day among them (YYYY-MM-DD) and the last time one was written (ms). */
export interface ProviderStats {
  provider: string;
  titles: number;
  newestRelease: string | null;
  lastChange: number | null;
}

/** Bitsets of FTS matches by expression, and walks down sort orders, at one catalog version (search/match-bits.ts). */
export interface BitsCache {
  version: string;
  /** When this connection first saw the version (Date.now()). */
  since: number;
  entries: Map<string, IdBits>;
  bytes: number;
  walks: Map<string, WalkPrefix>;
}

/**
 * The matches of a walk found so far from the top of a sort order (`ids`, in order),
 * the index rows read to find them (`at`), and whether the index ended. Kept with the
 * bitsets, for the same catalog version: at most WALK_PREFIX_MAX ids each and
 * WALK_PREFIXES walks a connection (both in search/match-bits.ts; ~4 MiB at most,
 * far less as pages are shallow).
 */
export interface WalkPrefix {
  ids: number[];
  at: number;
  done: boolean;
}

const all = new WeakMap<Db, CatalogCaches>();

function empty(localWrites: number): CatalogCaches {
  return { statements: new Map(), orm: null, localWrites, providers: null, probes: null, counts: new Map(), segments: null, bits: null, people: null };
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
