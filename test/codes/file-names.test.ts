import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readName } from "../../src/codes/index.js";

/**
 * Tables of file names as people download and rename them, each with the code a person
 * reads in it (empty: none) and the part it marks. See test/fixtures/file-names/README.md.
 */
interface Row {
  table: string;
  line: number;
  kind: string;
  name: string;
  code: string;
  part: number | null;
  reason: string;
}

const DIR = new URL("../fixtures/file-names/", import.meta.url);

function readTables(): Row[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith(".tsv"))
    .sort()
    .flatMap((table) => {
      const [header, ...lines] = readFileSync(new URL(table, DIR), "utf8").split("\n");
      if (header !== "kind\tname\tcode\tpart\treason") throw new Error(`${table}: unexpected header ${header}`);
      return lines.flatMap((text, i) => {
        if (text === "") return [];
        const cells = text.split("\t");
        if (cells.length !== 5) throw new Error(`${table}:${i + 2}: ${cells.length} columns`);
        const [kind, name, code, part, reason] = cells;
        return [{ table, line: i + 2, kind, name, code, part: part === "" ? null : Number(part), reason }];
      });
    });
}

const ROWS = readTables();

describe("file names as libraries hold them", () => {
  const results = ROWS.map((row) => {
    const found = readName(row.name).found;
    const code = found?.dvdId ?? "";
    const outcome = code === row.code ? (row.code === "" || found?.part === row.part ? "right" : "wrong part") : code === "" ? "none" : "wrong";
    return { row, code, part: found?.part ?? null, outcome };
  });

  it("holds at least 600 names across every kind", () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(600);
    const kinds = new Set(ROWS.map((r) => r.kind));
    for (const k of ["site", "markers", "title", "uncensored", "tokyohot", "fc2", "digitlabel", "folder", "none"]) expect(kinds, k).toContain(k);
    expect(ROWS.filter((r) => r.code === "").length).toBeGreaterThanOrEqual(60);
  });

  it("never reads a wrong code or a wrong part", () => {
    const wrong = results.filter((r) => r.outcome === "wrong" || r.outcome === "wrong part");
    const lines = wrong.map(
      (r) =>
        `${r.row.table}:${r.row.line} ${JSON.stringify(r.row.name)}: read ${r.code} part ${r.part}, expected ${r.row.code || "none"} part ${r.row.part} (${r.row.reason})`,
    );
    expect(lines).toEqual([]);
  });

  it("reads at least 99% of the names right, in every kind", () => {
    const byKind = new Map<string, { right: number; all: number; missed: string[] }>();
    for (const r of results) {
      const k = byKind.get(r.row.kind) ?? { right: 0, all: 0, missed: [] };
      k.all++;
      if (r.outcome === "right") k.right++;
      else k.missed.push(`${r.row.name} (expected ${r.row.code}: ${r.row.reason})`);
      byKind.set(r.row.kind, k);
    }
    const right = results.filter((r) => r.outcome === "right").length;
    const missed = [...byKind.values()].flatMap((k) => k.missed);
    expect(right / results.length, missed.join("\n")).toBeGreaterThanOrEqual(0.99);
    for (const [kind, k] of byKind) expect(k.right / k.all, `${kind}: ${k.missed.join("; ")}`).toBeGreaterThanOrEqual(0.97);
  });
});
