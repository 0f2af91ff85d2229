import { closestTitleId, type Db } from "../../catalog/index.js";

/**
 * Id of the title closest to a text q (see closestTextId: an exact title or name, then
 * the phrase in one field, then every word over code, titles, people and makers), or
 * null when none is close. Apart from find-title.ts, which the search workers do not load.
 */
export function bestTextMatchId(db: Db, q: string, providers: string[] | null): number | null {
  return closestTitleId(db, q, providers);
}
