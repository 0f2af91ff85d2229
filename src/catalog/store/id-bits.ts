/**
 * A set of movie ids as a bitset (bit `id` of the words): what an FTS expression
 * matches, as search/match-bits.ts reads it and the connection's caches (caches.ts) keep it.
 */
export class IdBits {
  constructor(
    readonly words: Uint32Array,
    readonly count: number,
  ) {}

  has(id: number): boolean {
    const w = id >>> 5;
    return w < this.words.length && (this.words[w] & (1 << (id & 31))) !== 0;
  }

  /** The ids in both (a new bitset; neither operand changes). */
  and(other: IdBits): IdBits {
    const n = Math.min(this.words.length, other.words.length);
    const out = new Uint32Array(n);
    let count = 0;
    for (let i = 0; i < n; i++) {
      const w = this.words[i] & other.words[i];
      out[i] = w;
      if (w !== 0) count += popcount(w);
    }
    return new IdBits(out, count);
  }
}

function popcount(w: number): number {
  w -= (w >>> 1) & 0x55555555;
  w = (w & 0x33333333) + ((w >>> 2) & 0x33333333);
  return (((w + (w >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
