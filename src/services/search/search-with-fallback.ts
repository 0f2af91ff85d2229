import { catalogProviders, isEmptyFilter, queryJson, type SortKey } from "../../catalog/index.js";
import { findCode, parseCode, sellersOf } from "../../codes/index.js";
import { sellersOfProvider } from "../../providers/registry.js";
import { toSearchResult, type SearchResult } from "../../model/search-result.js";
import type { ServiceDeps } from "../deps.js";
import { findTitles, searchLive, type Title } from "../titles/find-title.js";
import type { SearchAnswer, SearchInput } from "../search-pool/answers.js";
import { searchCatalog } from "./search-catalog.js";

/**
 * /query: the catalog first. When it has no match at all for a query without filters (its
 * providers aside): a q that is a code alone is found as /movie finds it (findTitles: the live
 * providers of its sellers), any other text is asked of the providers' search as every face
 * asks it (searchLive; the records are written through). A failing provider leaves the
 * catalog's (empty) answer standing. Apart from search-catalog.ts, which the search workers
 * load without the providers.
 */
export async function searchWithFallback(deps: ServiceDeps, asked: SearchInput): Promise<SearchAnswer> {
  const input = ownSellers(deps, asked);
  const local = deps.pool ? await deps.pool.search(input) : searchCatalog(deps, input);
  const { providers, ...rest } = input.filter;
  const unfiltered = isEmptyFilter({ ...rest, providers: null });
  if (local.total > 0 || !deps.live || local.body.query === "" || !unfiltered || input.page !== 1) return local;
  let titles: Title[];
  if (findCode(local.body.query)?.exact) {
    // The q as given: a studio named in it (1pondo 042922_001) narrows the code's sellers.
    const found = await findTitles(deps, input.q, { providers, live: true, text: "none" });
    titles = found.status === "found" ? found.titles : [];
  } else {
    const sort: SortKey = input.sort ?? "relevance";
    titles = await searchLive(deps, local.body.query, { providers, sort, limit: local.pageSize });
  }
  if (titles.length === 0) return local;
  const source = titles[0].provider;
  const results = titles.slice(0, local.pageSize).map((t) => toSearchResult(t.record, t.pageUrl));
  // One page, whole: its total is what it shows, so no `next` link points at a page 2 that
  // would come from the catalog (empty on a replica, which stores no live answer).
  return { ...local, body: { ...local.body, source, count: results.length, results }, total: results.length, lastPage: 1 };
}

/**
 * A q that is a code with its studio named (1pondo 042922_001) searches that studio's titles of
 * the code, not every seller's: the providers it reaches, and those the registry does not know
 * (an import's), which may be any seller's. Any other q as it is.
 */
function ownSellers(deps: ServiceDeps, input: SearchInput): SearchInput {
  const code = findCode(input.q);
  if (!code?.exact || code.site === null) return input;
  const sellers = sellersOf(code);
  const bare = parseCode(code.dvdId);
  if (bare === null || sellersOf(bare).length <= sellers.length) return input;
  const providers = (input.filter.providers ?? catalogProviders(deps.db)).filter((p) => {
    const own = sellersOfProvider(p);
    return own.length === 0 || own.some((s) => sellers.includes(s));
  });
  return { ...input, filter: { ...input.filter, providers } };
}

/**
 * The /query answer as it is sent: the envelope around each result's JSON bytes (catalog
 * queryJson: catalog titles come so); else, when some result is an object (a live
 * provider's), all as objects for the serialiser.
 */
export function queryBody(body: SearchAnswer["body"]): Buffer | SearchAnswer["body"] {
  const json = queryJson(body);
  if (json !== null) return json;
  const results = body.results.map((r) => (r instanceof Uint8Array ? (JSON.parse(Buffer.from(r).toString("utf8")) as SearchResult) : r));
  return { ...body, results };
}
