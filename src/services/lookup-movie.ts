import { catalogProviders, closestTitleId, findByContentId, findByDvdId, getMovieById, type RecordJson, type StoredMovie } from "../catalog/index.js";
import { lookupCandidates, readName, type FoundCode, type ParsedCode } from "../codes/index.js";
import type { DetailedRecord } from "../model/record.js";
import { AppError } from "../lib/errors.js";
import { catalogKnowledge } from "./code-knowledge.js";
import type { ServiceDeps } from "./deps.js";

/** The code and part read from a q that was more than a bare code (a file name, a path, a code amid words). */
export interface CodeRead {
  code: string;
  part: number | null;
}

export interface MovieAnswer {
  q: string;
  source: string;
  /** The record; from the catalog, decoded only when read (resultJson usually serves instead). */
  readonly result: DetailedRecord;
  /** The record's JSON (UTF-8) as the response schema writes it, when the catalog has it ready; else null. */
  resultJson: RecordJson | null;
  /** What was read from q when q was a file name or held more than the code; sent in result.extra. */
  read: CodeRead | null;
}

function catalogAnswer(q: string, m: StoredMovie, read: CodeRead | null): MovieAnswer {
  return {
    q,
    source: m.provider,
    get result() {
      return m.record;
    },
    resultJson: m.recordJson?.() ?? null,
    read,
  };
}

function readOf(code: FoundCode | null): CodeRead | null {
  return code === null || code.exact ? null : { code: code.dvdId, part: code.part };
}

/** Among records of one code, the preferred service code first, then the `providers` order. */
export function pickPreferred(rows: StoredMovie[], serviceOrder: readonly string[], providers: string[] | null): StoredMovie | null {
  const allowed = providers === null ? rows : rows.filter((r) => providers.includes(r.provider));
  const rank = (list: readonly string[] | null, v: string) => {
    const i = list ? list.indexOf(v) : -1;
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return (
    [...allowed].sort(
      (a, b) =>
        rank(serviceOrder, a.serviceCode) - rank(serviceOrder, b.serviceCode) || rank(providers, a.provider) - rank(providers, b.provider) || a.id - b.id,
    )[0] ?? null
  );
}

const CONTENT_ID = /^[a-z0-9_]{3,40}$/;

/** The catalog's record of a code, in the spellings sources disagree on, the preferred service code first. */
export function findCodeInCatalog(deps: ServiceDeps, code: ParsedCode, providers: string[] | null): StoredMovie | null {
  for (const dvdId of lookupCandidates(code)) {
    const hit = pickPreferred(findByDvdId(deps.db, dvdId), deps.config.serviceCodeOrder, providers);
    if (hit) return hit;
  }
  return null;
}

/**
 * /movie: (1) the code read from q (a code, a file name, a path) matched exactly (by
 * canonical dvdId), or q as a content id; (2) the live fallback (when configured);
 * (3) a q without a code gets the best full-text match. A q with a code never
 * answers with another code.
 */
function lookupCatalog(deps: ServiceDeps, q: string, code: FoundCode | null, providers: string[] | null): StoredMovie | null {
  const hit = code ? findCodeInCatalog(deps, code, providers) : null;
  if (hit) return hit;
  const cid = q.trim().toLowerCase();
  if (CONTENT_ID.test(cid)) {
    for (const p of providers ?? catalogProviders(deps.db)) {
      const hit = findByContentId(deps.db, p, cid);
      if (hit) return hit;
    }
  }
  return null;
}

/**
 * Id of the title closest to a text q (see closestTextId: an exact title or name, then
 * the phrase in one field, then every word over code, titles, people and makers), or
 * null when none is close.
 */
export function bestTextMatchId(deps: ServiceDeps, q: string, providers: string[] | null): number | null {
  return closestTitleId(deps.db, q, providers);
}

async function bestTextMatch(deps: ServiceDeps, q: string, providers: string[] | null): Promise<StoredMovie | null> {
  const id = deps.pool ? await deps.pool.bestTextMatchId(q, providers) : bestTextMatchId(deps, q, providers);
  return id === null ? null : getMovieById(deps.db, id);
}

export async function lookupMovie(deps: ServiceDeps, q: string, providers: string[] | null): Promise<MovieAnswer> {
  const reading = readName(q, catalogKnowledge(deps.db));
  const code = reading.found;
  const local = lookupCatalog(deps, q, code, providers);
  if (local) return catalogAnswer(q, local, readOf(code));
  if (reading.reason === "ambiguous") {
    throw new AppError("NOT_FOUND", `"${q}" holds more than one code (${reading.candidates.join(", ")}); ask for one of them`);
  }
  if (!code) {
    const best = await bestTextMatch(deps, q, providers);
    if (best) return catalogAnswer(q, best, null);
    throw new AppError("NOT_FOUND", `no movie matches "${q}"`);
  }
  if (deps.live) {
    const live = await deps.live.lookup(code, providers);
    if (live.status === "found") return { q, source: live.provider, result: live.record.record, resultJson: null, read: readOf(code) };
    if (live.status === "failed") {
      const which = live.errors.map((e) => e.provider).join(", ");
      throw new AppError("UPSTREAM_FAILED", `${code.dvdId} is not in the catalog and ${which} failed to answer; retry later`);
    }
  }
  throw new AppError("NOT_FOUND", `no movie matches "${q}"`);
}
