import type { DetailedRecord, NameKind } from "./record.js";
import { decodeDoc } from "./doc-codec.js";
import { indexText } from "./fts-text.js";
import { recordTags } from "./names.js";

export type AltNames = Partial<Record<NameKind, string[]>>;

/** Columns of movies_fts, in order: code, title, people, org, cat, comment, tags (names; the row tags are added in SQL). */
export function ftsFields(record: DetailedRecord, alt: AltNames): string[] {
  const join = (...parts: (string | null | undefined | string[])[]) => {
    let text = "";
    for (const p of parts) {
      if (typeof p === "string") {
        if (p !== "") text += p + " \n ";
      } else if (p) {
        for (const x of p) if (x) text += x + " \n ";
      }
    }
    return indexText(text);
  };
  const compactCode = record.dvdId.replace(/[^0-9A-Za-z]/g, "");
  return [
    join(record.dvdId, compactCode, record.contentId),
    join(record.titleEn, record.titleJa),
    join(record.actresses, record.actors, record.directors, record.authors, alt.actress, alt.actor, alt.director, alt.author),
    join(record.makers, record.label, record.series, alt.maker, alt.label, alt.series),
    join(record.categories, alt.genre),
    join(record.commentEn, record.commentJa),
    recordTags(record, alt),
  ];
}

let lastDoc: string | null = null;
let lastAlt: string | null = null;
let lastFields: string[] = [];

/**
 * A writer that has the record at hand hands its fields over before the INSERT,
 * so the trigger does not parse the JSON it just serialised.
 */
export function primeFtsFields(doc: string, altNames: string, record: DetailedRecord, alt: AltNames): void {
  lastFields = ftsFields(record, alt);
  lastDoc = doc;
  lastAlt = altNames;
}

/**
 * SQL function catalog_fts(doc, alt_names, column): the triggers call it once per
 * column with the same arguments, so the last result is remembered.
 */
export function catalogFtsSqlFunction(doc: string, altNames: string, column: number): string {
  if (doc !== lastDoc || altNames !== lastAlt) {
    lastFields = ftsFields(decodeDoc(doc), JSON.parse(altNames) as AltNames);
    lastDoc = doc;
    lastAlt = altNames;
  }
  return lastFields[column] ?? "";
}
