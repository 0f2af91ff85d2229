/**
 * A tiny seeded PRNG (mulberry32) that is re-keyed per record from (seed, index),
 * so record i never depends on how many records came before it: batches of any
 * size produce the same records as one long run.
 */

/** murmur3's 32-bit finalizer: spreads every input bit over the whole state. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const TWO_POW_32 = 4294967296;

/** Mixes a list of non-negative integers (up to 2^53) into one 32-bit hash. */
export function hashInts(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const v of values) {
    const lo = v >>> 0;
    const hi = Math.floor(v / TWO_POW_32) >>> 0;
    h = fmix32(Math.imul(h ^ lo, 0x27d4eb2f) + 0x165667b1);
    h = fmix32(Math.imul(h ^ hi, 0x27d4eb2f) + 0x165667b1);
  }
  return h;
}

export class SampleRng {
  private state = 0;

  /** Positions the generator at the start of record `index`'s stream. */
  reset(seed: number, index: number): void {
    this.state = hashInts(seed, index) | 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / TWO_POW_32;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform integer in [min, max]. */
  range(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Float in [0, 1) skewed towards 0: r^power for power 1 (uniform), 1.5 or 2. */
  skewed(power: 1 | 1.5 | 2): number {
    const r = this.next();
    // Not `**`: Math.pow may round differently between engines; * and sqrt are exact.
    return power === 1 ? r : power === 2 ? r * r : r * Math.sqrt(r);
  }

  /**
   * `k` distinct indexes in [0, n), skewed towards small ones by `power`.
   * Rejection sampling: k is tiny compared with n.
   */
  distinct(k: number, n: number, power: 1 | 1.5 | 2 = 1): number[] {
    const out: number[] = [];
    while (out.length < k) {
      const v = Math.floor(this.skewed(power) * n);
      if (!out.includes(v)) out.push(v);
    }
    return out;
  }
}
