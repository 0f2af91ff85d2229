/**
 * The digest of the dump rows a title is built from: a refresh compares it with the
 * one stored beside the title and leaves a title whose rows are the same out without
 * parsing them (most of a refresh's cost was building records only to find them
 * unchanged).
 */
import { hash } from "node:crypto";
import type { StagedRef, StagedRow, StagedVideo } from "../../catalog/index.js";

/**
 * The version of the way a title's record is built from its dump rows: combined.ts,
 * the r18dev provider's parseR18Combined (and the code parsing it calls) and the
 * catalog's document and hash. It is part of every source hash, so moving it makes the
 * next refresh parse every title again: move it with any change that makes the same
 * rows give another record, or a refresh would keep the old records.
 */
export const RECORD_FORMAT = 2;

/**
 * The digest of the records the r18dev samples of test/fixtures give today
 * (test/import/dump/record-format.test.ts): when that test fails, the records moved,
 * and RECORD_FORMAT moves with this value.
 */
export const RECORD_FORMAT_DIGEST = "a754cae8e2160bcd";

function rowHashes(rows: readonly (StagedRef | StagedRow)[]): string {
  let s = "";
  for (const r of rows) s += `${r.row_hash},`;
  return s;
}

/**
 * Source hashes of the staged videos of one dump. A video's is RECORD_FORMAT, the
 * columns of its derived_video block, the digest of its row and those of the rows
 * combinedFromStaged joins to it (maker, label, series, then its actresses, categories
 * and directors in the order the record lists them), as staging computed them from the
 * dump's text. Each digest is 22 base64 characters, so the joined text reads one way only.
 */
export class SourceHashes {
  /** Per derived_video block: its columns, as one digest. */
  private readonly blocks: string[];

  /** `format`: RECORD_FORMAT, unless a test asks for another. */
  constructor(
    videoBlocks: readonly (readonly string[])[],
    private readonly format = RECORD_FORMAT,
  ) {
    this.blocks = videoBlocks.map((header) => digest(JSON.stringify(header)));
  }

  of(v: StagedVideo<StagedRef | StagedRow>): string {
    const dims = `${v.maker?.row_hash ?? ""}|${v.label?.row_hash ?? ""}|${v.series?.row_hash ?? ""}`;
    const links = `${rowHashes(v.actresses)}|${rowHashes(v.categories)}|${rowHashes(v.directors)}`;
    return digest(`${this.format}|${this.blocks[v.block]}|${v.rowHash}|${dims}|${links}`);
  }
}

function digest(text: string): string {
  return hash("sha1", text, "base64").slice(0, 22);
}
