import type { Statement } from "better-sqlite3";
import type Database from "better-sqlite3";
import type { DimensionTable, StagedRow } from "./dump-tables.js";

/**
 * One dimension table of the staging file, for the joins of StagedVideos. Its ids'
 * digests are what a refresh needs (a video's source hash), its full rows only what a
 * changed video needs. A small table (makers, labels, categories, directors: thousands
 * of rows) is held in memory: its digests from the start, its rows from the first
 * join; a big one (actresses, series: hundreds of thousands) is read per batch, for
 * just the ids the batch needs, so each worker thread's memory stays flat.
 */
export class Dimension {
  private readonly digests: Map<string, string> | null = null;
  private all: Map<string, StagedRow> | null = null;
  private readonly someDigests: Statement | null = null;
  private readonly someRows: Statement | null = null;

  constructor(
    private readonly db: Database.Database,
    private readonly table: DimensionTable,
    inMemory: number,
  ) {
    const count = db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    if (count <= inMemory) {
      this.digests = new Map(db.prepare(`SELECT id, row_hash FROM ${table}`).raw().all() as [string, string][]);
    } else {
      this.someDigests = db.prepare(`SELECT d.id, d.row_hash FROM json_each(?) j JOIN ${table} d ON d.id = j.value`).raw();
      this.someRows = db.prepare(`SELECT d.* FROM json_each(?) j JOIN ${table} d ON d.id = j.value`);
    }
  }

  /** The digests of the ids `wanted` gives that the table has (when it is in memory: every id's, without asking). */
  refs(wanted: () => Set<string>): ReadonlyMap<string, string> {
    if (this.digests) return this.digests;
    const ids = wanted();
    return new Map(ids.size === 0 ? [] : (this.someDigests!.all(JSON.stringify([...ids])) as [string, string][]));
  }

  /** The rows of these ids that the table has. */
  rows(ids: Set<string>): ReadonlyMap<string, StagedRow> {
    if (this.digests) {
      if (this.all === null) {
        this.all = new Map();
        for (const row of this.db.prepare(`SELECT * FROM ${this.table}`).iterate() as Iterable<StagedRow>) this.all.set(row.id as string, row);
      }
      return this.all;
    }
    const out = new Map<string, StagedRow>();
    if (ids.size > 0) for (const row of this.someRows!.all(JSON.stringify([...ids])) as StagedRow[]) out.set(row.id as string, row);
    return out;
  }
}
