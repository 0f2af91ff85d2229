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
  type JoinedVideo,
  LINKS,
  type LinkTable,
  type StagedRef,
  type StagedRow,
  type StagedVideo,
  type StagedVideoText,
} from "./dump-tables.js";
import { Dimension } from "./staged-dimension.js";
import { sideFileOf } from "./staging-db.js";

/** Dimension tables up to this many rows are held in memory by each reader; bigger ones are read per batch. */
const DIMENSION_IN_MEMORY = 50_000;

/** A row of the page query: seq, content_id, block, row_hash, maker_id, label_id, series_id (then line, text for a whole page). */
type PageRow = [number, string, number, string, string | null, string | null, string | null, ...unknown[]];

/** Positions in a row of the page query. */
const V_MAKER = 4 as const;
const V_LABEL = 5 as const;
const V_SERIES = 6 as const;

/** Links of one batch: the linked ids of each content_id, in link order. */
type BatchLinks = Map<string, string[]>;

/**
 * The ids of `id:ordinality` links in ordinality order, then file order; links without
 * one go last. Most come in order already: they are then not sorted.
 */
function inOrder(links: string[]): string[] {
  const ids = new Array<string>(links.length);
  const ords = new Array<number>(links.length);
  let sorted = true;
  for (let i = 0; i < links.length; i++) {
    const l = links[i];
    const colon = l.indexOf(":");
    ids[i] = l.slice(0, colon);
    ords[i] = colon === l.length - 1 ? Infinity : Number(l.slice(colon + 1));
    if (i > 0 && ords[i] < ords[i - 1]) sorted = false;
  }
  if (sorted) return ids;
  const order = ids.map((_, i) => i).sort((a, b) => (ords[a] === ords[b] ? a - b : ords[a] < ords[b] ? -1 : 1));
  return order.map((i) => ids[i]);
}

/**
 * Reads a finished staging file: batches of videos in content_id order, each video
 * with the digests of the rows it links to. A batch costs one range query per table on
 * content_id and one lookup per big dimension, whatever its size. The linked rows
 * (join) and the videos' own rows (texts) are read apart, only for videos that changed.
 */
export class StagedVideos {
  private readonly db: Database.Database;
  private readonly dims: Record<DimensionTable, Dimension>;
  private readonly page: Statement;
  private readonly wholePage: Statement;
  private readonly text: Statement;
  private readonly links: Record<LinkTable, Statement>;
  /** Links of the videos read so far whose id has no row in its table (left out), by link table. */
  readonly dangling: Record<LinkTable, number> = { derived_video_actress: 0, derived_video_category: 0, derived_video_director: 0 };

  /** `dimensionsInMemory`: the row count up to which a dimension table is held in memory. */
  constructor(path: string, { dimensionsInMemory = DIMENSION_IN_MEMORY } = {}) {
    this.db = new Database(path, { readonly: true, fileMustExist: true });
    // The files no longer change: each statement would otherwise take and drop a file lock
    // and check the file for changes, which costs more than reading a video's row by rowid.
    this.db.pragma("locking_mode = EXCLUSIVE");
    this.db.prepare("ATTACH DATABASE ? AS v").run(sideFileOf(path, "videos"));
    this.db.prepare("ATTACH DATABASE ? AS l").run(sideFileOf(path, "links"));
    // Batches read a few hundred videos' rows each, in content_id order: a small cache will do.
    // The videos' own rows are read in another order than the file's, which no cache of a
    // reader's size would hold: its index is what the cache is for.
    this.db.pragma("cache_size = -16384");
    this.db.pragma("v.cache_size = -8192");
    this.db.pragma("l.cache_size = -8192");
    this.dims = Object.fromEntries((Object.keys(DIMENSIONS) as DimensionTable[]).map((t) => [t, new Dimension(this.db, t, dimensionsInMemory)])) as Record<
      DimensionTable,
      Dimension
    >;
    // Read from the covering index alone; the rows' text is read by texts().
    const page = (more: string) =>
      this.db
        .prepare(
          `SELECT seq, content_id, block, row_hash, maker_id, label_id, series_id${more} FROM v.derived_video INDEXED BY video_cid
           WHERE (content_id, seq) > (?, ?) ORDER BY content_id, seq LIMIT ?`,
        )
        .raw();
    this.page = page("");
    // The rows' own line and text too: from the table, beside the index (a batch that is all new needs them all).
    this.wholePage = page(", line, text");
    this.text = this.db.prepare("SELECT seq, line, block, text FROM v.derived_video WHERE seq IN (SELECT value FROM json_each(?))").raw();
    this.links = Object.fromEntries(
      (Object.keys(LINKS) as LinkTable[]).map((t) => [
        t,
        this.db.prepare(`SELECT content_id, links FROM l.${t} INDEXED BY ${t}_cid WHERE content_id BETWEEN ? AND ? ORDER BY content_id, seq`).raw(),
      ]),
    ) as Record<LinkTable, Statement>;
  }

  /**
   * The `size` staged videos after `start`, in content_id order (a repeated content_id
   * once per row), with the digests of the rows they link to.
   */
  batch(start: BatchStart, size: number): StagedVideo[] {
    return this.read(start, size, (dim, wanted) => {
      const digests = dim.refs(wanted);
      return (id) => {
        const digest = digests.get(id);
        return digest === undefined ? undefined : { id, row_hash: digest };
      };
    });
  }

  /**
   * The same videos as batch() with the rows they link to and their own rows (texts()),
   * all read in one pass: for a batch that is all new.
   */
  wholeBatch(start: BatchStart, size: number): { videos: JoinedVideo[]; texts: StagedVideoText[] } {
    const texts: StagedVideoText[] = [];
    const videos = this.read(
      start,
      size,
      (dim, wanted) => {
        const rows = dim.rows(wanted());
        return (id) => rows.get(id);
      },
      (row) => texts.push({ rowid: row[0], line: row[7] as number, block: row[2], text: row[8] as string }),
    );
    return { videos, texts };
  }

  /** These videos (of a batch) with the rows they link to. */
  join(videos: readonly StagedVideo[]): JoinedVideo[] {
    const rowsOf = (table: DimensionTable, refs: (v: StagedVideo) => (StagedRef | null)[]) => {
      const ids = new Set<string>();
      for (const v of videos) for (const r of refs(v)) if (r !== null) ids.add(r.id);
      const rows = this.dims[table].rows(ids);
      return (r: StagedRef) => rows.get(r.id) as StagedRow;
    };
    const maker = rowsOf("derived_maker", (v) => [v.maker]);
    const label = rowsOf("derived_label", (v) => [v.label]);
    const series = rowsOf("derived_series", (v) => [v.series]);
    const actress = rowsOf("derived_actress", (v) => v.actresses);
    const category = rowsOf("derived_category", (v) => v.categories);
    const director = rowsOf("derived_director", (v) => v.directors);
    return videos.map((v) => ({
      rowid: v.rowid,
      contentId: v.contentId,
      block: v.block,
      rowHash: v.rowHash,
      maker: v.maker && maker(v.maker),
      label: v.label && label(v.label),
      series: v.series && series(v.series),
      actresses: v.actresses.map(actress),
      categories: v.categories.map(category),
      directors: v.directors.map(director),
    }));
  }

  /** The staged rows of these videos (by rowid, in that order), as the dump has them. */
  texts(rowids: readonly number[]): StagedVideoText[] {
    const byRowid = new Map<number, StagedVideoText>();
    for (const [rowid, line, block, text] of this.text.all(JSON.stringify(rowids)) as [number, number, number, string][]) {
      byRowid.set(rowid, { rowid, line, block, text });
    }
    return rowids.map((rowid) => byRowid.get(rowid) as StagedVideoText);
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
    for (const [cid, list] of byCid) byCid.set(cid, inOrder(list));
    return byCid;
  }

  /**
   * A page of videos and their links; `lookup` gives, for a dimension and the ids the
   * page needs of it, what a video holds of a linked row (a digest or the row).
   */
  private read<R extends StagedRef | StagedRow>(
    start: BatchStart,
    size: number,
    lookup: (dim: Dimension, wanted: () => Set<string>) => (id: string) => R | undefined,
    whole?: (row: PageRow) => void,
  ): StagedVideo<R>[] {
    const videos = (whole ? this.wholePage : this.page).all(start[0], start[1], size) as PageRow[];
    if (videos.length === 0) return [];
    if (whole) for (const v of videos) whole(v);
    const first = videos[0][1];
    const last = videos[videos.length - 1][1];
    const idsOf = (column: 4 | 5 | 6) => () => {
      const ids = new Set<string>();
      for (const v of videos) if (v[column] !== null) ids.add(v[column] as string);
      return ids;
    };
    const maker = lookup(this.dims.derived_maker, idsOf(V_MAKER));
    const label = lookup(this.dims.derived_label, idsOf(V_LABEL));
    const series = lookup(this.dims.derived_series, idsOf(V_SERIES));
    const linked = (table: LinkTable) => this.resolve(table, this.linksOf(table, first, last), lookup);
    const actresses = linked("derived_video_actress");
    const categories = linked("derived_video_category");
    const directors = linked("derived_video_director");
    const one = (get: (id: string) => R | undefined, id: string | null) => (id === null ? null : (get(id) ?? null));
    return videos.map((video) => {
      const cid = video[1];
      return {
        rowid: video[0],
        contentId: cid,
        block: video[2],
        rowHash: video[3],
        maker: one(maker, video[V_MAKER]),
        label: one(label, video[V_LABEL]),
        series: one(series, video[V_SERIES]),
        actresses: actresses.get(cid) ?? [],
        categories: categories.get(cid) ?? [],
        directors: directors.get(cid) ?? [],
      };
    });
  }

  /** The linked rows (as `lookup` gives them), per content_id; links to ids the dump lacks are counted and left out. */
  private resolve<R>(
    table: LinkTable,
    links: BatchLinks,
    lookup: (dim: Dimension, wanted: () => Set<string>) => (id: string) => R | undefined,
  ): Map<string, R[]> {
    const get = lookup(this.dims[LINKS[table].dimension], () => {
      const ids = new Set<string>();
      for (const list of links.values()) for (const id of list) ids.add(id);
      return ids;
    });
    const out = new Map<string, R[]>();
    for (const [cid, list] of links) {
      const found: R[] = [];
      for (const id of list) {
        const row = get(id);
        if (row !== undefined) found.push(row);
        else this.dangling[table]++;
      }
      out.set(cid, found);
    }
    return out;
  }
}
