/** Stable numeric ids for names (actress id, maker id, ...): FNV-1a of the text, in a range. */
export function stableId(text: string, base: number, span: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return base + ((h >>> 0) % span);
}

/** `YYYY-MM-DD` of a record's `YYYY-MM-DDT00:00:00.000Z` release date. */
export function dayOf(releaseDate: string): string {
  return releaseDate.slice(0, 10);
}
