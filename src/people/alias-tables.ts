/**
 * The alias tables users of other scrapers already keep, read into entries of one
 * person's names each (pure code; `people import-aliases` reads them in):
 *
 * - JavSP's `actress_alias.json`: an object whose keys are the names JavSP writes and whose
 *   values are the arrays of names it maps to that key (the key is often among them too).
 * - mdcx's `mapping_actor.xml` (Movie Data Capture's format): `<a>` elements under the root
 *   `<actor>`, each with the names it outputs per language (`zh_cn`, `zh_tw`, `jp`) and the
 *   names it matches in `keyword`, a comma-separated list with commas at both ends.
 *
 * Which one a file is, is read from its content, never its name.
 */
import { load } from "cheerio";
import { stableCode, VideoCatalogError } from "../lib/video-catalog-error.js";

export type AliasFormat = "javsp" | "mdcx";

export interface AliasTable {
  format: AliasFormat;
  /** One person's names each, as the file writes them, each name once. */
  entries: string[][];
}

/** A file that is neither table, with why. */
export class AliasTableError extends VideoCatalogError {
  static {
    stableCode(AliasTableError, "VC_ERR_ALIAS_TABLE");
  }
}

const clean = (names: readonly unknown[]): string[] => {
  const out: string[] = [];
  for (const n of names) {
    if (typeof n !== "string") continue;
    const t = n.trim();
    if (t !== "" && !out.includes(t)) out.push(t);
  }
  return out;
};

function readJavsp(text: string): string[][] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new AliasTableError(`not JSON: ${(e as Error).message}`);
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw new AliasTableError("not JavSP's actress_alias.json: its top level is no object");
  const entries = Object.entries(data as Record<string, unknown>);
  if (entries.some(([, v]) => !Array.isArray(v))) throw new AliasTableError("not JavSP's actress_alias.json: each name must map to an array of names");
  return entries.map(([key, names]) => clean([key, ...(names as unknown[])])).filter((e) => e.length > 0);
}

function readMdcx(text: string): string[][] {
  const $ = load(text, { xml: true });
  const items = $("actor > a");
  if (items.length === 0) throw new AliasTableError("not mdcx's mapping_actor.xml: no <a> element under <actor>");
  return items
    .toArray()
    .map((a) => {
      const attr = (name: string) => $(a).attr(name) ?? "";
      return clean([attr("jp"), attr("zh_tw"), attr("zh_cn"), ...attr("keyword").split(",")]);
    })
    .filter((e) => e.length > 0);
}

/** A user's alias table, its format read from its content (an XML declaration or `<actor>`: mdcx; a JSON object: JavSP). */
export function readAliasTable(text: string): AliasTable {
  const body = text.replace(/^\uFEFF/, "").trimStart();
  if (body.startsWith("<")) return { format: "mdcx", entries: readMdcx(body) };
  if (body.startsWith("{")) return { format: "javsp", entries: readJavsp(body) };
  throw new AliasTableError("neither JavSP's actress_alias.json (a JSON object) nor mdcx's mapping_actor.xml (XML)");
}
