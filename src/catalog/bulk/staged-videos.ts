/**
 * The staging database of `import-dump`, read back (see staging-db.ts): batches of
 * videos in content_id order with their joined rows, possibly on several threads,
 * each with its own connection.
 */

import type { Statement } from "better-sqlite3";
import Database from "better-sqlite3";
import {
  type BatchStart,
  DIMENSIONS,
  type DimensionTable,
  LINKS,
  type LinkTable,
  STAGED_VIDEO_COLUMNS,
  type StagedRow,
  type StagedVideo,
} from "./dump-tables.js";

/** Dimension tables up to this many rows are held in memory by each reader; bigger ones are read per batch. */
const DIMENSION_IN_MEMORY = 50_000;

const V_MAKER = STAGED_VIDEO_COLUMNS.indexOf("maker_id");
const V_LABEL = STAGED_VIDEO_COLUMNS.indexOf("label_id");
const V_SERIES = STAGED_VIDEO_COLUMNS.indexOf("series_id");

/**
 * One dimension table for the joins. Small ones (makers, labels, categories,
 * directors: thousands of rows) are held in a Map; a big one (actresses, series:
 * hundreds of thousands) is read per batch, for just the ids the batch needs, so
 * each worker thread's memory stays flat.
 */
class Dimension {
  private readonly all: Map<string, StagedRow> | null = null;
  private readonly some: Statement | null = null;

  constructor(db: Database.Database, table: DimensionTable, inMemory: number) {
    const count = db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    if (count <= inMemory) {
      this.all = new Map();
      for (const row of db.prepare(`SELECT * FROM ${table}`).iterate() as Iterable<StagedRow>) this.all.set(row.id as string, row);
    } else {
      this.some = db.prepare(`SELECT d.* FROM json_each(?) j JOIN ${table} d ON d.id = j.value`);
    }
  }

  /** The rows of these ids that the table has. */
  rows(ids: Set<string>): Map<string, StagedRow> {
    const out = new Map<string, StagedRow>();
    if (this.all) {
      for (const id of ids) {
        const row = this.all.get(id);
        if (row) out.set(id, row);
      }
    } else if (ids.size > 0) {
      for (const row of this.some!.all(JSON.stringify([...ids])) as StagedRow[]) out.set(row.id as string, row);
    }
    return out;
  }
}

/** Links of one batch: the linked ids of each content_id, in link order. */
type BatchLinks = Map<string, string[]>;

/**
 * Reads a finished staging file: batches of videos in content_id order, each video
 * with its joined rows. A batch costs one range query per table on content_id and
 * one lookup per dimension, whatever its size.
 */
export class StagedVideos {
  private readonly db: Database.Database;
  private readonly dims: Record<DimensionTable, Dimension>;
  private readonly page: Statement;
  private readonly links: Record<LinkTable, Statement>;
  /** Links of the videos read so far whose id has no row in its table (left out), by link table. */
  readonly dangling: Record<LinkTable, number> = { derived_video_actress: 0, derived_video_category: 0, derived_video_director: 0 };

  /** `dimensionsInMemory`: the row count up to which a dimension table is held in memory. */
  constructor(path: string, { dimensionsInMemory = DIMENSION_IN_MEMORY } = {}) {
    this.db = new Database(path, { readonly: true, fileMustExist: true });
    // Batches read a few hundred videos' rows each, in content_id order: a small cache will do.
    this.db.pragma("cache_size = -16384");
    this.dims = Object.fromEntries((Object.keys(DIMENSIONS) as DimensionTable[]).map((t) => [t, new Dimension(this.db, t, dimensionsInMemory)])) as Record<
      DimensionTable,
      Dimension
    >;
    const v = STAGED_VIDEO_COLUMNS.join(", ");
    this.page = this.db.prepare(`SELECT rowid, line, ${v} FROM derived_video WHERE (content_id, rowid) > (?, ?) ORDER BY content_id, rowid LIMIT ?`).raw();
    this.links = Object.fromEntries(
      (Object.keys(LINKS) as LinkTable[]).map((t) => [
        t,
        this.db.prepare(`SELECT content_id, links FROM ${t} WHERE content_id BETWEEN ? AND ? ORDER BY content_id, rowid`).raw(),
      ]),
    ) as Record<LinkTable, Statement>;
  }

  /** The `size` staged videos after `start`, in content_id order (a repeated content_id once per row). */
  batch(start: BatchStart, size: number): StagedVideo[] {
    const rows = this.page.all(start[0], start[1], size) as unknown[][];
    if (rows.length === 0) return [];
    const width = STAGED_VIDEO_COLUMNS.length;
    const videos = rows.map((r) => r.slice(2, 2 + width) as (string | null)[]);
    const first = videos[0][0] as string;
    const last = videos[videos.length - 1][0] as string;
    const links = {
      actresses: this.linksOf("derived_video_actress", first, last),
      categories: this.linksOf("derived_video_category", first, last),
      directors: this.linksOf("derived_video_director", first, last),
    };
    const idsOf = (column: number) => new Set(videos.flatMap((v) => (v[column] === null ? [] : [v[column] as string])));
    const makers = this.dims.derived_maker.rows(idsOf(V_MAKER));
    const labels = this.dims.derived_label.rows(idsOf(V_LABEL));
    const series = this.dims.derived_series.rows(idsOf(V_SERIES));
    const actresses = this.resolve("derived_video_actress", links.actresses);
    const categories = this.resolve("derived_video_category", links.categories);
    const directors = this.resolve("derived_video_director", links.directors);
    return rows.map((r, i) => {
      const video = videos[i];
      const cid = video[0] as string;
      return {
        rowid: r[0] as number,
        line: r[1] as number,
        video,
        maker: makers.get(video[V_MAKER] as string) ?? null,
        label: labels.get(video[V_LABEL] as string) ?? null,
        series: series.get(video[V_SERIES] as string) ?? null,
        actresses: actresses.get(cid) ?? [],
        categories: categories.get(cid) ?? [],
        directors: directors.get(cid) ?? [],
      };
    });
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** The linked ids of the content_ids in [first, last], in link order (rows packed as `id:order,...` or `id,...`). */
  private linksOf(table: LinkTable, first: string, last: string): BatchLinks {
    const ordered = LINKS[table].order !== null;
    const byCid: BatchLinks = new Map();
    for (const [cid, packed] of this.links[table].all(first, last) as [string, string][]) {
      const list = byCid.get(cid);
      if (list) list.push(...packed.split(","));
      else byCid.set(cid, packed.split(","));
    }
    if (!ordered) return byCid;
    for (const [cid, list] of byCid) {
      // Ordinality, then file order; links without one go last.
      const keyed = list.map((l, i) => {
        const colon = l.indexOf(":");
        return { id: l.slice(0, colon), ord: colon === l.length - 1 ? Infinity : Number(l.slice(colon + 1)), i };
      });
      keyed.sort((a, b) => (a.ord === b.ord ? a.i - b.i : a.ord < b.ord ? -1 : 1));
      byCid.set(
        cid,
        keyed.map((k) => k.id),
      );
    }
    return byCid;
  }

  /** The linked rows, per content_id; links to ids the dump lacks are counted and left out. */
  private resolve(table: LinkTable, links: BatchLinks): Map<string, StagedRow[]> {
    const ids = new Set<string>();
    for (const list of links.values()) for (const id of list) ids.add(id);
    const rows = this.dims[LINKS[table].dimension].rows(ids);
    const out = new Map<string, StagedRow[]>();
    for (const [cid, list] of links) {
      const found: StagedRow[] = [];
      for (const id of list) {
        const row = rows.get(id);
        if (row) found.push(row);
        else this.dangling[table]++;
      }
      out.set(cid, found);
    }
    return out;
  }
}
