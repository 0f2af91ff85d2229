/**
 * The text of one title's row of movies_fts, column by column: the same fields on
 * write (store/movies-write.ts) and on a rebuild of the index (search/fts-rebuild.ts).
 */
import type { DetailedRecord } from "../../model/record.js";
import { indexText } from "./fts-text.js";
import { type AltNames, recordTags, rowTags } from "./name-tags.js";

export interface RowFacts {
  provider: string;
  site: string;
  censored: boolean;
}

/** Columns of movies_fts, in order: code, title, people, org, cat, comment, tags (names, provider, site, censorship). */
export function ftsFields(record: DetailedRecord, alt: AltNames, row: RowFacts): string[] {
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
    recordTags(record, alt) + " " + rowTags(row.provider, row.site, row.censored),
  ];
}
