/**
 * The connection every catalog operation takes: a better-sqlite3 database. Opening one
 * (its pragmas, the migrations, the search index's rebuild after an upgrade) is the
 * open room's, above the store (open/open-catalog.ts).
 */
import type Database from "better-sqlite3";

export type Db = Database.Database;
