/**
 * The frame of a staging file of its own (video-staging.ts, link-staging.ts): opened
 * without a journal, written in one long transaction committed every `rowsPerCommit`
 * rows (which only bounds the dirty cache), closed whatever happens.
 */
import type Database from "better-sqlite3";
import { openStagingFile, type RowCounter } from "./sinks.js";

export abstract class StagingFile implements RowCounter {
  protected readonly db: Database.Database;
  private sinceCommit = 0;

  /** Opens the file at `path` and runs `create` (its tables and statements); closes the file if that throws. */
  constructor(
    readonly path: string,
    private readonly rowsPerCommit: number,
    cacheSizeMb: number,
    create: (db: Database.Database) => void,
  ) {
    this.db = openStagingFile(path, cacheSizeMb);
    try {
      create(this.db);
      this.db.exec("BEGIN");
    } catch (err) {
      this.close();
      throw err;
    }
  }

  /** Rows go in synchronously: there is never anything to wait for. */
  drain(): void {}

  /** Called by the inserters: commits now and then so the dirty cache stays bounded. */
  wrote(rows: number): void {
    this.sinceCommit += rows;
    if (this.sinceCommit >= this.rowsPerCommit) {
      this.sinceCommit = 0;
      this.db.exec("COMMIT; BEGIN");
    }
  }

  /** Commits the last rows, then runs `indexSql` (the indexes the readers of the file need). */
  protected commitAndIndex(indexSql: string): void {
    this.db.exec("COMMIT");
    this.db.exec(indexSql);
  }

  close(): void {
    if (this.db?.open) this.db.close();
  }
}
