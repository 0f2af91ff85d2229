import type { StagedTable } from "../../catalog/index.js";
import { stagedColumns } from "../../catalog/index.js";
import { calendarDay } from "../../providers/coerce.js";

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

/** Per-row checks of the fields the import parses: a broken one skips the row. */
export function rowCheck(table: StagedTable): RowCheck {
  const cols = stagedColumns(table);
  const keys = KEY_COLUMNS[table].map((k) => cols.indexOf(k));
  const integers = cols.flatMap((c, i) => (/(^|_)id$|^ordinality$|^runtime_mins$/.test(c) && c !== "content_id" && c !== "dvd_id" ? [i] : []));
  const date = table === "derived_video" ? cols.indexOf("release_date") : -1;
  return (values, from) => {
    for (const k of keys) {
      const v = values[from[k]];
      if (v === null || v.trim() === "") return [`missing ${cols[k]}`, `${cols[k]} is ${v === null ? "NULL" : "empty"}`];
    }
    for (const k of integers) {
      const v = from[k] < 0 ? null : values[from[k]];
      if (v !== null && !INTEGER.test(v)) return [`unparseable ${cols[k]}`, `${cols[k]} = ${JSON.stringify(v.slice(0, 40))}`];
    }
    if (date >= 0 && from[date] >= 0) {
      const v = values[from[date]];
      if (v !== null && calendarDay(v) === null) return ["unparseable release_date", `release_date = ${JSON.stringify(v.slice(0, 40))}`];
    }
    return null;
  };
}
