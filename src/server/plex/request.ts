/**
 * What a Plex request says beside its path and body: the common headers Plex sends either as
 * headers or as query parameters ("API Endpoints.md", "Common Request Headers"), of which the
 * provider reads X-Plex-Language. X-Plex-Container-Start and -Size page what the docs page
 * ("Response Paging": `/children` and `/grandchildren`, which a movie has none of here), not a
 * match: match.ts answers it whole.
 */
import type { FastifyRequest } from "fastify";
import type { Config } from "../../config/load.js";
import type { Language } from "../../services/titles/title-names.js";
import type { Pictures } from "./image-urls.js";
import type { PlexView } from "./metadata-object.js";

type Query = Record<string, string | string[] | undefined>;

/** A common header's value: the header, else the query parameter of that name (any case), else undefined. */
export function plexValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers[name.toLowerCase()];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader !== undefined && fromHeader.trim() !== "") return fromHeader.trim();
  const query = (request.query ?? {}) as Query;
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(query)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (k.toLowerCase() === wanted && value !== undefined && value.trim() !== "") return value.trim();
  }
  return undefined;
}

/**
 * The language Plex asks for (an IETF tag, `en-US`, `ja-JP`): Japanese or English by its
 * language subtag; any other, or none, is MEDIA_LANGUAGE's. Each field falls back to the
 * other language where the record has none in this one (services/titles/title-names.ts).
 */
export function languageOf(request: FastifyRequest, fallback: Language): Language {
  const tag = plexValue(request, "X-Plex-Language")?.toLowerCase().split(/[-_]/)[0];
  return tag === "ja" || tag === "en" ? tag : fallback;
}

/** How a request's Metadata objects are written: its language, where its pictures are (decided once: plugin.ts), the title setting. */
export function viewOf(request: FastifyRequest, config: Config, pictures: Pictures): PlexView {
  return { lang: languageOf(request, config.mediaLanguage), pictures, titleCode: config.plexTitleCode };
}
