/**
 * The titles a media server's plugin asks for (the MetaTube face, server/metatube):
 * by what it read from a file name, by a page URL, by provider and content id, or by
 * a person's name. The same catalog reads and live fallback as /movie and /query.
 */
import {
  catalogProviders,
  EMPTY_FILTER,
  findByContentId,
  foldName,
  findByDvdId,
  getMoviesByIds,
  type PageQuery,
  searchTitleIds,
  type StoredMovie,
} from "../catalog/index.js";
import { contentIdToDvdId, lookupCandidates, parseCode, readName } from "../codes/index.js";
import { AppError } from "../lib/errors.js";
import type { DetailedRecord } from "../model/record.js";
import { catalogKnowledge } from "./code-knowledge.js";
import type { ServiceDeps } from "./deps.js";
import { pickPreferred } from "./lookup-movie.js";

/** A title as a media server is told of it: from the catalog, or fresh from a live provider. */
export interface Title {
  /** The catalog's id of the title; null for one fresh from a live provider. */
  id: number | null;
  provider: string;
  record: DetailedRecord;
  /** The source's page of the title. */
  pageUrl: string;
  ratingAvg: number | null;
}

/** A catalog title, its record and page read when first used. */
export const fromCatalog = (m: StoredMovie): Title => ({
  id: m.id,
  provider: m.provider,
  get record() {
    return m.record;
  },
  get pageUrl() {
    return m.pageUrl;
  },
  ratingAvg: m.ratingAvg,
});

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
  const cid = decodeURIComponent(raw).trim().toLowerCase();
  return /^[a-z0-9_]{3,40}$/.test(cid) ? cid : null;
}

/** The titles of this content id among `providers` (null: every provider with records), in that order. */
export function titlesByContentId(deps: ServiceDeps, contentId: string, providers: string[] | null): Title[] {
  const cid = contentId.trim().toLowerCase();
  return (providers ?? catalogProviders(deps.db)).flatMap((p) => {
    const m = findByContentId(deps.db, p, cid);
    return m ? [fromCatalog(m)] : [];
  });
}

/** Every title of a code, the preferred service code first (SERVICE_CODE_ORDER), then the providers' order. */
function titlesOfCode(deps: ServiceDeps, dvdIds: string[], providers: string[] | null): Title[] {
  for (const dvdId of dvdIds) {
    let rows = findByDvdId(deps.db, dvdId);
    if (providers !== null) rows = rows.filter((r) => providers.includes(r.provider));
    const ordered: StoredMovie[] = [];
    while (rows.length > 0) {
      const best = pickPreferred(rows, deps.config.serviceCodeOrder, providers) as StoredMovie;
      ordered.push(best);
      rows = rows.filter((r) => r !== best);
    }
    if (ordered.length > 0) return ordered.map(fromCatalog);
  }
  return [];
}

/** One page of a search, on a search worker when there are some (a broad search must not hold the event loop). */
async function searchTitles(deps: ServiceDeps, query: PageQuery): Promise<Title[]> {
  const { ids } = deps.pool ? await deps.pool.titleIds(query) : searchTitleIds(deps.db, query);
  return getMoviesByIds(deps.db, ids).map(fromCatalog);
}

export interface FindOptions {
  /** Providers whose titles may answer (null: any), also the live fallback's order. */
  providers: string[] | null;
  /** Whether a catalog miss may ask the live providers. */
  fallback: boolean;
  /** Most titles a text search answers. */
  limit: number;
}

/**
 * What a plugin's search asks: q is a page URL (its title), else read as /movie reads
 * it (a code in any spelling, a file name, a content id): every title of that code;
 * else a text search. A catalog miss asks the live providers when `fallback` is on. A
 * name that holds two codes answers nothing.
 */
export async function findTitles(deps: ServiceDeps, q: string, o: FindOptions): Promise<Title[]> {
  const fromUrl = /^https?:\/\//i.test(q.trim()) ? contentIdInUrl(q.trim()) : null;
  if (fromUrl !== null) return titlesByContentId(deps, fromUrl, o.providers);
  if (/^https?:\/\//i.test(q.trim())) return [];
  const reading = readName(q, catalogKnowledge(deps.db));
  if (reading.reason === "ambiguous") return [];
  const code = reading.found;
  if (code) {
    const local = titlesOfCode(deps, lookupCandidates(code), o.providers);
    if (local.length > 0 || !o.fallback || !deps.live) return local;
    const live = await deps.live.lookup(code, o.providers);
    if (live.status === "found")
      return [{ id: null, provider: live.provider, record: live.record.record, pageUrl: live.record.pageUrl, ratingAvg: live.record.ratingAvg }];
    if (live.status === "failed") {
      const which = live.errors.map((e) => e.provider).join(", ");
      throw new AppError("UPSTREAM_FAILED", `${code.dvdId} is not in the catalog and ${which} failed to answer; retry later`);
    }
    return [];
  }
  const byId = /^[a-z0-9_]{3,40}$/i.test(q.trim()) ? titlesByContentId(deps, q, o.providers) : [];
  if (byId.length > 0) return byId;
  const text = q.normalize("NFKC").trim();
  if (text === "") return [];
  const filter = { ...EMPTY_FILTER, providers: o.providers };
  const found = await searchTitles(deps, { text, dvdId: null, filter, sort: "relevance", limit: o.limit, offset: 0n });
  if (found.length > 0 || !o.fallback || !deps.live) return found;
  const live = await deps.live.search(text, "relevance", o.providers);
  return live.records.slice(0, o.limit).map((r) => ({ id: null, provider: r.provider, record: r.record, pageUrl: r.pageUrl, ratingAvg: r.ratingAvg }));
}

/**
 * A title by its content id among `providers` (in that order). A catalog miss asks
 * those of them that are live providers, by the code the content id spells, when
 * `fallback` is on: the answer counts only if it is that content id.
 */
export async function titleById(deps: ServiceDeps, contentId: string, providers: string[], fallback: boolean): Promise<Title | null> {
  const local = titlesByContentId(deps, contentId, providers)[0];
  if (local !== undefined) return local;
  const live = deps.live;
  // Just answered live and not stored (a replica's answer): the plugin's next requests for it find it still.
  const unstored = live?.unstoredAnswer(contentId);
  if (unstored !== undefined && providers.includes(unstored.provider)) {
    return { id: null, provider: unstored.provider, record: unstored.record, pageUrl: unstored.pageUrl, ratingAvg: unstored.ratingAvg };
  }
  const askable = live ? providers.filter((p) => live.names().includes(p)) : [];
  const dvdId = contentIdToDvdId(contentId.trim().toLowerCase());
  const code = dvdId === null ? null : parseCode(dvdId);
  if (!fallback || !live || askable.length === 0 || code === null) return null;
  const found = await live.lookup(code, askable);
  if (found.status === "failed") {
    throw new AppError(
      "UPSTREAM_FAILED",
      `${contentId} is not in the catalog and ${found.errors.map((e) => e.provider).join(", ")} failed to answer; retry later`,
    );
  }
  if (found.status !== "found" || found.record.record.contentId !== contentId.trim().toLowerCase()) return null;
  return { id: null, provider: found.provider, record: found.record.record, pageUrl: found.record.pageUrl, ratingAvg: found.record.ratingAvg };
}

/**
 * A title again from its live provider (a plugin's "refresh"): the fresh copy when the
 * provider still has this content id, else the catalog's as it is.
 */
export async function refreshTitle(deps: ServiceDeps, title: Title): Promise<Title> {
  const code = parseCode(title.record.dvdId);
  if (!deps.live || code === null || !deps.live.names().includes(title.provider)) return title;
  const live = await deps.live.lookup(code, [title.provider]);
  if (live.status !== "found" || live.record.record.contentId !== title.record.contentId) return title;
  return {
    id: title.id,
    provider: live.provider,
    record: live.record.record,
    pageUrl: live.record.pageUrl,
    ratingAvg: live.record.ratingAvg ?? title.ratingAvg,
  };
}

/** The titles a person appears in (by her name in English or Japanese, exactly), newest first. */
export async function titlesOfPerson(deps: ServiceDeps, name: string, providers: string[] | null, limit: number): Promise<Title[]> {
  const filter = { ...EMPTY_FILTER, names: [{ kind: "actress" as const, name: foldName(name) }], providers };
  return searchTitles(deps, { text: "", dvdId: null, filter, sort: "release", limit, offset: 0n });
}
