/**
 * The r18.dev dump's tables as staging keeps them: the tables and columns import-dump
 * reads, which of them are dimensions (id -> names) and which link a video to them,
 * and the shapes staging hands back.
 */
/**
 * The r18.dev tables the import reads and, for each, the columns it uses. The dump
 * may order (or extend) columns differently: always map them with columnIndex.
 */
export const TABLE_COLUMNS = {
  derived_video: [
    "content_id",
    "dvd_id",
    "title_en",
    "title_ja",
    "comment_en",
    "comment_ja",
    "runtime_mins",
    "release_date",
    "sample_url",
    "maker_id",
    "label_id",
    "series_id",
    "jacket_full_url",
    "jacket_thumb_url",
    "gallery_full_first",
    "gallery_full_last",
    "gallery_thumb_first",
    "gallery_thumb_last",
    "site_id",
    "service_code",
  ],
  derived_actress: ["id", "name_romaji", "image_url", "name_kanji", "name_kana"],
  derived_maker: ["id", "name_en", "name_ja"],
  derived_label: ["id", "name_en", "name_ja"],
  derived_series: ["id", "name_en", "name_ja"],
  derived_category: ["id", "name_en", "name_ja"],
  derived_director: ["id", "name_kanji", "name_kana", "name_romaji"],
  derived_video_actress: ["content_id", "actress_id", "ordinality", "release_date"],
  derived_video_category: ["content_id", "category_id", "release_date"],
  derived_video_director: ["content_id", "director_id"],
} as const satisfies Record<string, readonly string[]>;

export type R18Table = keyof typeof TABLE_COLUMNS;

export function isR18Table(table: string): table is R18Table {
  return Object.hasOwn(TABLE_COLUMNS, table);
}

/** The columns of derived_video kept for the import, in the order StagedVideo.video uses. */
export const STAGED_VIDEO_COLUMNS = TABLE_COLUMNS.derived_video;

/**
 * Dimension tables and their columns, taken from the dump map so the two cannot
 * drift. The key column comes first (staging makes it the primary key).
 */
export const DIMENSIONS = {
  derived_actress: TABLE_COLUMNS.derived_actress,
  derived_maker: TABLE_COLUMNS.derived_maker,
  derived_label: TABLE_COLUMNS.derived_label,
  derived_series: TABLE_COLUMNS.derived_series,
  derived_category: TABLE_COLUMNS.derived_category,
  derived_director: TABLE_COLUMNS.derived_director,
} as const satisfies Record<string, readonly ["id", ...string[]]>;

/** Link tables: content_id, the linked id, and the column that orders the links (if any). */
export const LINKS = {
  derived_video_actress: { id: "actress_id", order: "ordinality", dimension: "derived_actress" },
  derived_video_category: { id: "category_id", order: null, dimension: "derived_category" },
  derived_video_director: { id: "director_id", order: null, dimension: "derived_director" },
} as const;

export type DimensionTable = keyof typeof DIMENSIONS;
export type LinkTable = keyof typeof LINKS;
export type StagedTable = "derived_video" | DimensionTable | LinkTable;

/**
 * Column values by name, as they came from the dump (null = SQL NULL), and `row_hash`:
 * the digest of the row as the dump wrote it (see rowDigest in sinks.ts).
 */
export type StagedRow = Record<string, string | null>;

/** A row a video links to, as the first read of a batch gives it: its id and its digest. */
export interface StagedRef {
  id: string;
  row_hash: string;
}

/**
 * A staged video with the rows it links to (links to ids the dump doesn't have left
 * out): StagedRefs as StagedVideos.batch reads it, enough to tell whether the video
 * changed since the last import; StagedRows once joined (StagedVideos.join), for a
 * video that did. Its own values are read apart (StagedVideos.texts).
 */
export interface StagedVideo<R extends StagedRef | StagedRow = StagedRef> {
  /** The staged row's id (duplicates are named by it). */
  rowid: number;
  contentId: string;
  /** Its derived_video COPY block (StagingPlan.videoBlocks). */
  block: number;
  /** Digest of the derived_video row's text (its columns are the block's). */
  rowHash: string;
  maker: R | null;
  label: R | null;
  series: R | null;
  /** In ordinality order. */
  actresses: R[];
  categories: R[];
  directors: R[];
}

export type JoinedVideo = StagedVideo<StagedRow>;

/** A staged derived_video row as the dump has it: `text` is the COPY line, its columns those of `block`. */
export interface StagedVideoText {
  rowid: number;
  /** Line of the video's row in the .sql text. */
  line: number;
  /** Index into StagingPlan.videoBlocks. */
  block: number;
  text: string;
}

/** A batch starts after this (content_id, rowid) of derived_video, in content_id order. */
export type BatchStart = [contentId: string, rowid: number];

export interface StagingPlan {
  /** Staged derived_video rows. */
  videos: number;
  /** Where each batch of the planned size starts. */
  batches: BatchStart[];
  /** Rows whose content_id an earlier row already has (by rowid, i.e. file order). */
  duplicates: { contentId: string; rowid: number; line: number }[];
  /** The column names of each derived_video COPY block, in the order its lines have them. */
  videoBlocks: string[][];
}

/** Receives one COPY block's rows, already mapped to the staging columns. */
export interface StagingSink {
  /** `values` in stagedColumns() order; `text` the row's line as the dump has it (its digest is staged). */
  add(values: (string | null)[], line: number, text: string): void;
}

export function isDimension(table: string): table is DimensionTable {
  return Object.hasOwn(DIMENSIONS, table);
}

export function isLink(table: string): table is LinkTable {
  return Object.hasOwn(LINKS, table);
}

/** The columns StagingDb.table() expects for a table, key columns first. */
export function stagedColumns(table: StagedTable): readonly string[] {
  if (table === "derived_video") return STAGED_VIDEO_COLUMNS;
  if (isDimension(table)) return DIMENSIONS[table];
  const link = LINKS[table];
  return link.order ? ["content_id", link.id, link.order] : ["content_id", link.id];
}

export function isStagedTable(table: string): table is StagedTable {
  return table === "derived_video" || isDimension(table) || isLink(table);
}
