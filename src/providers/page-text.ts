/** Text of a seller's HTML page as its readers want it. */

/** Runs of spaces, tabs, newlines and &nbsp; as one space, trimmed; an ideographic space (U+3000) is the text's own and stays. */
export const oneLine = (s: string): string => s.replace(/[ \t\r\n\f\v\u00a0]+/g, " ").trim();
