/** Values several providers read out of a site's text the same way. */
import { calendarDay } from "./coerce.js";

/**
 * The first day written YYYY-MM-DD or YYYY/MM/DD (month and day of one or two digits) in a
 * text, as a calendar day; null when there is none or it is impossible.
 */
export function dayInText(text: string | null | undefined): string | null {
  const m = text == null ? null : /(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(text);
  return m ? calendarDay(`${m[1]}-${m[2].padStart(2, "0")}-${m[3].padStart(2, "0")}`) : null;
}

/**
 * A performer's name as a site writes it, without the dashes that stand for nobody ("-",
 * "---"): MetaTube trims them from every name it reads (strings.Trim(actor, "-")), and blanks
 * around them. "" when nothing is left.
 */
export function personName(raw: string | null | undefined): string {
  return (raw ?? "")
    .trim()
    .replace(/^-+|-+$/g, "")
    .trim();
}
