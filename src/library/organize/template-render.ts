/**
 * A parsed template rendered for one title's file: a pure function from fields to path
 * components, each a list of pieces. A field's value is put in as it is (its whitespace
 * runs made one space): it is never read as template text. Empty fields leave no trace: a
 * bracket pair holding only empty fields and spaces goes with them, and the separators
 * around an empty field collapse to one (or to none at a component's start or end); a
 * folder that renders empty is left out. Names legal on a file system come after this.
 */
import type { NameMarks } from "../../codes/index.js";
import { type FieldName, MARK_TEXTS, type Template, type Token } from "./template-syntax.js";

export interface TemplateFields {
  /** dvdId, e.g. ABP-123 */
  code: string;
  /** e.g. abp00123 */
  contentId: string;
  title: string;
  /** In the order of the record; may be empty. */
  actresses: string[];
  /** "" when none. */
  maker: string;
  label: string;
  series: string;
  /** "YYYY-MM-DD" or "". */
  releaseDate: string;
  /** The part of a stack, else null. */
  part: number | null;
  marks: NameMarks;
}

/** One piece of a rendered component; `title` pieces are the only ones a length limit may shorten. */
export interface Piece {
  text: string;
  title: boolean;
  /** The code, content id, part or marks: never shortened, not even as a last resort. */
  keep?: boolean;
}

/** folders: components in order; file: the file name without extension. */
export interface RenderedPath {
  folders: Piece[][];
  file: Piece[];
}

const KEEP: ReadonlySet<FieldName> = new Set(["code", "contentId", "part", "marks"]);
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const OPENERS: Record<string, string> = { ")": "(", "]": "[", "}": "{", "）": "（", "】": "【", "」": "「", "』": "『", "〕": "〔", "］": "［" };
const OPENING = new Set(Object.values(OPENERS));
/** What joins the fields of a name: collapsed around an empty field. */
const SEPARATOR = /^[ \-_.,、・·~|+–—]$/u;

function actresses(names: string[], o: Readonly<Record<string, string>>): string {
  const list = names.map((n) => n.replace(/\s+/g, " ").trim()).filter((n) => n !== "");
  if (list.length === 0) return o.none ?? "Unknown";
  const max = Number(o.max ?? 3);
  const join = o.join ?? ", ";
  return list.length > max ? list.slice(0, max).join(join) + (o.more ?? " et al.") : list.join(join);
}

function marks(m: NameMarks, o: Readonly<Record<string, string>>): string {
  const text = (k: keyof typeof MARK_TEXTS) => o[k] ?? MARK_TEXTS[k];
  const edition = m.subtitles && m.uncensored ? text("both") : m.subtitles ? text("subtitles") : m.uncensored ? text("uncensored") : "";
  return (m.leak ? text("leak") : "") + edition;
}

/** A field's text for these fields ("" when it has none and no `none=`). */
function fieldText(token: Extract<Token, { kind: "field" }>, f: TemplateFields): string {
  const o = token.options;
  const date = DATE.exec(f.releaseDate);
  const plain = (s: string) => s.replace(/\s+/g, " ").trim();
  const text: Record<FieldName, () => string> = {
    code: () => f.code,
    contentId: () => f.contentId,
    title: () => plain(f.title),
    actresses: () => actresses(f.actresses, o),
    maker: () => plain(f.maker),
    label: () => plain(f.label),
    series: () => plain(f.series),
    year: () => date?.[1] ?? "",
    month: () => date?.[2] ?? "",
    day: () => date?.[3] ?? "",
    date: () => (date ? date[0] : ""),
    part: () => (f.part === null ? "" : `-cd${f.part}`),
    marks: () => marks(f.marks, o),
  };
  const value = text[token.field]();
  return value === "" ? (o.none ?? "") : value;
}

/** A component as atoms: one per character of its text, one per field. */
type Atom = { ch: string } | { field: FieldName; text: string };
const isEmpty = (a: Atom | undefined) => a !== undefined && "field" in a && a.text === "";

/** Brackets that hold only empty fields, spaces and separators (at least one field) become one empty field. */
function dropEmptyBrackets(atoms: Atom[]): Atom[] {
  const out: Atom[] = [];
  const open: number[] = [];
  for (const a of atoms) {
    if ("ch" in a && OPENING.has(a.ch)) open.push(out.length);
    if ("ch" in a && a.ch in OPENERS) {
      const at = open.length > 0 ? open[open.length - 1] : -1;
      const opener = out[at];
      if (opener !== undefined && "ch" in opener && opener.ch === OPENERS[a.ch]) {
        open.pop();
        const inner = out.slice(at + 1);
        const hollow = inner.some(isEmpty) && inner.every((x) => isEmpty(x) || ("ch" in x && SEPARATOR.test(x.ch)));
        if (hollow) {
          out.length = at;
          out.push({ field: "title", text: "" });
          continue;
        }
      }
    }
    out.push(a);
  }
  return out;
}

/**
 * Each run of separators around empty fields becomes the longest separator text in it
 * (` - {series} - ` -> ` - `), or nothing at the component's or a bracket's start or end
 * (`({series}, {year})` -> `(2021)`) or beside a field that brings its own (` [{label}]{marks}` -> `-C`).
 */
function collapseSeparators(atoms: Atom[]): Atom[] {
  const out: Atom[] = [];
  let i = 0;
  while (i < atoms.length) {
    const start = i;
    while (i < atoms.length && (isEmpty(atoms[i]) || ("ch" in atoms[i] && SEPARATOR.test((atoms[i] as { ch: string }).ch)))) i++;
    const run = atoms.slice(start, i);
    if (run.length === 0) {
      out.push(atoms[i++]);
      continue;
    }
    if (!run.some(isEmpty)) {
      out.push(...run);
      continue;
    }
    const before = atoms[start - 1];
    const after = atoms[i];
    const opens = before === undefined || ("ch" in before && OPENING.has(before.ch)) || edgeIsSeparator(before, "end");
    const closes = after === undefined || ("ch" in after && after.ch in OPENERS) || edgeIsSeparator(after, "start");
    if (opens || closes) continue;
    let best = "";
    for (const part of runTexts(run)) if (part.length > best.length) best = part;
    for (const ch of best) out.push({ ch });
  }
  return out;
}

/** A field beside the run brings its own separator there ({marks} and {part} start with "-"). */
function edgeIsSeparator(a: Atom, edge: "start" | "end"): boolean {
  if (!("field" in a)) return false;
  const ch = edge === "start" ? a.text[0] : a.text[a.text.length - 1];
  return ch !== undefined && SEPARATOR.test(ch);
}

/** The separator texts between the empty fields of a run. */
function runTexts(run: Atom[]): string[] {
  const texts = [""];
  for (const a of run) {
    if ("ch" in a) texts[texts.length - 1] += a.ch;
    else texts.push("");
  }
  return texts;
}

function renderComponent(tokens: Token[], f: TemplateFields): Piece[] {
  let atoms: Atom[] = tokens.flatMap((t): Atom[] => (t.kind === "text" ? [...t.text].map((ch) => ({ ch })) : [{ field: t.field, text: fieldText(t, f) }]));
  atoms = collapseSeparators(dropEmptyBrackets(atoms));
  const drafts: Array<Piece & { literal: boolean }> = [];
  for (const a of atoms) {
    const last = drafts[drafts.length - 1];
    if ("field" in a) {
      if (a.text !== "") drafts.push({ text: a.text, title: a.field === "title", keep: KEEP.has(a.field), literal: false });
    } else if (last?.literal) last.text += a.ch;
    else drafts.push({ text: a.ch, title: false, literal: true });
  }
  return drafts.map(({ text, title, keep }) => (keep ? { text, title, keep } : { text, title }));
}

/** Renders the template for one file: folders that render empty are left out. */
export function renderTemplate(t: Template, f: TemplateFields): RenderedPath {
  const folders = t.folders.map((c) => renderComponent(c, f)).filter((c) => c.some((p) => p.text.trim() !== ""));
  return { folders, file: renderComponent(t.file, f) };
}
