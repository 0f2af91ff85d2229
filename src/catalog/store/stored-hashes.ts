import Database from "better-sqlite3";

/** What the catalog holds of a title, for a bulk writer to tell whether it changed. */
export interface StoredTitle {
  id: number;
  /** The record's hash (movies-write.ts). */
  hash: string;
  /** import-dump's digest of the rows the record came from; null when another path wrote it. */
  sourceHash: string | null;
}

/**
 * The hashes a catalog file holds, read on another thread than the writer's
 * (import-dump's record builders, over their own read-only connection): a title whose
 * source rows or new record hash as stored is left out before it is parsed, or before
 * its index text is derived and posted. WAL keeps these reads on the last committed
 * state while the import writes.
 */
export class StoredHashes {
  private readonly db: Database.Database;
  private readonly find: Database.Statement<[string, string, string], [string, number, string, string | null]>;
  private readonly sources: Database.Statement<[string, string, string], string | null>;
  private readonly any: Database.Statement<[string, string, string | null, string | null], number | null>;

  private constructor(path: string) {
    this.db = new Database(path, { readonly: true, fileMustExist: true });
    // A range of the (provider, content_id) index: one statement per batch of titles in
    // content_id order instead of one per title (a lookup each was a noticeable part of a builder's time).
    this.find = this.db
      .prepare<[string, string, string], [string, number, string, string | null]>(
        "SELECT content_id, id, hash, source_hash FROM movies WHERE provider = ? AND content_id BETWEEN ? AND ?",
      )
      .raw();
    // One string for a whole range, joined in SQLite: reading 400 titles' ids and hashes as
    // strings, to compare them one by one, was a tenth of a refresh's work. The rows come
    // in the order of the index (content id); were they not, the strings would differ and
    // the titles be compared one by one: never a wrong answer. (An ORDER BY sorted them
    // again, at the cost of the whole query.)
    this.sources = this.db
      .prepare<[string, string, string], string | null>(
        `SELECT group_concat(length(content_id) || ' ' || content_id || source_hash, '')
         FROM movies INDEXED BY movies_provider_content_id WHERE provider = ? AND content_id BETWEEN ? AND ?`,
      )
      .pluck();
    this.any = this.db
      .prepare<[string, string, string | null, string | null], number | null>(
        "SELECT 1 FROM movies WHERE provider = ? AND content_id >= ? AND (? IS NULL OR content_id <= ?) LIMIT 1",
      )
      .pluck();
  }

  /** Whether the catalog has none of the provider's titles with a content id in [first, last] (last null: no end). */
  noneBetween(provider: string, first: string, last: string | null): boolean {
    return this.any.get(provider, first, last, last) === undefined;
  }

  /** A reader of the catalog at `path`, or null when it cannot be opened (the titles are then all prepared, as before). */
  static open(path: string): StoredHashes | null {
    try {
      return new StoredHashes(path);
    } catch {
      return null;
    }
  }

  /** The provider's titles whose content id is in [first, last], by content id. */
  between(provider: string, first: string, last: string): Map<string, StoredTitle> {
    const out = new Map<string, StoredTitle>();
    for (const [cid, id, hash, sourceHash] of this.find.all(provider, first, last)) out.set(cid, { id, hash, sourceHash });
    return out;
  }

  /**
   * Whether the provider's titles with a content id in [first, last] are exactly these
   * (content id and source hash, in content id order), source hashes included. A range
   * where any title differs, is missing or has no source hash answers false.
   */
  sameSources(provider: string, first: string, last: string, titles: readonly (readonly [contentId: string, sourceHash: string])[]): boolean {
    let expected = "";
    for (const [cid, source] of titles) expected += `${cid.length} ${cid}${source}`;
    return this.sources.get(provider, first, last) === expected;
  }

  close(): void {
    this.db.close();
  }
}
