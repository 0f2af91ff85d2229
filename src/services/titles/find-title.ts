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
  type Db,
  EMPTY_FILTER,
  findByContentId,
  getMovieById,
  getMoviesByIds,
  hasDvdId,
  hasLabel,
  type SortKey,
  searchTitleIds,
} from "../../catalog/index.js";
import { type CodeKnowledge, type FoundCode, isContentIdText, lookupCandidates, readName, sellersOf } from "../../codes/index.js";
import { AppError } from "../../lib/errors.js";
import { sellersOfProvider } from "../../providers/registry.js";
import { ambiguousSellers, type CatalogFinding, catalogFinding } from "./catalog-titles.js";
import { bestTextMatchId } from "./closest-title.js";
import type { ServiceDeps } from "../deps.js";
import type { LiveError, LiveOutcome } from "../live/live-fallback.js";
import { type Finding, fromCatalog, fromLive, type Title } from "./title.js";

export type { Finding, Title } from "./title.js";

export interface FindOptions {
  /** Providers whose titles may answer (null: any), also the live providers' order. */
  providers: string[] | null;
  /** Whether a catalog miss asks the live providers. */
  live: boolean;
  /** A query with no code: its closest title (/movie), a search of at most `limit` titles (MetaTube), or nothing (scan). */
  text: "closest" | "search" | "none";
  limit?: number;
}

const listed = (names: readonly string[]) => names.join(", ");

/** The seller a live answer's provider stands for, among the code's sellers. */
const sellerOf = (code: FoundCode, provider: string): string => sellersOfProvider(provider).find((s) => sellersOf(code).includes(s)) ?? provider;

function failedFinding(code: FoundCode, errors: LiveError[], what: string): Finding {
  return { status: "failed", read: code, errors, reason: `${what} and ${listed(errors.map((e) => e.provider))} failed to answer; retry later` };
}

/** The live providers' answer for a code the catalog lacks, as a finding. */
function liveFinding(code: FoundCode, live: LiveOutcome): Finding {
  switch (live.status) {
    case "found":
      return { status: "found", titles: [fromLive(live.record)], read: code };
    case "ambiguous":
      return ambiguousSellers(code, [...new Set(live.found.map((f) => sellerOf(code, f.provider)))]);
    case "failed":
      return failedFinding(code, live.errors, `${code.dvdId} is not in the catalog`);
    default:
      return { status: "none", read: code, reason: `${code.dvdId} is not in the catalog, and no live provider has it` };
  }
}

/** The catalog's title of one seller, against what the live providers of the sellers it cannot speak for say. */
function settled(code: FoundCode, local: CatalogFinding, live: LiveOutcome): Finding {
  switch (live.status) {
    case "found":
      return ambiguousSellers(code, [...local.held, sellerOf(code, live.provider)]);
    case "ambiguous":
      return ambiguousSellers(code, [...local.held, ...new Set(live.found.map((f) => sellerOf(code, f.provider)))]);
    case "failed":
      return failedFinding(code, live.errors, `${code.dvdId} is ${local.held.join(", ")}'s in the catalog, whether another seller's too is unknown,`);
    default:
      return local.finding;
  }
}

/** What the catalog says of a code, asking the live providers of the sellers it cannot speak for when it may. */
function weighed(deps: ServiceDeps, code: FoundCode, local: CatalogFinding, o: FindOptions): Finding | Promise<Finding> {
  if (local.unsure.length === 0) return local.finding;
  const live = deps.live;
  if (o.live && live !== null) return live.lookup(code, o.providers, local.unsure).then((answer) => settled(code, local, answer));
  const why = `: ${local.held.join(", ")}'s in the catalog; ${listed(local.unsure)} not crawled whole, and not asked live, so whether they hold it too is unknown`;
  return ambiguousSellers(code, [...local.held, ...local.unsure], why);
}

/** The titles of a content id among `providers` (null: every provider with records), in that order. */
export function titlesByContentId(deps: ServiceDeps, contentId: string, providers: string[] | null): Title[] {
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

/**
 * A text's titles from the live providers' search, for a text the catalog has none for: the
 * first provider in `providers` order (null: the configured order) whose search answers, at
 * most `limit` of its titles (written through). Every face's text search asks live this way:
 * findTitles' below, and /query's, which searches the catalog itself (with its filters, sort
 * and pages) before.
 */
export async function searchLive(deps: ServiceDeps, text: string, o: { providers: string[] | null; sort: SortKey; limit: number }): Promise<Title[]> {
  if (!deps.live) return [];
  const live = await deps.live.search(text, o.sort, o.providers);
  return live.records.slice(0, o.limit).map(fromLive);
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
  if (!o.live) return none;
  const live = await searchLive(deps, text, { providers: o.providers, sort: "relevance", limit });
  return live.length > 0 ? { status: "found", titles: live, read: null } : none;
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
  if (local !== null) return weighed(deps, code!, local, o);
  const byId = isContentIdText(trimmed.toLowerCase()) ? titlesByContentId(deps, trimmed, o.providers) : [];
  if (byId.length > 0) return { status: "found", titles: byId, read: code };
  if (code === null) return textFinding(deps, q, o);
  const live = deps.live;
  if (!o.live || live === null) return { status: "none", read: code, reason: `${code.dvdId} is not in the catalog` };
  if (!live.serves(code))
    return { status: "none", read: code, reason: `${code.dvdId} is not in the catalog, and no live provider serves its sellers (${listed(sellersOf(code))})` };
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
  const unstored = deps.live?.unstoredAnswer(contentId, providers);
  if (unstored !== undefined) return fromLive(unstored);
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

/** What the catalog knows of codes and labels, for reading names that hold more than one candidate. */
export function catalogKnowledge(db: Db): CodeKnowledge {
  return {
    hasCode: (code) => lookupCandidates(code).some((dvdId) => hasDvdId(db, dvdId)),
    hasLabel: (label) => hasLabel(db, label),
  };
}
