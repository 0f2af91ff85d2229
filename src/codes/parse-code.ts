import { findCode } from "./find-code.js";
import { normalizeContentId } from "./content-id.js";
import { padNumber } from "./number.js";
import type { ParsedCode } from "./types.js";

/**
 * Any user spelling of a code (query, file name, path, DMM content id) -> canonical
 * dvdId, or null when no code can be read with confidence. Never throws. The same
 * reader as findCode, without a catalog to ask and without the part.
 */
export function parseCode(input: string): ParsedCode | null {
  const found = findCode(input);
  return found && { dvdId: found.dvdId, kind: found.kind, censored: found.censored };
}

export function isCodeLike(input: string): boolean {
  return parseCode(input) !== null;
}

/**
 * The usual digital content id for a dvdId (ABP-123 -> abp00123, 259LUXU-1234 ->
 * 259luxu01234). Only a lookup hint: the real id may carry maker digits or suffixes.
 */
export function dvdIdToContentIdGuess(dvdId: string): string {
  const parsed = parseCode(dvdId);
  if (parsed === null) return normalizeContentId(dvdId).replace(/[^a-z0-9_]/g, "");
  const id = parsed.dvdId.toLowerCase();
  switch (parsed.kind) {
    case "standard":
    case "amateur":
    case "heyzo": {
      const cut = id.lastIndexOf("-");
      return `${id.slice(0, cut)}${padNumber(id.slice(cut + 1), 5)}`;
    }
    case "fc2":
      return id.replace(/-/g, "");
    default:
      return id;
  }
}
