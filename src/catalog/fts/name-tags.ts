/**
 * Names as the FTS index's `tags` column holds them: folded for exact, case-insensitive
 * filters, and each (kind, name) pair as one token no user text can spell. Pure code,
 * shared by the index side (fts-fields.ts) and the filter side (search/filter-sql.ts).
 */
import type { DetailedRecord, NameKind } from "../../model/record.js";
import { foldName } from "../../people/names.js";

export { foldName };

/** A title's other spellings of its names, by kind (movie_docs.alt_names). */
export type AltNames = Partial<Record<NameKind, string[]>>;

const B32 = "0123456789abcdefghijklmnopqrstuv";

/**
 * The FTS token standing for one exact filter value: a cyrb53 hash (53 bits;
 * collisions among a catalog's names are negligible) written in base 32 by hand,
 * as Number#toString(36) is slow for numbers past 2^31. Letters and digits only,
 * so the tokenizer keeps it whole and no user text can spell it by accident.
 */
export function tagToken(kind: string, value: string): string {
  const text = kind + "\u0000" + value;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  let out = "zz";
  for (let shift = 0; shift < 32; shift += 5) out += B32[(h1 >>> shift) & 31];
  for (let shift = 0; shift < 21; shift += 5) out += B32[(h2 >>> shift) & 31];
  return out;
}

/**
 * Names repeat across a catalog (a few thousand people, makers, genres): tokens are
 * remembered, a map per kind (a key made by joining kind and name cost more than the
 * lookup it served).
 */
const tokenCache = new Map<NameKind, Map<string, string>>();
let cachedTokens = 0;

function cachedToken(kind: NameKind, raw: string): string | null {
  let byName = tokenCache.get(kind);
  if (byName === undefined) tokenCache.set(kind, (byName = new Map()));
  let token = byName.get(raw);
  if (token === undefined) {
    const name = foldName(raw);
    token = name === "" ? "" : tagToken(kind, name);
    if (cachedTokens >= 200_000) {
      for (const m of tokenCache.values()) m.clear();
      cachedTokens = 0;
    }
    byName.set(raw, token);
    cachedTokens++;
  }
  return token === "" ? null : token;
}

/** Tags of a record's names (the `tags` FTS column), each once. */
export function recordTags(record: DetailedRecord, alt: AltNames): string {
  const tokens: string[] = [];
  const add = (kind: NameKind, names: readonly (string | null)[] | undefined) => {
    if (!names) return;
    for (const raw of names) {
      if (!raw) continue;
      const t = cachedToken(kind, raw);
      // A record has a dozen names or so: a linear check beats building a Set.
      if (t !== null && !tokens.includes(t)) tokens.push(t);
    }
  };
  add("actress", record.actresses);
  add("actor", record.actors);
  add("director", record.directors);
  add("author", record.authors);
  add("maker", record.makers);
  if (record.label) add("label", [record.label]);
  if (record.series) add("series", [record.series]);
  add("genre", record.categories);
  for (const kind in alt) add(kind as NameKind, alt[kind as NameKind]);
  return tokens.join(" ");
}

const rowTagCache = new Map<string, string>();

/** Tags of the row's provider, site and censorship (a handful of combinations: remembered). */
export function rowTags(provider: string, site: string, censored: number | boolean): string {
  const key = `${provider}\u0000${site}\u0000${censored ? 1 : 0}`;
  let tags = rowTagCache.get(key);
  if (tags === undefined) {
    tags = [tagToken("provider", provider), tagToken("site", foldName(site)), tagToken("censored", censored ? "1" : "0")].join(" ");
    if (rowTagCache.size >= 10_000) rowTagCache.clear();
    rowTagCache.set(key, tags);
  }
  return tags;
}
