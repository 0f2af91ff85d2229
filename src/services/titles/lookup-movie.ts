/** /movie: the one title a q asks for (find-title.ts), as the answer's envelope wants it. */
import { movieJson, type RecordJson } from "../../catalog/index.js";
import type { FoundCode, NameMarks } from "../../codes/index.js";
import { AppError } from "../../lib/errors.js";
import type { DetailedRecord } from "../../model/record.js";
import type { ServiceDeps } from "../deps.js";
import { findTitles, type Title } from "./find-title.js";

/** The code and part read from a q that was more than a bare code (a file name, a path, a code amid words). */
export interface CodeRead {
  code: string;
  part: number | null;
  /** What the name says of the file: subtitles (-C), an uncensored copy (-U), a leak. */
  marks: NameMarks;
}

export interface MovieAnswer {
  q: string;
  source: string;
  /** The record; from the catalog, decoded only when read (resultJson usually serves instead). */
  readonly result: DetailedRecord;
  /** The record's JSON (UTF-8) as the response schema writes it, when the catalog has it ready; else null. */
  resultJson: RecordJson | null;
  /** What was read from q when q was a file name or held more than the code; sent in result.extra. */
  read: CodeRead | null;
}

/** The answer of a title, its record decoded only when read (a class, as title.ts's: cheaper to make than an object literal with a getter). */
class TitleAnswer implements MovieAnswer {
  readonly source: string;
  readonly resultJson: RecordJson | null;

  constructor(
    readonly q: string,
    private readonly title: Title,
    readonly read: CodeRead | null,
  ) {
    this.source = title.provider;
    this.resultJson = title.json();
  }

  get result(): DetailedRecord {
    return this.title.record;
  }
}

function readOf(code: FoundCode | null): CodeRead | null {
  return code === null || code.exact ? null : { code: code.dvdId, part: code.part, marks: code.marks };
}

/**
 * /movie: the best title of q (a code in any spelling, a file name, a path, a content id; the
 * live providers on a catalog miss; text without a code: its closest title). Nothing found is
 * 404, as is a q that holds two codes or a code two sellers hold; a live provider that failed, 502.
 */
export async function lookupMovie(deps: ServiceDeps, q: string, providers: string[] | null): Promise<MovieAnswer> {
  const pending = findTitles(deps, q, { providers, live: true, text: "closest" });
  // A catalog hit is answered at once: awaiting it would cost a turn of the event loop.
  const found = pending instanceof Promise ? await pending : pending;
  switch (found.status) {
    case "found":
      return new TitleAnswer(q, found.titles[0], readOf(found.read));
    case "failed":
      throw new AppError("UPSTREAM_FAILED", found.reason);
    case "ambiguous":
      throw new AppError("NOT_FOUND", found.reason);
    default:
      throw new AppError("NOT_FOUND", `no movie matches "${q}"`);
  }
}

/**
 * The /movie answer as it is sent: the stored record's bytes in the envelope (catalog
 * movieJson), else the object for the serialiser. What was read from a file-name q goes
 * last in `extra`.
 */
export function movieBody(a: MovieAnswer): Buffer | { q: string; source: string; result: DetailedRecord } {
  if (a.resultJson === null) {
    const result = a.read === null ? a.result : { ...a.result, extra: { ...a.result.extra, ...a.read } };
    return { q: a.q, source: a.source, result };
  }
  return movieJson(a.q, a.source, a.resultJson, a.read);
}
