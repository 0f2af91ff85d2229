/**
 * Never another title: a provider answers for the id it was asked, and a record or page that
 * names another id (a redirect to another title, a stale answer) is a failure of the source,
 * never that title filed under the asked id, nor a "no match" that hides it.
 */
import { parseCode } from "../codes/index.js";
import type { IngestRecord } from "../model/record.js";
import { ProviderParseError } from "./errors.js";

/** An id's canonical code as src/codes reads it, else the id itself. */
export const canonicalCode = (id: string): string => parseCode(id)?.dvdId ?? id;

/** Whether two ids name one title: their canonical codes agree. */
export const sameTitle = (a: string, b: string): boolean => canonicalCode(a.trim()) === canonicalCode(b.trim());

/** The record when it is the title asked for; a ProviderParseError naming both ids otherwise. */
export function ownTitle(provider: string, asked: string, record: IngestRecord): IngestRecord {
  if (!sameTitle(record.record.contentId, asked)) {
    throw new ProviderParseError(provider, `asked for ${asked}, the source answered with ${record.record.contentId}`);
  }
  return record;
}
