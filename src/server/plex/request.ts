/**
 * What a Plex request says beside its path and body: the common headers Plex sends either as
 * headers or as query parameters ("API Endpoints.md", "Common Request Headers"), of which the
 * provider reads X-Plex-Language, and where this service is, as Plex reaches it.
 * X-Plex-Container-Start and -Size page what the docs page ("Response Paging": `/children` and
 * `/grandchildren`, which a movie has none of here), not a match: match.ts answers it whole.
 */
import type { FastifyRequest } from "fastify";
import type { Config } from "../../config/load.js";
import type { Language } from "../../services/title-names.js";
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
 * other language where the record has none in this one (services/title-names.ts).
 */
export function languageOf(request: FastifyRequest, fallback: Language): Language {
  const tag = plexValue(request, "X-Plex-Language")?.toLowerCase().split(/[-_]/)[0];
  return tag === "ja" || tag === "en" ? tag : fallback;
}

/** A Host as a URL's authority may carry it (a name or address, an optional port): anything else is not used. */
const AUTHORITY = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * This service's address as Plex reaches it, without a trailing slash: PUBLIC_URL when set
 * (with the path a reverse proxy puts it under), else the request's protocol and Host, which
 * Fastify takes from X-Forwarded-Proto and X-Forwarded-Host only with TRUST_PROXY.
 */
export function publicBase(request: FastifyRequest, publicUrl: string): string {
  if (publicUrl !== "") return publicUrl;
  const host = AUTHORITY.test(request.host) ? request.host : "localhost";
  return `${request.protocol === "https" ? "https" : "http"}://${host}`;
}

/** How a request's Metadata objects are written: its language, the service's address, the title setting. */
export function viewOf(request: FastifyRequest, config: Config): PlexView {
  return {
    lang: languageOf(request, config.mediaLanguage),
    base: publicBase(request, config.publicUrl),
    titleCode: config.plexTitleCode,
  };
}
