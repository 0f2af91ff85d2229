import { invalidParameter } from "../../lib/errors.js";

export type RawFilter = Record<string, unknown>;

/**
 * Reads a GET `filter`: JSON object text, or `key:value` terms separated by
 * spaces, values with spaces in double quotes (`maker:"S1 NO.1 STYLE"`, `\"`
 * for a quote inside). A key given twice collects both values (they AND).
 */
export function parseFilterText(text: string): RawFilter {
  const trimmed = text.trim();
  if (trimmed === "") return {};
  if (trimmed.startsWith("{")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw invalidParameter("filter is not valid JSON");
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw invalidParameter("filter must be a JSON object");
    }
    return parsed as RawFilter;
  }
  return parseTerms(trimmed);
}

function parseTerms(text: string): RawFilter {
  // No prototype: a key such as `__proto__` or `constructor` is just an unknown key.
  const out: RawFilter = Object.create(null);
  let i = 0;
  const add = (key: string, value: string) => {
    const prev = out[key];
    out[key] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
  };
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (i >= text.length) break;
    const keyStart = i;
    while (i < text.length && text[i] !== ":" && !/\s/.test(text[i])) i++;
    const key = text.slice(keyStart, i);
    if (text[i] !== ":" || key === "") {
      throw invalidParameter(`filter term "${key || text.slice(keyStart, keyStart + 20)}" is not key:value`);
    }
    i++;
    let value = "";
    if (text[i] === '"') {
      i++;
      let closed = false;
      while (i < text.length) {
        if (text[i] === "\\" && i + 1 < text.length) {
          value += text[i + 1];
          i += 2;
        } else if (text[i] === '"') {
          closed = true;
          i++;
          break;
        } else value += text[i++];
      }
      if (!closed) throw invalidParameter(`filter value of "${key}" has no closing quote`);
    } else {
      const start = i;
      while (i < text.length && !/\s/.test(text[i])) i++;
      value = text.slice(start, i);
    }
    if (value === "") throw invalidParameter(`filter term "${key}" has no value`);
    add(key, value);
  }
  return out;
}
