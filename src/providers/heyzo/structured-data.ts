/**
 * The schema.org Movie a HEYZO title page carries, in either of the two forms the site has
 * served it: a static `<script type="application/ld+json">` (the Japanese pages as
 * metatube-sdk-go and the scrapers of 2021-2025 read them), or, since the site moved it into
 * JavaScript (the English pages of 2026: OpenAver's saved pages and issue #106), a
 * `var movie_obj = {...}` object literal whose `actor` and `aggregateRating` are variables
 * defined beside it (`var person = {...}`). Both are read into one JSON object; the page
 * builds the second only in the browser, so its dates are a constant and not the title's.
 */
import { isObject, type JsonObject } from "../coerce.js";

export interface StructuredData {
  movie: JsonObject;
  /** Built by the page's script (movie_obj): its dateCreated and releasedEvent are not the title's. */
  scripted: boolean;
}

/**
 * JSON as the site writes it: control characters left raw inside strings (JavSP's HEYZO
 * reader parses with strict=False for them) and keys doubled in quotes (`""name"":`, which
 * flaskfarm's reader repairs). Anything else unreadable is null.
 */
export function lenientJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const repaired = escapeRawControls(text).replace(/""([^"\n]+)""\s*:/g, '"$1":');
    try {
      return JSON.parse(repaired);
    } catch {
      return null;
    }
  }
}

/** Raw newlines and tabs inside JSON strings, escaped. */
function escapeRawControls(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString && c === "\\") {
      out += c + (text[i + 1] ?? "");
      i++;
      continue;
    }
    if (c === '"') inString = !inString;
    out += inString && c < " " ? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}` : c;
  }
  return out;
}

/** The `{...}` that starts at `start` (a `{`), strings and nesting respected; null when unbalanced. */
export function balancedObject(text: string, start: number): string | null {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (quote !== null) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === "{") {
      depth++;
    } else if (c === "}" && --depth === 0) {
      return text.slice(start, i + 1);
    }
  }
  return null;
}

/** Every `var name = {...}` object literal of a script, by name. */
function objectVariables(script: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const m of script.matchAll(/\bvar\s+([A-Za-z_$][\w$]*)\s*=\s*\{/g)) {
    const body = balancedObject(script, m.index + m[0].length - 1);
    if (body !== null && !vars.has(m[1])) vars.set(m[1], body);
  }
  return vars;
}

/** Bare identifiers outside strings (`"actor":person`) replaced by `value(name)`. */
function replaceIdentifiers(body: string, value: (name: string) => string): string {
  let out = "";
  let quote: string | null = null;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quote !== null) {
      out += c;
      if (c === "\\") out += body[++i] ?? "";
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    const word = /^[A-Za-z_$][\w$]*/.exec(body.slice(i, i + 64));
    if (word !== null && /[:,[]\s*$/.test(out)) {
      out += ["true", "false", "null"].includes(word[0]) ? word[0] : value(word[0]);
      i += word[0].length - 1;
      continue;
    }
    out += c;
  }
  return out;
}

/** movie_obj with its variables put in place (an unknown one as null), as JSON. */
function scriptedMovie(script: string): JsonObject | null {
  const vars = objectVariables(script);
  const body = vars.get("movie_obj");
  if (body === undefined) return null;
  const json = replaceIdentifiers(body, (name) => {
    const value = vars.get(name);
    return JSON.stringify(value === undefined ? null : lenientJson(value));
  });
  const movie = lenientJson(json);
  return isObject(movie) ? movie : null;
}

/** Only an object of `@type` Movie is the title's (JavSP and OpenAver take no other): a page's other blocks (a breadcrumb, the site) are not. */
const isMovie = (v: unknown): v is JsonObject => isObject(v) && v["@type"] === "Movie";

/** The Movie of a page's scripts (the texts of its `<script>` elements), or null when it has none. */
export function readStructuredData(ldJson: readonly string[], scripts: readonly string[]): StructuredData | null {
  for (const text of ldJson) {
    const movie = lenientJson(text.trim());
    if (isMovie(movie)) return { movie, scripted: false };
  }
  for (const script of scripts) {
    if (!script.includes("movie_obj")) continue;
    const movie = scriptedMovie(script);
    if (isMovie(movie)) return { movie, scripted: true };
  }
  return null;
}
