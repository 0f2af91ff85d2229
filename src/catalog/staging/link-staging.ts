/**
 * The link tables of import-dump's staging (derived_video_actress, _category and
 * _director): a file of their own beside the staging database (staging-db.ts), like the
 * videos' (video-staging.ts), so that another thread can insert and index them while
 * the reader of the dump goes on. A content_id's links that come in a run are staged as
 * one row (`id:ordinality,id:ordinality`, or `id,id` without an order), which cuts
 * their inserts several-fold (pg_dump writes a video's links next to each other).
 */
import { LINKS, type LinkTable, type StagingSink } from "./dump-tables.js";
import { StagingFile } from "./file.js";
import { BatchInsert, type Stager } from "./sinks.js";

/** Rows between commits (the file has no journal: commits only bound the dirty cache). */
const ROWS_PER_COMMIT = 200_000;
/** Runs per LinkRows handed to the stager. */
const RUNS_PER_HANDOVER = 4096;

/** Runs of one link table, flat: content_id, then its packed links, for each run. */
export interface LinkRows {
  table: LinkTable;
  rows: string[];
}

export type LinkStager = Stager<LinkRows, void>;

/** The sink of one link table's COPY block: runs of a content_id's links, handed to the stager RUNS_PER_HANDOVER at a time. */
export class LinkSink implements StagingSink {
  private cid: string | null = null;
  private links = "";
  private runs: string[] = [];
  private readonly ordered: boolean;

  constructor(
    private readonly stager: LinkStager,
    private readonly table: LinkTable,
  ) {
    this.ordered = LINKS[table].order !== null;
  }

  add(values: (string | null)[]): void {
    const cid = values[0] as string;
    const link = this.ordered ? `${values[1]}:${values[2] ?? ""}` : (values[1] as string);
    if (cid === this.cid) {
      this.links += "," + link;
      return;
    }
    this.endRun();
    this.cid = cid;
    this.links = link;
  }

  private endRun(): void {
    if (this.cid === null) return;
    this.runs.push(this.cid, this.links);
    this.cid = null;
    if (this.runs.length === 2 * RUNS_PER_HANDOVER) this.handOver();
  }

  private handOver(): void {
    if (this.runs.length > 0) this.stager.add({ table: this.table, rows: this.runs });
    this.runs = [];
  }

  flush(): void {
    this.endRun();
    this.handOver();
  }
}

export class LinkStaging extends StagingFile implements LinkStager {
  private readonly inserts = {} as Record<LinkTable, BatchInsert>;

  constructor(path: string, cacheSizeMb = 32) {
    super(path, ROWS_PER_COMMIT, cacheSizeMb, (db) => {
      for (const table of Object.keys(LINKS) as LinkTable[]) {
        // seq is the rowid; the index (finish()) holds it after content_id, and the links, so that it covers a batch's reads.
        db.exec(`CREATE TABLE ${table} (seq INTEGER PRIMARY KEY, content_id, links)`);
      }
    });
    for (const table of Object.keys(LINKS) as LinkTable[]) {
      this.inserts[table] = new BatchInsert(this, this.db, table, 2, "INSERT", "(content_id, links)");
    }
  }

  add({ table, rows }: LinkRows): void {
    const insert = this.inserts[table];
    for (let at = 0; at < rows.length; at += 2) insert.push([rows[at], rows[at + 1]]);
  }

  /** Ends loading: indexes the tables by content_id and closes the connection. */
  finish(): void {
    for (const insert of Object.values(this.inserts)) insert.flush();
    this.commitAndIndex(
      Object.keys(LINKS)
        .map((t) => `CREATE INDEX ${t}_cid ON ${t} (content_id, seq, links);`)
        .join("\n"),
    );
    this.db.close();
  }
}
