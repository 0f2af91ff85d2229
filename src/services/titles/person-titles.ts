import { EMPTY_FILTER, foldName, getMoviesByIds, searchTitleIds } from "../../catalog/index.js";
import type { ServiceDeps } from "../deps.js";
import { fromCatalog, type Title } from "./title.js";

/**
 * The titles a person appears in (by her name in English or Japanese, exactly), newest first;
 * on a search worker when there are some (a name with thousands of titles must not hold the event loop).
 */
export async function titlesOfPerson(deps: ServiceDeps, name: string, providers: string[] | null, limit: number): Promise<Title[]> {
  const filter = { ...EMPTY_FILTER, names: [{ kind: "actress" as const, name: foldName(name) }], providers };
  const query = { text: "", dvdId: null, filter, sort: "release" as const, limit, offset: 0n };
  const { ids } = deps.pool ? await deps.pool.titleIds(query) : searchTitleIds(deps.db, query);
  return getMoviesByIds(deps.db, ids).map(fromCatalog);
}
