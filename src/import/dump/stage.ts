/**
 * Phase 1 of import-dump, read: the file is streamed once; the rows of the tables we
 * use go to the staging file, whatever the table order, columns mapped by name from
 * each COPY header. Broken rows are skipped and counted here, with their line.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { isStagedTable, stagedColumns, type StagedTable, type StagingDb } from "../../catalog/index.js";
import { type CopyEvent, openDumpFile, readCopyDumpBatches } from "./copy-reader.js";
import { columnIndex, TABLE_COLUMNS } from "./r18-dump-map.js";
import { KEY_COLUMNS, type RowCheck, rowCheck } from "./row-checks.js";
import { DumpTruncatedError, type ImportDumpProgress, type Tally } from "./summary.js";

const KNOWN_TABLES = Object.keys(TABLE_COLUMNS);

/** What a dump without the table loses. */
const MISSING_TABLE: Record<string, string> = {
  derived_video: "there are no videos to import",
  derived_actress: "videos are imported without actresses",
  derived_video_actress: "videos are imported without actresses",
  derived_category: "videos are imported without categories",
  derived_video_category: "videos are imported without categories",
  derived_director: "videos are imported without directors",
  derived_video_director: "videos are imported without directors",
  derived_maker: "videos are imported without maker names",
  derived_label: "videos are imported without label names",
  derived_series: "videos are imported without series names",
};

/**
 * pg_dump ends a plain dump with "-- PostgreSQL database dump complete". A .gz cut
 * short fails in gunzip; a plain file cut between two COPY blocks reads as a complete
 * dump, so its tail is checked.
 */
function endsLikePgDump(path: string): boolean {
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    const tail = Buffer.alloc(Math.min(size, 4096));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    return tail.toString("latin1").includes("PostgreSQL database dump complete");
  } finally {
    closeSync(fd);
  }
}

/** Where a column of the dump goes: -1 when the header lacks it. */
interface BlockMap {
  table: StagedTable;
  sink: ReturnType<StagingDb["table"]>;
  /** For each staged column, its index in the dump row. */
  from: number[];
  check: RowCheck;
}

/** The parser's error reasons, grouped ("expected 20 fields, got 19" -> "wrong number of fields"). */
function parserReason(reason: string): string {
  if (/^expected \d+ fields/.test(reason)) return "wrong number of fields";
  if (reason.startsWith("invalid escape")) return "invalid escape";
  return reason;
}

/** Phase 1: the whole file into staging. Returns the derived_actress row count. */
export async function stageDump(
  path: string,
  staging: StagingDb,
  tally: Tally,
  progress: (p: Partial<ImportDumpProgress>, force?: boolean) => void | Promise<void>,
): Promise<void> {
  const input = openDumpFile(path);
  await progress({ phase: "read", totalBytes: input.progress.totalBytes }, true);
  const seen = new Set<string>();
  let block: BlockMap | null = null;
  let videos = 0;
  const onUnknown = (s: { line: number; text: string; kind: string }) => {
    if (s.kind === "copy") tally.note(`line ${s.line}: a COPY block in a format the reader can't read was skipped: ${s.text.slice(0, 120)}`);
  };
  try {
    for await (const events of readCopyDumpBatches(input, { tables: KNOWN_TABLES, onUnknown })) {
      for (let i = 0; i < events.length; i++) {
        const e: CopyEvent = events[i];
        if (e.type === "row") {
          if (block === null) continue;
          const bad = block.check(e.values, block.from);
          if (bad !== null) {
            tally.skip(e.table, bad[0], e.line, bad[1]);
            continue;
          }
          const from = block.from;
          const mapped: (string | null)[] = new Array(from.length);
          for (let k = 0; k < from.length; k++) mapped[k] = from[k] < 0 ? null : e.values[from[k]];
          block.sink.add(mapped, e.line, e.text);
          if (block.table === "derived_video") videos++;
        } else if (e.type === "table") {
          block = openBlock(e, staging, tally, seen);
        } else if (e.type === "end") {
          staging.endTable();
          block = null;
        } else if (e.type === "error") {
          tally.skip(e.table, parserReason(e.reason), e.line, e.reason);
        } else {
          throw new DumpTruncatedError(e.table, e.line);
        }
      }
      await staging.drain();
      await progress({ phase: "read", bytesRead: input.progress.bytesRead, videosRead: videos });
    }
  } finally {
    input.destroy();
  }
  for (const table of KNOWN_TABLES) {
    if (!seen.has(table)) tally.note(`the dump has no ${table} table: ${MISSING_TABLE[table]}`);
  }
  if (!input.progress.gzip && !endsLikePgDump(path)) {
    tally.note(
      'the file does not end with pg_dump\'s "dump complete" line: if it was cut between two tables, the tables after the cut are missing (see the notes above)',
    );
  }
  await progress({ phase: "read", bytesRead: input.progress.totalBytes, videosRead: videos }, true);
}

function openBlock(e: Extract<CopyEvent, { type: "table" }>, staging: StagingDb, tally: Tally, seen: Set<string>): BlockMap | null {
  if (!isStagedTable(e.table)) {
    tally.note(`line ${e.line}: table ${e.table} is not used by the import; skipped`);
    return null;
  }
  seen.add(e.table);
  const cols = stagedColumns(e.table);
  const { index, missing, unknown } = columnIndex(e.columns, cols);
  const missingKeys = KEY_COLUMNS[e.table].filter((k) => missing.includes(k));
  if (missingKeys.length > 0) {
    tally.note(`line ${e.line}: table ${e.table} has no ${missingKeys.join(", ")} column; its rows were skipped`);
    return null;
  }
  // Columns of r18.dev's schema that the import has no use for (release_date of the links) go unmentioned.
  const schema: readonly string[] = TABLE_COLUMNS[e.table];
  const unexpected = unknown.filter((c) => !schema.includes(c));
  if (unexpected.length > 0) tally.note(`line ${e.line}: ${e.table}: unknown columns skipped: ${unexpected.join(", ")}`);
  if (missing.length > 0) tally.note(`line ${e.line}: ${e.table}: no ${missing.join(", ")} column (imported as empty)`);
  return { table: e.table, sink: staging.table(e.table, e.columns), from: cols.map((c) => index[c] ?? -1), check: rowCheck(e.table) };
}
