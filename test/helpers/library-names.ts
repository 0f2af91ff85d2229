/**
 * The real name tables of test/fixtures/file-names (JavSP's, Movie Data Capture's and the
 * reported names: never the team's written library-names.tsv), and how a name is made to
 * name one of the simulator's titles instead of its own: the code in it rewritten in the same
 * spelling (case, separator, zero padding, a maker's digits), everything else kept. Used by
 * the library scans (test/library/*-scan.test.ts).
 */
import { readFileSync } from "node:fs";
import { parseCode, readName, type Seller, sellersOf } from "../../src/codes/index.js";

export interface NameRow {
  table: string;
  name: string;
  /** The canonical code a person reads in it ("" for none). */
  code: string;
}

export const REAL_TABLES = ["javsp-names.tsv", "sellers-names.tsv", "reported-names.tsv"] as const;

export function nameRows(table: string): NameRow[] {
  return readFileSync(new URL(`../fixtures/file-names/${table}`, import.meta.url), "utf8")
    .split("\n")
    .slice(1)
    .filter((l) => l !== "")
    .map((l) => {
      const [, name, code] = l.split("\t");
      return { table, name, code };
    });
}

/** The seller a row's title is of, as the name reads (a studio it names narrows a dated code), or null for a name of no code. */
export function sellerOfRow(r: NameRow): Seller | null {
  if (r.code === "") return null;
  const found = readName(r.name).found;
  const sellers = found !== null && found.dvdId === r.code ? sellersOf(found) : sellersOf(parseCode(r.code)!);
  // A Tokyo-Hot series that reads as a label (RED-030) is asked of both; the name is Tokyo-Hot's.
  return sellers.includes("tokyo-hot") ? "tokyo-hot" : sellers[0];
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Digits of `n` padded to the width `as` was written with (never cut). */
const padAs = (n: string, as: string) => n.padStart(as.length, "0");
/** `label` in the case `as` was written in. */
const caseAs = (label: string, as: string) => (as === as.toLowerCase() ? label.toLowerCase() : label.toUpperCase());

/**
 * The code a title's `want` replaces in `name`, or null when it cannot be found there. The
 * parts of a code: an optional maker's digits, the label (or series letter, or date), a
 * separator, the number.
 */
export function rewriteName(name: string, code: string, want: string): string | null {
  const fc2 = /^FC2-PPV-(\d+)$/.exec(code);
  if (fc2) {
    const n = /^FC2-PPV-(\d+)$/.exec(want)![1];
    return replaceOnce(name, new RegExp(`(?<!\\d)0*${fc2[1]}(?!\\d)`, "g"), () => n);
  }
  const heyzo = /^HEYZO-(\d+)$/.exec(code);
  if (heyzo) {
    const n = /^HEYZO-(\d+)$/.exec(want)![1];
    return replaceOnce(name, new RegExp(`(?<!\\d)0*${Number(heyzo[1])}(?!\\d)`, "g"), (m) => padAs(n, m));
  }
  const dated = /^(\d{6})[-_](\d{2,3})$/.exec(code);
  if (dated) {
    const [, day, n] = /^(\d{6})[-_](\d{2,3})$/.exec(want)!;
    return replaceOnce(name, new RegExp(`${dated[1]}([-_ ])${dated[2]}`, "g"), (_m, sep: string) => `${day}${sep}${n}`);
  }
  const th = /^([a-z]+)(\d+)$/.exec(code);
  if (th) {
    const [, series, n] = /^([a-z]+)(\d+)$/.exec(want)!;
    return replaceOnce(name, new RegExp(`(?<![a-z])${th[1]}0*${Number(th[2])}(?!\\d)`, "gi"), (m) => `${caseAs(series, m)}${padAs(n, m.slice(series.length))}`);
  }
  // A label's code, with or without a maker's digits (259LUXU-1234, SIRO-1175, RED-030, ABP-821).
  const std = /^(\d*)([A-Z][A-Z0-9]*)-(\d+)$/.exec(code);
  const to = /^(\d*)([A-Z][A-Z0-9]*)-(\d+)$/.exec(want);
  if (std && to) {
    const re = new RegExp(`(?<![A-Za-z0-9])(\\d*)(${esc(std[2])})([-_ ]?)(0*${Number(std[3])})(?!\\d)`, "gi");
    return replaceOnce(name, re, (_m, digits: string, label: string, sep: string, num: string) => {
      const maker = digits === "" && to[1] !== "" && std[1] === "" ? "" : to[1];
      return `${maker}${caseAs(to[2], label)}${sep}${padAs(String(Number(to[3])).padStart(3, "0"), num)}`;
    });
  }
  return null;
}

/** `name` with every match of `re` replaced, or null when there is none. */
function replaceOnce(name: string, re: RegExp, by: (m: string, ...groups: string[]) => string): string | null {
  let hit = false;
  const out = name.replace(re, (...args) => {
    hit = true;
    return by(...(args as [string, ...string[]]));
  });
  return hit ? out : null;
}
