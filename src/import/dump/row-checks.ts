import type { StagedTable } from "../../catalog/index.js";
import { stagedColumns } from "../../catalog/index.js";

export type RowCheck = (values: (string | null)[], from: number[]) => [reason: string, detail: string] | null;

const INTEGER = /^-?\d+$/;

/** Columns that must be there for a row to mean anything (the table's keys). */
export const KEY_COLUMNS: Record<StagedTable, string[]> = {
  derived_video: ["content_id"],
  derived_actress: ["id"],
  derived_maker: ["id"],
  derived_label: ["id"],
  derived_series: ["id"],
  derived_category: ["id"],
  derived_director: ["id"],
  derived_video_actress: ["content_id", "actress_id"],
  derived_video_category: ["content_id", "category_id"],
  derived_video_director: ["content_id", "director_id"],
};

/**
 * Per-row checks of the fields that tie rows together: a broken key or id skips the
 * row. A title's own fields are not checked here: one the source left out or garbled
 * (a release date that is no date, a runtime in words) is stored as unknown, as the
 * r18dev provider stores it, and the title is kept.
 */
export function rowCheck(table: StagedTable): RowCheck {
  const cols = stagedColumns(table);
  const keys = KEY_COLUMNS[table].map((k) => cols.indexOf(k));
  const integers = cols.flatMap((c, i) => (/(^|_)id$|^ordinality$/.test(c) && c !== "content_id" && c !== "dvd_id" ? [i] : []));
  return (values, from) => {
    for (const k of keys) {
      const v = values[from[k]];
      if (v === null || v.trim() === "") return [`missing ${cols[k]}`, `${cols[k]} is ${v === null ? "NULL" : "empty"}`];
    }
    for (const k of integers) {
      const v = from[k] < 0 ? null : values[from[k]];
      if (v !== null && !INTEGER.test(v)) return [`unparseable ${cols[k]}`, `${cols[k]} = ${JSON.stringify(v.slice(0, 40))}`];
    }
    return null;
  };
}
