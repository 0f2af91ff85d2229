import { randomDocs, type CatalogFilter, type RecordDoc } from "../catalog/index.js";
import type { ServiceDeps } from "./deps.js";

/** /random: `num` distinct records drawn uniformly from those the filter matches (see catalog randomDocs). */
export function randomRecords(deps: ServiceDeps, num: number, filter: CatalogFilter, random: () => number = Math.random): RecordDoc[] {
  return randomDocs(deps.db, num, filter, random);
}
