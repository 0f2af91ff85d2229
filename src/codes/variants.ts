import type { ParsedCode } from "./types.js";

/**
 * Spellings under which a catalog may hold the same title: sources disagree on
 * short numbers (`BSHD-16` vs `BSHD-016`), so a lookup tries the canonical code
 * first, then the same number padded to 3 or kept at 2 digits.
 */
export function lookupCandidates(code: ParsedCode): string[] {
  const out = [code.dvdId];
  if (code.kind !== "standard" && code.kind !== "amateur") return out;
  const m = /^(.*-)(\d+)$/.exec(code.dvdId);
  if (!m) return out;
  const n = String(Number(m[2]));
  if (n.length <= 3) out.push(m[1] + n.padStart(3, "0"));
  if (n.length <= 2) out.push(m[1] + n.padStart(2, "0"));
  return [...new Set(out)];
}
