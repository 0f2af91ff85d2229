/**
 * The template language of organize, parsed once into fields (never filled by replacing
 * text in a string, so a title that holds `{code}` stays that title).
 *
 * - `/` separates path components; the last is the file name, without its extension.
 * - `{field}` or `{field:option=value,option=value}`; `{{` and `}}` are literal braces.
 *   In an option's value `\` takes the next character as it is (`join=\,`, `none=\}`);
 *   spaces are kept (`join= & `).
 * - Fields: code, contentId, title, actresses, maker, label, series, year, month, day,
 *   date (YYYY-MM-DD), part (`-cd2`, empty when the file is no part of a stack), marks.
 * - Options: `none=TEXT` (what an empty field renders, default nothing) on every field but
 *   code, contentId, part and marks; on actresses also `max=N` (default 3), `join=TEXT`
 *   (default ", ") and `more=TEXT` (after the first N when there are more, default
 *   " et al."), its `none` defaulting to "Unknown"; on marks `subtitles=`, `uncensored=`,
 *   `both=` and `leak=` (the texts written for each, which must read back as that mark).
 * - Refused, with the column: an unknown field or option, a bad value, an unclosed or a
 *   stray brace, an empty component, a file name with neither {code} nor {contentId}.
 */
import { type NameMarks, NO_MARKS, readMarksText } from "../../codes/index.js";
import { stableCode, VideoCatalogError } from "../../lib/video-catalog-error.js";

export type FieldName = "code" | "contentId" | "title" | "actresses" | "maker" | "label" | "series" | "year" | "month" | "day" | "date" | "part" | "marks";

/** The options each field takes; `none` is every text field's. */
const OPTIONS: Record<FieldName, readonly string[]> = {
  code: [],
  contentId: [],
  part: [],
  title: ["none"],
  maker: ["none"],
  label: ["none"],
  series: ["none"],
  year: ["none"],
  month: ["none"],
  day: ["none"],
  date: ["none"],
  actresses: ["none", "max", "join", "more"],
  marks: ["subtitles", "uncensored", "both", "leak"],
};

/**
 * What `{marks}` writes, as Movie Data Capture names files (core.py: `-C` subtitles, `-U` a
 * cracked copy, `-UC` both) and as it and mdcx name a leak (`-流出`, mdcx's leak_style
 * default); a leak first, then the rest, as both write them.
 */
export const MARK_TEXTS = { subtitles: "-C", uncensored: "-U", both: "-UC", leak: "-流出" } as const;

export type Token = { kind: "text"; text: string } | { kind: "field"; field: FieldName; options: Readonly<Record<string, string>>; column: number };

export class TemplateError extends VideoCatalogError {
  static {
    stableCode(TemplateError, "VC_ERR_TEMPLATE");
  }
  constructor(
    message: string,
    /** 1-based column in the template text. */
    readonly column: number,
  ) {
    super(`${message} at column ${column}`);
  }
}

export interface Template {
  source: string;
  /** The folder components, in order, each a list of text and fields. */
  folders: Token[][];
  /** The file name (no extension); ends with {part} when the template had none. */
  file: Token[];
}

/** The marks each `{marks}` option names, for checking that its text reads back as them. */
const MARK_OF: Record<string, NameMarks> = {
  subtitles: { ...NO_MARKS, subtitles: true },
  uncensored: { ...NO_MARKS, uncensored: true },
  both: { ...NO_MARKS, subtitles: true, uncensored: true },
  leak: { ...NO_MARKS, leak: true },
};

const same = (a: NameMarks | null, b: NameMarks) => a !== null && a.subtitles === b.subtitles && a.uncensored === b.uncensored && a.leak === b.leak;

function checkOption(field: FieldName, key: string, value: string, column: number): void {
  if (!OPTIONS[field].includes(key)) {
    const known = OPTIONS[field].length > 0 ? `: it takes ${OPTIONS[field].join(", ")}` : ": it takes none";
    throw new TemplateError(`unknown option "${key}" of {${field}}${known}`, column);
  }
  if (key === "max" && !/^[1-9]\d{0,2}$/.test(value)) throw new TemplateError(`{${field}}'s max must be a whole number from 1, not "${value}"`, column);
  if (field === "marks" && !same(readMarksText(value), MARK_OF[key])) {
    throw new TemplateError(`{marks}'s ${key}="${value}" would not read back as that mark (write it like -C, -U, -UC, -leak)`, column);
  }
}

/** Reads `field:options}` from `at` (just after the `{`); answers the token and where it ended. */
function readField(text: string, at: number): { token: Token; end: number } {
  const column = at;
  const name = /^[A-Za-z]+/.exec(text.slice(at))?.[0] ?? "";
  if (!(name in OPTIONS)) {
    const close = text.indexOf("}", at);
    const shown = close < 0 ? text.slice(at, at + 20) : text.slice(at, close);
    throw new TemplateError(`unknown field {${shown}}: the fields are ${Object.keys(OPTIONS).join(", ")}`, column);
  }
  const field = name as FieldName;
  const options: Record<string, string> = {};
  let i = at + name.length;
  if (text[i] === ":") {
    i++;
    for (;;) {
      const optColumn = i + 1;
      const key = /^[A-Za-z]+/.exec(text.slice(i))?.[0] ?? "";
      if (key === "" || text[i + key.length] !== "=") throw new TemplateError(`{${field}}: expected option=value`, optColumn);
      i += key.length + 1;
      let value = "";
      while (i < text.length && text[i] !== "," && text[i] !== "}") {
        if (text[i] === "{") throw new TemplateError(`"{" inside {${field}} (write \\{ in a value)`, i + 1);
        if (text[i] === "\\" && i + 1 < text.length) i++;
        value += text[i++];
      }
      if (i >= text.length) break;
      checkOption(field, key, value, optColumn);
      if (key in options) throw new TemplateError(`option "${key}" of {${field}} given twice`, optColumn);
      options[key] = value;
      if (text[i] === "}") break;
      i++;
    }
  }
  if (text[i] !== "}")
    throw new TemplateError(i >= text.length ? `unclosed brace {${field}` : `unexpected "${text[i]}" in {${field}}`, i >= text.length ? column : i + 1);
  return { token: { kind: "field", field, options, column }, end: i + 1 };
}

/** The template's components, each a list of tokens, with the column where each starts. */
function tokenize(text: string): Array<{ tokens: Token[]; column: number }> {
  const components: Array<{ tokens: Token[]; column: number }> = [{ tokens: [], column: 1 }];
  let literal = "";
  const flush = () => {
    if (literal !== "") components[components.length - 1].tokens.push({ kind: "text", text: literal });
    literal = "";
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if ((ch === "{" || ch === "}") && text[i + 1] === ch) {
      literal += ch;
      i += 2;
    } else if (ch === "{") {
      flush();
      const { token, end } = readField(text, i + 1);
      components[components.length - 1].tokens.push(token);
      i = end;
    } else if (ch === "}") {
      throw new TemplateError('stray "}" (write }} for a literal brace)', i + 1);
    } else if (ch === "/") {
      flush();
      components.push({ tokens: [], column: i + 2 });
      i++;
    } else {
      literal += ch;
      i++;
    }
  }
  flush();
  return components;
}

const hasField = (tokens: Token[], ...fields: FieldName[]) => tokens.some((t) => t.kind === "field" && fields.includes(t.field));

/** Parses a template; throws a TemplateError that says what is wrong and at which column. */
export function parseTemplate(text: string): Template {
  const components = tokenize(text);
  for (const c of components) {
    const blank = c.tokens.every((t) => t.kind === "text" && t.text.trim() === "");
    if (blank) throw new TemplateError("empty path component (nothing between two /, or a / at an end)", c.column);
  }
  const last = components[components.length - 1];
  if (!hasField(last.tokens, "code", "contentId")) {
    throw new TemplateError("the file name (after the last /) must hold {code} or {contentId}, so every file keeps its code", last.column);
  }
  // A stack's parts must stay apart: the part goes at the end when the template has no place for it.
  const file = hasField(last.tokens, "part")
    ? last.tokens
    : [...last.tokens, { kind: "field" as const, field: "part" as const, options: {}, column: text.length + 1 }];
  return { source: text, folders: components.slice(0, -1).map((c) => c.tokens), file };
}
