import { cleanInput } from "./clean-input.js";
import { normalizeContentId } from "./content-id.js";
import { padNumber } from "./number.js";
import { parseStandard } from "./standard.js";
import type { ParsedCode } from "./types.js";
import { parseUncensored } from "./uncensored.js";

/**
 * Any user spelling of a code (query, file name, DMM content id) -> canonical dvdId,
 * or null when the input is not code-like. Never throws.
 */
export function parseCode(input: string): ParsedCode | null {
  if (typeof input !== "string") return null;
  const core = cleanInput(input);
  if (core === "") return null;
  return parseUncensored(core) ?? parseStandard(core);
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
