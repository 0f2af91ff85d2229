/**
 * Pieces of the PostgreSQL COPY text format that work on one header line or one
 * field: header parsing and backslash-escape decoding. Pure, no I/O.
 */
import { stableCode, VideoCatalogError } from "../../lib/video-catalog-error.js";

/** A field whose escapes can't be decoded the way PostgreSQL would; the row is skipped. */
export class CopyEscapeError extends VideoCatalogError {
  static {
    stableCode(CopyEscapeError, "VC_ERR_COPY_ESCAPE");
  }
}

export interface CopyHeader {
  schema: string | null;
  table: string;
  /** Unquoted column names, in the order the rows use; null when the header has no list. */
  columns: string[] | null;
}

const IDENT_END = /[\s.(),;"]/;

/** Reads one identifier (`name` or `"quoted ""name"""`) at `pos`; returns it and the index after it. */
function readIdent(s: string, pos: number): [string, number] | null {
  if (s.charCodeAt(pos) === 34 /* " */) {
    let out = "";
    let i = pos + 1;
    for (;;) {
      const q = s.indexOf('"', i);
      if (q === -1) return null;
      out += s.slice(i, q);
      if (s.charCodeAt(q + 1) !== 34) return [out, q + 1];
      out += '"';
      i = q + 2;
    }
  }
  let i = pos;
  while (i < s.length && !IDENT_END.test(s[i])) i++;
  // Unquoted identifiers are case-folded by PostgreSQL; pg_dump only leaves lower-case ones bare.
  return i > pos ? [s.slice(pos, i).toLowerCase(), i] : null;
}

function skipSpace(s: string, pos: number): number {
  while (pos < s.length && (s.charCodeAt(pos) === 32 || s.charCodeAt(pos) === 9)) pos++;
  return pos;
}

/**
 * Parses `COPY [schema.]table [(col, "col", ...)] FROM stdin;` as pg_dump writes it.
 * Returns null for anything else (COPY ... TO, WITH options, CSV, BINARY): the reader
 * cannot interpret that block's data.
 */
export function parseCopyHeader(line: string): CopyHeader | null {
  if (!line.startsWith("COPY ")) return null;
  let pos = skipSpace(line, 5);
  const first = readIdent(line, pos);
  if (!first) return null;
  let schema: string | null = null;
  let table = first[0];
  pos = first[1];
  if (line.charCodeAt(pos) === 46 /* . */) {
    const second = readIdent(line, pos + 1);
    if (!second) return null;
    schema = table;
    table = second[0];
    pos = second[1];
  }
  pos = skipSpace(line, pos);
  let columns: string[] | null = null;
  if (line.charCodeAt(pos) === 40 /* ( */) {
    columns = [];
    pos = skipSpace(line, pos + 1);
    while (line.charCodeAt(pos) !== 41 /* ) */) {
      const col = readIdent(line, pos);
      if (!col) return null;
      columns.push(col[0]);
      pos = skipSpace(line, col[1]);
      if (line.charCodeAt(pos) === 44 /* , */) pos = skipSpace(line, pos + 1);
      else if (line.charCodeAt(pos) !== 41) return null;
    }
    pos = skipSpace(line, pos + 1);
  }
  const tail = line.slice(pos).trimEnd();
  return tail === "FROM stdin;" || tail === "FROM STDIN;" ? { schema, table, columns } : null;
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Octal and hex escapes give bytes, which PostgreSQL then reads in the dump's encoding (UTF-8). */
function decodeBytes(bytes: number[]): string {
  if (bytes.every((b) => b < 0x80)) return String.fromCharCode(...bytes);
  try {
    return utf8.decode(Uint8Array.from(bytes));
  } catch {
    throw new CopyEscapeError("escaped bytes are not valid UTF-8");
  }
}

function simpleEscape(c: string): string {
  switch (c) {
    case "b":
      return "\b";
    case "f":
      return "\f";
    case "n":
      return "\n";
    case "r":
      return "\r";
    case "t":
      return "\t";
    case "v":
      return "\v";
    default:
      return c;
  }
}

/**
 * Decodes the backslash escapes of one COPY text field (the caller has already
 * split on tabs and checked for the whole-field `\N`). Any other escaped character
 * stands for itself, as in PostgreSQL (`\\` -> `\`, `\N` inside a field -> `N`).
 * Throws CopyEscapeError on a trailing lone backslash, a NUL byte or invalid UTF-8.
 */
export function unescapeCopyField(s: string): string {
  let out = "";
  let pos = 0;
  // Consecutive octal/hex escapes form one byte sequence (a multi-byte character).
  let bytes: number[] = [];
  for (let bs = s.indexOf("\\"); bs !== -1; bs = s.indexOf("\\", pos)) {
    if (bs > pos && bytes.length > 0) {
      out += decodeBytes(bytes);
      bytes = [];
    }
    out += s.slice(pos, bs);
    if (bs + 1 >= s.length) throw new CopyEscapeError("lone backslash at the end of a field");
    const c = s.charCodeAt(bs + 1);
    let next = bs + 2;
    let byte = -1;
    if (c >= 48 && c <= 55) {
      byte = c - 48;
      for (let k = 0; k < 2; k++) {
        const d = s.charCodeAt(next) - 48;
        if (!(d >= 0 && d <= 7)) break;
        byte = byte * 8 + d;
        next++;
      }
      byte &= 0xff;
    } else if (c === 120 /* x */ && hexValue(s.charCodeAt(next)) >= 0) {
      byte = hexValue(s.charCodeAt(next++));
      const low = hexValue(s.charCodeAt(next));
      if (low >= 0) {
        byte = byte * 16 + low;
        next++;
      }
    }
    if (byte === 0) throw new CopyEscapeError("escape gives a NUL byte");
    if (byte > 0) {
      bytes.push(byte);
    } else {
      if (bytes.length > 0) {
        out += decodeBytes(bytes);
        bytes = [];
      }
      out += simpleEscape(s[bs + 1]);
    }
    pos = next;
  }
  if (bytes.length > 0) out += decodeBytes(bytes);
  return pos === 0 ? s : out + s.slice(pos);
}
