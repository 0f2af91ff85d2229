/**
 * Plex: a partial scan of one folder, `GET /library/sections/{id}/refresh?path=<folder>` with the
 * token in `X-Plex-Token` (pkkid/python-plexapi, LibrarySection.update(path): the path
 * form-encoded, as quote_plus does). The sections are the settings' or those a location of
 * which holds the folder, read from `GET /library/sections` (its XML: MediaContainer > Directory
 * key=… > Location path=…; python-plexapi's Library._loadSections and LibrarySection.locations).
 */
import { load } from "cheerio";
import type { HttpClient } from "../net/index.js";
import { MediaServerError, notFound, shownAddress } from "./errors.js";
import { holds, theirPath } from "./paths.js";
import type { MediaServer } from "./types.js";

export interface PlexSection {
  key: string;
  locations: string[];
}

/** The sections of Plex's `/library/sections` answer; null when it is not that document. */
export function parseSections(xml: string): PlexSection[] | null {
  const $ = load(xml, { xml: true });
  if ($("MediaContainer").length === 0) return null;
  return $("MediaContainer > Directory")
    .toArray()
    .map((dir) => ({
      key: $(dir).attr("key") ?? "",
      locations: $(dir)
        .children("Location")
        .toArray()
        .map((loc) => $(loc).attr("path") ?? "")
        .filter(Boolean),
    }))
    .filter((s) => /^\d+$/.test(s.key));
}

/** The keys of the sections a location of which holds `path` (the server's path). */
export function sectionsHolding(sections: readonly PlexSection[], path: string): string[] {
  return sections.filter((s) => s.locations.some((loc) => holds(loc, path))).map((s) => s.key);
}

function init(server: MediaServer, signal: AbortSignal | undefined, accept: string) {
  return { headers: { "x-plex-token": server.token }, accept, ...(signal === undefined ? {} : { signal }) };
}

async function sectionsFor(http: HttpClient, server: MediaServer, path: string, signal?: AbortSignal): Promise<string[]> {
  if (server.sections.length > 0) return server.sections;
  const res = await http.getText(`${server.url}/library/sections`, init(server, signal, "application/xml"));
  if (res.status === "not_found") throw notFound("plex", server.url, res.httpStatus, "/library/sections");
  const sections = parseSections(res.text);
  if (sections === null) {
    throw new MediaServerError(`plex at ${shownAddress(server.url)} answered /library/sections with no MediaContainer: is it Plex?`, {
      kind: "bad_answer",
      retryable: false,
      target: "plex",
    });
  }
  const keys = sectionsHolding(sections, path);
  if (keys.length === 0) {
    const where = sections.flatMap((s) => s.locations).join(", ") || "none";
    throw new MediaServerError(
      `plex at ${shownAddress(server.url)} has no library section whose folder holds ${path} (its folders: ${where}); set PLEX_PATH_MAP or PLEX_SECTIONS`,
      { kind: "no_section", retryable: false, target: "plex" },
    );
  }
  return keys;
}

export async function tellPlex(http: HttpClient, server: MediaServer, folder: string, signal?: AbortSignal): Promise<void> {
  const path = theirPath(folder, server.pathMap);
  for (const key of await sectionsFor(http, server, path, signal)) {
    const query = new URLSearchParams({ path }).toString();
    const res = await http.getBytes(`${server.url}/library/sections/${key}/refresh?${query}`, init(server, signal, "*/*"));
    if (res.status === "not_found") throw notFound("plex", server.url, res.httpStatus, `library section ${key}`);
  }
}
