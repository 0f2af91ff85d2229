/**
 * The DMM Affiliate API v3 ItemList over the simulator's catalog: credentials, hits
 * (1..100), offset (1..maxOffset), sort (rank, date, review, match), cid, keyword
 * (every space-separated term a case-insensitive substring of the code, content id or
 * a title), gte_date / lte_date (`YYYY-MM-DDTHH:MM:SS`, compared with the item's
 * `date`, which the simulator sets to 10:00:00 of the release day). Invalid requests get
 * the API's error envelope with HTTP 400.
 */
import type { IngestRecord } from "../../src/model/record.js";
import { canonicalCode, itemDateTime, type FanzaSort, type SimCatalog } from "./catalog.js";
import { renderFanzaEnvelope, renderFanzaError, renderFanzaItem } from "./render-fanza.js";

const SORTS: readonly FanzaSort[] = ["rank", "date", "review", "match"];
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const MAX_HITS = 100;

function intParam(params: URLSearchParams, name: string, fallback: number, max: number, errors: { name: string; message: string }[]): number {
  const raw = params.get(name);
  if (raw === null) return fallback;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= max)) errors.push({ name, message: `${name} must be an integer within 1..${max}` });
  return n;
}

/** A simulated JSON answer: its status and the value sent as JSON. */
export interface JsonAnswer {
  status: number;
  json: unknown;
}

export function itemList(catalog: SimCatalog, params: URLSearchParams, maxOffset: number): JsonAnswer {
  const parameters = Object.fromEntries(params);
  const errors: { name: string; message: string }[] = [];
  for (const name of ["api_id", "affiliate_id", "site"]) {
    if (!params.get(name)) errors.push({ name, message: `${name} is required` });
  }
  const site = params.get("site");
  if (site && site !== "FANZA" && site !== "DMM.com") errors.push({ name: "site", message: "site must be FANZA or DMM.com" });
  const hits = intParam(params, "hits", 20, MAX_HITS, errors);
  const offset = intParam(params, "offset", 1, maxOffset, errors);
  const sort = (params.get("sort") ?? "rank") as FanzaSort;
  if (!SORTS.includes(sort)) errors.push({ name: "sort", message: `sort must be one of ${SORTS.join(", ")}` });
  const gte = params.get("gte_date");
  const lte = params.get("lte_date");
  for (const [name, v] of [
    ["gte_date", gte],
    ["lte_date", lte],
  ] as const) {
    if (v !== null && !DATE_TIME.test(v)) errors.push({ name, message: `${name} must be YYYY-MM-DDTHH:MM:SS` });
  }
  if (errors.length > 0) return { status: 400, json: renderFanzaError(parameters, errors) };

  // The simulated catalog is one floor: FANZA digital/videoa.
  const service = params.get("service");
  const floor = params.get("floor");
  const onFloor = site === "FANZA" && (service === null || service === "digital") && (floor === null || floor === "videoa");

  let matches: IngestRecord[] = [];
  if (onFloor) {
    const cid = params.get("cid");
    const terms = (params.get("keyword") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    let base: readonly IngestRecord[];
    if (cid !== null) base = [catalog.byContentId(cid)].filter((r): r is IngestRecord => r !== undefined);
    else if (sort === "date" || sort === "match") base = catalog.dateRange(gte, lte);
    else base = catalog.ordered(sort);
    matches = base.filter((r) => {
      const at = itemDateTime(r);
      if (gte !== null && at < gte) return false;
      if (lte !== null && at > lte) return false;
      return terms.every((t) => catalog.haystack(r).includes(t));
    });
    if (sort === "match" && terms.length > 0) {
      // An exact code first, then the rest newest first.
      const exact = canonicalCode(terms.join(" "));
      const first = matches.filter((r) => catalog.canonical(r) === exact);
      matches = [...first, ...matches.filter((r) => !first.includes(r))];
    }
  }
  const page = matches.slice(offset - 1, offset - 1 + hits);
  const affiliateId = params.get("affiliate_id") ?? undefined;
  return {
    status: 200,
    json: renderFanzaEnvelope({
      parameters,
      totalCount: matches.length,
      firstPosition: offset,
      items: page.map((r) => renderFanzaItem(r, { affiliateId })),
    }),
  };
}
