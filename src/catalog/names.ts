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
