/**
 * What the catalog knows of a code: its titles, and whether that settles who sells it. A code
 * of several sellers (010120_001: 1pondo's, Caribbeancom Premium's, Pacopacomama's or
 * Muramura's) held by one of them in the catalog is that one's only when each other seller is
 * known not to hold it: its catalog was crawled whole (a provider of it finished a crawl of
 * its site), or its live providers say so. Otherwise the answer waits on them, or is
 * ambiguous: a catalog that holds one seller's copy because a query named that seller, or
 * because the other sites have not been crawled yet, says nothing of the others.
 */
import { findByDvdId, getProviderState, type StoredMovie } from "../../catalog/index.js";
import { lookupCandidates, parseCode, sellersOf, type FoundCode, type Seller } from "../../codes/index.js";
import { PROVIDERS, sellersOfProvider } from "../../providers/registry.js";
import type { ServiceDeps } from "../deps.js";
import { type Finding, fromCatalog } from "./title.js";

/** The catalog's finding for a code: the sellers that hold it there, and those it cannot speak for (to ask live, else ambiguous). */
export interface CatalogFinding {
  finding: Finding;
  held: Seller[];
  unsure: Seller[];
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

const listed = (names: readonly string[]) => names.join(", ");

/** A seller's own spelling of a code in a name, for the message (its provider's name before the code). */
const namedExample = (code: FoundCode, seller: string) => `${seller}_${code.dvdId}`;

export function ambiguousSellers(code: FoundCode, sellers: readonly string[], why = ""): Finding {
  const own = sellers.filter((s) => s !== "dmm");
  const hint = own.length > 0 ? `name the studio in the query (${namedExample(code, own[0])}, say) or ask with providers=` : "ask with providers=";
  return {
    status: "ambiguous",
    read: code,
    candidates: [...sellers],
    reason: `${code.dvdId} is a title of more than one seller (${listed(sellers)})${why}: ${hint}`,
  };
}

/** The code's sellers that `providers` (null: all) reach; a provider the registry does not know reaches none. */
function sellersAsked(code: FoundCode, providers: string[] | null): readonly Seller[] {
  const sellers = sellersOf(code);
  return providers === null ? sellers : sellers.filter((s) => providers.some((p) => sellersOfProvider(p).includes(s)));
}

/** Whether a seller's whole catalog is in ours: a provider of it whose crawl takes the whole catalog finished one. */
function crawledWhole(deps: ServiceDeps, seller: Seller): boolean {
  return PROVIDERS.some(
    (p) => p.sellers.includes(seller) && p.incremental === true && p.partialCrawl !== true && getProviderState(deps.db, p.name)?.completeAt != null,
  );
}

/**
 * The catalog's titles of a code among `providers`, in the spellings sources disagree on;
 * ambiguous when two of its sellers hold it. A row of another seller of the code's shape, one
 * the name rules out (Pacopacomama's 010120_001 for `1pondo_010120_001`), is another title;
 * a row of a provider none of whose sellers write the shape (an import's; DMM's data of a
 * HEYZO code) answers, but speaks for no seller. A catalog hit is the common path of every face: one pass over the code's few
 * rows, a sort only when there are several, and the other sellers weighed only for a code
 * that has several.
 */
export function catalogFinding(deps: ServiceDeps, code: FoundCode, providers: string[] | null): CatalogFinding | null {
  const sellers = sellersOf(code);
  // Those of the code's shape, before a name narrowed them (in its kind or its studio): a seller the name rules out holds another title.
  let shape: readonly Seller[] | null = null;
  const ofShape = (own: readonly Seller[]) => own.some((s) => (shape ??= sellersOf(parseCode(code.dvdId) ?? code)).includes(s));
  for (const dvdId of lookupCandidates(code)) {
    const kept: StoredMovie[] = [];
    const held: Seller[] = [];
    for (const r of findByDvdId(deps.db, dvdId)) {
      if (providers !== null && !providers.includes(r.provider)) continue;
      const own = sellersOfProvider(r.provider);
      const seller = own.find((s) => sellers.includes(s));
      if (seller === undefined && own.length > 0 && ofShape(own)) continue;
      if (seller !== undefined && !held.includes(seller)) held.push(seller);
      kept.push(r);
    }
    if (kept.length === 0) continue;
    if (held.length > 1) return { finding: ambiguousSellers(code, held), held, unsure: [] };
    const titles = kept.length === 1 ? [fromCatalog(kept[0])] : ordered(kept, deps.config.serviceCodeOrder, providers).map(fromCatalog);
    const asked = held.length === 0 ? [] : sellersAsked(code, providers);
    const unsure = asked.length < 2 ? [] : asked.filter((s) => !held.includes(s) && !crawledWhole(deps, s));
    return { finding: { status: "found", titles, read: code }, held, unsure };
  }
  return null;
}
