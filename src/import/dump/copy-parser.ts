import { isAscii } from "node:buffer";
import { CopyEscapeError, parseCopyHeader, unescapeCopyField } from "./copy-text.js";

/** What the reader reports, in file order. `line` numbers are 1-based lines of the .sql text. */
export type CopyEvent =
  | { type: "table"; table: string; schema: string | null; columns: string[]; line: number }
  /**
   * `values` follow the header's column order; null is SQL NULL; `text` is the line
   * they were read from (decodeCopyRow gives them back). They may share memory with
   * the decoded chunk, so a consumer that keeps many for long should copy them.
   */
  | { type: "row"; table: string; values: (string | null)[]; line: number; text: string }
  /** `rows` counts the row events of the block; `errors` the rows skipped with an error event. */
  | { type: "end"; table: string; rows: number; errors: number; line: number }
  | { type: "error"; table: string; line: number; reason: string }
  /** The text ended inside a COPY block; `line` is the last line read (a cut one included). */
  | { type: "truncated"; table: string; line: number; rows: number; partialLine: boolean };

export interface SkippedLine {
  line: number;
  text: string;
  /** "statement": SQL outside COPY data; "copy": a COPY header whose data can't be read (CSV, BINARY, TO). */
  kind: "statement" | "copy";
}

export interface CopyReaderOptions {
  /** Called for each non-blank, non-comment line that is skipped outside COPY data. */
  onUnknown?: (skipped: SkippedLine) => void;
  /**
   * Only these tables get row/error events; other blocks are skipped without being
   * split or decoded (their `end.rows` counts data lines). Default: every table.
   */
  tables?: Iterable<string>;
}

interface Block {
  table: string;
  /** Expected field count; -1 when the header had no column list. */
  width: number;
  emit: boolean;
  /** false for a COPY block the reader can't interpret: no events at all. */
  known: boolean;
  rows: number;
  errors: number;
}

/**
 * The synchronous core of the reader: feed it chunks, collect events. Each chunk's
 * complete lines are decoded in one call (latin1 when the bytes are ASCII, which is
 * much faster than UTF-8), a trailing partial line waits for the next
 * chunk as bytes (a newline byte never occurs inside a UTF-8 sequence, so split
 * characters are rejoined whole), rows are split on tabs with indexOf, and fields
 * without a backslash are used as they are.
 */
export class CopyParser {
  /** Lines consumed so far. */
  line = 0;
  /** Bytes of an unfinished line from earlier chunks (copies: the caller may reuse its buffers). */
  private rest: Buffer[] = [];
  private block: Block | null = null;
  private readonly onUnknown?: (skipped: SkippedLine) => void;
  private readonly tables: Set<string> | null;

  constructor(opts: CopyReaderOptions = {}) {
    this.onUnknown = opts.onUnknown;
    this.tables = opts.tables ? new Set(opts.tables) : null;
  }

  write(chunk: Uint8Array | string, out: CopyEvent[]): void {
    let buf = typeof chunk === "string" ? Buffer.from(chunk) : toBuffer(chunk);
    if (this.rest.length > 0) {
      const nl = buf.indexOf(10);
      if (nl === -1) {
        this.rest.push(Buffer.from(buf));
        return;
      }
      this.rest.push(buf.subarray(0, nl + 1));
      const head = Buffer.concat(this.rest);
      this.rest = [];
      this.lines(head, out);
      buf = buf.subarray(nl + 1);
    }
    const last = buf.lastIndexOf(10);
    if (last !== -1) this.lines(buf.subarray(0, last + 1), out);
    if (last + 1 < buf.length) this.rest.push(Buffer.from(buf.subarray(last + 1)));
  }

  /** Call once after the last chunk. */
  end(out: CopyEvent[]): void {
    const last = Buffer.concat(this.rest).toString("utf8");
    this.rest = [];
    let partialLine = false;
    if (last.length > 0) {
      // A cut data line could look complete; only the end marker is trusted without its newline.
      if (this.block === null || isEndMarker(last, 0, last.length)) this.handleLine(last, 0, last.length, out);
      else {
        this.line++;
        partialLine = true;
      }
    }
    const b = this.block;
    if (b !== null) {
      if (b.known) out.push({ type: "truncated", table: b.table, line: this.line, rows: b.rows, partialLine });
      this.block = null;
    }
  }

  /** `buf` holds whole lines, each ending in "\n". */
  private lines(buf: Buffer, out: CopyEvent[]): void {
    const s = buf.toString(isAscii(buf) ? "latin1" : "utf8");
    let pos = 0;
    for (let nl = s.indexOf("\n"); nl !== -1; nl = s.indexOf("\n", pos)) {
      this.handleLine(s, pos, nl, out);
      pos = nl + 1;
    }
  }

  /** One line: `s` from `start` up to `end` (its "\n", or the end of the text). */
  private handleLine(s: string, start: number, end: number, out: CopyEvent[]): void {
    this.line++;
    if (end > start && s.charCodeAt(end - 1) === 13) end--;
    const b = this.block;
    if (b === null) {
      if (end > start) this.outside(s.slice(start, end), out);
    } else if (isEndMarker(s, start, end)) {
      if (b.known) out.push({ type: "end", table: b.table, rows: b.rows, errors: b.errors, line: this.line });
      this.block = null;
    } else if (b.emit) {
      // Sliced first: searches for tabs and backslashes must stop at the end of the line.
      this.row(b, s.slice(start, end), out);
    } else {
      b.rows++;
    }
  }

  private row(b: Block, text: string, out: CopyEvent[]): void {
    const values = fieldsOf(text, b.width);
    if (typeof values === "string") {
      b.errors++;
      out.push({ type: "error", table: b.table, line: this.line, reason: values });
      return;
    }
    b.rows++;
    out.push({ type: "row", table: b.table, values, line: this.line, text });
  }

  private outside(text: string, out: CopyEvent[]): void {
    if (this.line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (text.startsWith("--") || text.trim() === "") return;
    if (!text.startsWith("COPY ")) {
      this.onUnknown?.({ line: this.line, text, kind: "statement" });
      return;
    }
    const header = parseCopyHeader(text);
    if (header === null) {
      // Its data still runs up to "\." and must not be read as SQL.
      this.onUnknown?.({ line: this.line, text, kind: "copy" });
      this.block = { table: "", width: -1, emit: false, known: false, rows: 0, errors: 0 };
      return;
    }
    const { table, schema, columns } = header;
    const emit = this.tables === null || this.tables.has(table);
    this.block = { table, width: columns ? columns.length : -1, emit, known: true, rows: 0, errors: 0 };
    out.push({ type: "table", table, schema, columns: columns ?? [], line: this.line });
  }
}

function toBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

function isEndMarker(s: string, start: number, end: number): boolean {
  if (end > start && s.charCodeAt(end - 1) === 13) end--;
  return end - start === 2 && s.charCodeAt(start) === 92 && s.charCodeAt(start + 1) === 46;
}

/** The fields of one COPY line (`width` of them, -1: any number), or why it has none. */
function fieldsOf(text: string, width: number): (string | null)[] | string {
  const values = splitFields(text, width);
  if (values === null || (width !== -1 && values.length !== width)) {
    return `expected ${width} fields, got ${values === null ? text.split("\t").length : values.length}`;
  }
  if (text.indexOf("\\") === -1) return values;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as string;
    if (v.indexOf("\\") === -1) continue;
    if (v === "\\N") {
      values[i] = null;
      continue;
    }
    try {
      values[i] = unescapeCopyField(v);
    } catch (err) {
      if (!(err instanceof CopyEscapeError)) throw err;
      return `invalid escape in field ${i + 1}: ${err.message}`;
    }
  }
  return values;
}

/** The values of a row event's `text` again (`width` fields, as its block's header has them). */
export function decodeCopyRow(text: string, width: number): (string | null)[] {
  const values = fieldsOf(text, width);
  if (typeof values === "string") throw new CopyEscapeError(`a staged row no longer reads: ${values}`);
  return values;
}

/** Splits on tabs; null as soon as there are more than `width` fields (-1: no limit). */
function splitFields(text: string, width: number): (string | null)[] | null {
  if (width === -1) return text.split("\t");
  const values: (string | null)[] = new Array(width);
  let n = 0;
  let from = 0;
  for (let tab = text.indexOf("\t"); tab !== -1; tab = text.indexOf("\t", from)) {
    if (n === width - 1) return null;
    values[n++] = text.slice(from, tab);
    from = tab + 1;
  }
  values[n++] = text.slice(from);
  if (n !== width) values.length = n;
  return values;
}
