import type { DetailedRecord, NameKind } from "./record.js";
import type { AltNames } from "./fts-fields.js";

/** Folding for exact, case-insensitive name filters. */
export function foldName(name: string): string {
  return name.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}

/** Every (kind, folded name) pair of a record, English and Japanese, without repeats. */
export function recordNames(record: DetailedRecord, alt: AltNames): [NameKind, string][] {
  const byKind: [NameKind, (string | null)[]][] = [
    ["actress", record.actresses],
    ["actor", record.actors],
    ["director", record.directors],
    ["author", record.authors],
    ["maker", record.makers],
    ["label", [record.label]],
    ["series", [record.series]],
    ["genre", record.categories],
  ];
  const seen = new Set<string>();
  const out: [NameKind, string][] = [];
  for (const [kind, names] of byKind) {
    for (const raw of [...names, ...(alt[kind] ?? [])]) {
      if (!raw) continue;
      const name = foldName(raw);
      if (name === "" || seen.has(kind + "\u0000" + name)) continue;
      seen.add(kind + "\u0000" + name);
      out.push([kind, name]);
    }
  }
  return out;
}

/** cyrb53: a fast 53-bit string hash (collisions among a catalog's names are negligible). */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * The FTS token standing for one exact filter value: letters and digits only, so
 * the tokenizer keeps it whole and no user text can spell it by accident.
 */
export function tagToken(kind: string, value: string): string {
  return "zz" + hash53(`${kind}\u0000${value}`).toString(36);
}

/** Tags of a record's names (the `tags` FTS column). */
export function recordTags(record: DetailedRecord, alt: AltNames): string {
  return recordNames(record, alt)
    .map(([kind, name]) => tagToken(kind, name))
    .join(" ");
}

/** Tags of the row's provider, site and censorship (SQL function catalog_tags). */
export function rowTags(provider: string, site: string, censored: number | boolean): string {
  return [tagToken("provider", provider), tagToken("site", foldName(site)), tagToken("censored", censored ? "1" : "0")].join(" ");
}
