/**
 * The one way from what a client asks to a title, for every face: /movie, /query's code
 * path, MetaTube's search and info, scan. A query is read as a catalog code (in any
 * spelling, a file name, a path, a page URL) with the sellers it can belong to; the catalog
 * answers first, then only the live providers of those sellers; a code that two sellers
 * hold with nothing in the name to choose is `ambiguous`, never a guess. A query with no
 * code is a content id, else text, as the face asks.
 */
import {
  catalogProviders,
  EMPTY_FILTER,
  findByContentId,
  findByDvdId,
  getMovieById,
  getMoviesByIds,
  searchTitleIds,
  type StoredMovie,
} from "../catalog/index.js";
import { isContentIdText, lookupCandidates, readName, sellersOf, type FoundCode, type Seller } from "../codes/index.js";
import { AppError } from "../lib/errors.js";
import { sellersOfProvider } from "../providers/registry.js";
import { bestTextMatchId } from "./closest-title.js";
import { catalogKnowledge } from "./code-knowledge.js";
import type { ServiceDeps } from "./deps.js";
import type { LiveError, LiveOutcome } from "./live-fallback.js";
import { fromCatalog, fromLive, type Title } from "./title.js";

export type { Title } from "./title.js";

/** What finding a title came to; `read` is the code read from the query, if any. */
export type Finding =
  | { status: "found"; titles: Title[]; read: FoundCode | null }
  /** Two codes in the name, or a code more than one seller holds: `candidates` says which. */
  | { status: "ambiguous"; read: FoundCode | null; candidates: string[]; reason: string }
  | { status: "none"; read: FoundCode | null; reason: string }
  /** Not in the catalog, and a live provider failed to answer: retry later. */
  | { status: "failed"; read: FoundCode | null; reason: string; errors: LiveError[] };

export interface FindOptions {
  /** Providers whose titles may answer (null: any), also the live providers' order. */
  providers: string[] | null;
  /** Whether a catalog miss asks the live providers. */
  live: boolean;
  /** A query with no code: its closest title (/movie), a search of at most `limit` titles (MetaTube), or nothing (scan). */
  text: "closest" | "search" | "none";
  limit?: number;
}

/** Among records of one code, the preferred service code first (SERVICE_CODE_ORDER), then the `providers` order. */
function ordered(rows: StoredMovie[], serviceOrder: readonly string[], providers: string[] | null): StoredMovie[] {
  const rank = (list: readonly string[] | null, v: string) => {
    const i = list ? list.indexOf(v) : -1;
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...rows].sort(
    (a, b) => rank(serviceOrder, a.serviceCode) - rank(serviceOrder, b.serviceCode) || rank(providers, a.provider) - rank(providers, b.provider) || a.id - b.id,
  );
}

/**
 * The catalog's titles of a code among `providers`, in the spellings sources disagree on, each
 * held by one of the code's sellers (a provider the registry does not know, an import's, may
 * be any of them); ambiguous when two of its sellers hold it. A catalog hit is the common
 * path of every face: one pass over the code's few rows, and a sort only when there are several.
 */
function catalogFinding(deps: ServiceDeps, code: FoundCode, providers: string[] | null): Finding | null {
  const sellers = sellersOf(code);
  for (const dvdId of lookupCandidates(code)) {
    const kept: StoredMovie[] = [];
    const held: Seller[] = [];
    for (const r of findByDvdId(deps.db, dvdId)) {
      if (providers !== null && !providers.includes(r.provider)) continue;
      const own = sellersOfProvider(r.provider);
      if (own.length > 0) {
        const seller = own.find((s) => sellers.includes(s));
        if (seller === undefined) continue;
        if (!held.includes(seller)) held.push(seller);
      }
      kept.push(r);
    }
    if (kept.length === 0) continue;
    if (held.length > 1) return ambiguousSellers(code, held);
    const titles = kept.length === 1 ? [fromCatalog(kept[0])] : ordered(kept, deps.config.serviceCodeOrder, providers).map(fromCatalog);
    return { status: "found", titles, read: code };
  }
  return null;
}

const listed = (names: readonly string[]) => names.join(", ");

function ambiguousSellers(code: FoundCode, sellers: readonly string[]): Finding {
  return {
    status: "ambiguous",
    read: code,
    candidates: [...sellers],
    reason: `${code.dvdId} is a title of more than one seller (${listed(sellers)}): name the studio in the query (1pondo ${code.dvdId}, say) or ask with providers=`,
  };
}

/** The live providers' answer for a code as a finding. */
function liveFinding(code: FoundCode, live: LiveOutcome): Finding {
  switch (live.status) {
    case "found":
      return { status: "found", titles: [fromLive(live.record)], read: code };
    case "ambiguous":
      return ambiguousSellers(
        code,
        live.found.map((f) => f.provider),
      );
    case "failed":
      return {
        status: "failed",
        read: code,
        errors: live.errors,
        reason: `${code.dvdId} is not in the catalog and ${listed(live.errors.map((e) => e.provider))} failed to answer; retry later`,
      };
    default:
      return { status: "none", read: code, reason: `${code.dvdId} is not in the catalog, and no live provider has it` };
  }
}

/** The titles of a content id among `providers` (null: every provider with records), in that order. */
function titlesByContentId(deps: ServiceDeps, contentId: string, providers: string[] | null): Title[] {
  const id = contentId.trim().toLowerCase();
  return (providers ?? catalogProviders(deps.db)).flatMap((p) => {
    const m = findByContentId(deps.db, p, id);
    return m ? [fromCatalog(m)] : [];
  });
}

/** A content id in the URL of a title's page: DMM's `?id=` and `/cid=.../`, r18.dev's `/id=.../` and `combined=`. */
export function contentIdInUrl(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const raw = u.searchParams.get("id") ?? u.searchParams.get("cid") ?? /\/(?:cid|id|combined)=([^/?#]+)/.exec(u.pathname)?.[1] ?? null;
  if (raw === null) return null;
  let cid: string;
  try {
    cid = decodeURIComponent(raw).trim().toLowerCase();
  } catch {
    return null;
  }
  return isContentIdText(cid) ? cid : null;
}

/** A text query's titles, as the face asks: the closest one, or a search (the live providers' when the catalog has none). */
async function textFinding(deps: ServiceDeps, q: string, o: FindOptions): Promise<Finding> {
  const none: Finding = { status: "none", read: null, reason: `no code in "${q}", and no title matches it` };
  const text = q.normalize("NFKC").trim();
  if (o.text === "none" || text === "") return { ...none, reason: `no code in "${q}"` };
  if (o.text === "closest") {
    const id = deps.pool ? await deps.pool.bestTextMatchId(q, o.providers) : bestTextMatchId(deps.db, q, o.providers);
    const m = id === null ? null : getMovieById(deps.db, id);
    return m ? { status: "found", titles: [fromCatalog(m)], read: null } : none;
  }
  const limit = o.limit ?? 20;
  const query = { text, dvdId: null, filter: { ...EMPTY_FILTER, providers: o.providers }, sort: "relevance" as const, limit, offset: 0n };
  const { ids } = deps.pool ? await deps.pool.titleIds(query) : searchTitleIds(deps.db, query);
  if (ids.length > 0) return { status: "found", titles: getMoviesByIds(deps.db, ids).map(fromCatalog), read: null };
  if (!o.live || !deps.live) return none;
  const live = await deps.live.search(text, "relevance", o.providers);
  return live.records.length > 0 ? { status: "found", titles: live.records.slice(0, limit).map(fromLive), read: null } : none;
}

/**
 * Finds the titles `q` asks for, best first: (1) a page URL's content id; (2) the code read
 * from q (a code, a file name, a path) in the catalog, held by one of its sellers; (3) q as a
 * content id; (4) the live providers of the code's sellers (with `live`); (5) a q with no code
 * as text (`o.text`). A q with a code never answers with another code. What the catalog
 * settles is answered at once, not as a promise: a hit costs no turn of the event loop.
 */
export function findTitles(deps: ServiceDeps, q: string, o: FindOptions): Finding | Promise<Finding> {
  const trimmed = q.trim();
  const fromUrl = /^https?:\/\//i.test(trimmed) ? contentIdInUrl(trimmed) : null;
  const byUrl = fromUrl === null ? [] : titlesByContentId(deps, fromUrl, o.providers);
  if (byUrl.length > 0) return { status: "found", titles: byUrl, read: null };
  const reading = readName(q, catalogKnowledge(deps.db));
  if (reading.reason === "ambiguous") {
    return {
      status: "ambiguous",
      read: null,
      candidates: reading.candidates,
      reason: `"${q}" holds more than one code (${listed(reading.candidates)}); ask for one of them`,
    };
  }
  const code = reading.found;
  const local = code === null ? null : catalogFinding(deps, code, o.providers);
  if (local !== null) return local;
  const byId = isContentIdText(trimmed.toLowerCase()) ? titlesByContentId(deps, trimmed, o.providers) : [];
  if (byId.length > 0) return { status: "found", titles: byId, read: code };
  if (code === null) return textFinding(deps, q, o);
  const live = deps.live;
  if (!o.live || live === null) return { status: "none", read: code, reason: `${code.dvdId} is not in the catalog` };
  return live.lookup(code, o.providers).then((answer) => liveFinding(code, answer));
}

/**
 * A title by its content id among `providers` (in that order), as a media server asks once it
 * knows it: the catalog's; one just answered live and not stored (a replica's); else, with
 * `live`, the first of them that the live providers can ask by id.
 */
export async function titleById(deps: ServiceDeps, contentId: string, providers: string[], live: boolean): Promise<Title | null> {
  const local = titlesByContentId(deps, contentId, providers)[0];
  if (local !== undefined) return local;
  const unstored = deps.live?.unstoredAnswer(contentId);
  if (unstored !== undefined && providers.includes(unstored.provider)) return fromLive(unstored);
  if (!live || !deps.live) return null;
  const found = await deps.live.lookupById(contentId.trim(), providers);
  if (found.status === "failed") {
    const which = listed(found.errors.map((e) => e.provider));
    throw new AppError("UPSTREAM_FAILED", `${contentId} is not in the catalog and ${which} failed to answer; retry later`);
  }
  return found.status === "found" ? fromLive(found.record) : null;
}

/**
 * A title again from its live provider (a plugin's "refresh"): the fresh copy when the
 * provider still has this content id, else the catalog's as it is.
 */
export async function refreshTitle(deps: ServiceDeps, title: Title): Promise<Title> {
  if (!deps.live?.names().includes(title.provider)) return title;
  const live = await deps.live.lookupById(title.record.contentId, [title.provider]);
  if (live.status !== "found" || live.record.record.contentId !== title.record.contentId) return title;
  return { ...fromLive(live.record), id: title.id, ratingAvg: live.record.ratingAvg ?? title.ratingAvg };
}
