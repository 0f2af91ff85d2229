import type { IngestRecord } from "../../model/record.js";

/**
 * Live answers that were not written through (a replica's, or when the catalog was busy or
 * full), kept this long and at most this many, so that what a client was just answered can be
 * asked for again by its content id (the MetaTube plugins' cover requests) in this process.
 */
const TTL_MS = 60 * 60_000;
const MAX = 1000;

export class UnstoredAnswers {
  private readonly kept = new Map<string, { record: IngestRecord; until: number }>();

  constructor(private readonly now: () => number) {}

  keep(records: readonly IngestRecord[]): void {
    const until = this.now() + TTL_MS;
    for (const r of records) {
      // Sellers share ids (1pondo's and Caribbeancom Premium's 042922_001): kept per provider.
      const id = `${r.provider}\u0000${r.record.contentId.toLowerCase()}`;
      this.kept.delete(id);
      this.kept.set(id, { record: r, until });
      if (this.kept.size > MAX) this.kept.delete(this.kept.keys().next().value!);
    }
  }

  /** A kept answer of the last hour: the first of `providers` with this content id. */
  get(contentId: string, providers: readonly string[]): IngestRecord | undefined {
    for (const provider of providers) {
      const id = `${provider}\u0000${contentId.trim().toLowerCase()}`;
      const kept = this.kept.get(id);
      if (kept === undefined) continue;
      if (kept.until > this.now()) return kept.record;
      this.kept.delete(id);
    }
    return undefined;
  }
}
