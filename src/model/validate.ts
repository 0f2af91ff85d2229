import { Compile } from "typebox/compile";
import "./formats.js";
import { DetailedRecordSchema, IngestRecordSchema, type DetailedRecord, type IngestRecord } from "./record.js";

/**
 * The one validator: the record schema (record.ts), compiled, plus the one rule a
 * schema cannot say (a title in at least one language). Every writer uses it: the
 * providers' parsers, `import` and `import-dump`.
 */
const ingestChecker = Compile(IngestRecordSchema);
const recordChecker = Compile(DetailedRecordSchema);

type Checker = typeof ingestChecker | typeof recordChecker;

function problemsOf(checker: Checker, value: unknown, prefix: string): string[] {
  const problems: string[] = [];
  for (const e of checker.Errors(value)) {
    const path = prefix + e.instancePath.replace(/^\//, "").replaceAll("/", ".");
    const line = `${path.replace(/\.$/, "") || "record"}: ${e.message}`;
    if (!problems.includes(line)) problems.push(line);
  }
  return problems;
}

function titleProblem(r: DetailedRecord, prefix: string): string[] {
  return r.titleEn.trim() === "" && r.titleJa.trim() === "" ? [`${prefix}titleEn, ${prefix}titleJa: both empty`] : [];
}

/**
 * Problems that keep an ingest record out of the catalog; empty when it is valid: the
 * spec's wire shape exactly (no missing or unknown fields, absolute http(s) URLs,
 * calendar release dates) plus the ingest-only fields. Defensive: the input is typed,
 * but imports and future providers may hand over anything.
 */
export function validateIngestRecord(r: IngestRecord): string[] {
  if (ingestChecker.Check(r)) return titleProblem(r.record, "record.");
  return problemsOf(ingestChecker, r, "");
}

/** Problems of a detailed record alone, each path after `prefix`; empty when valid. */
export function recordProblems(r: unknown, prefix = ""): string[] {
  if (recordChecker.Check(r)) return titleProblem(r, prefix);
  return problemsOf(recordChecker, r, prefix);
}
