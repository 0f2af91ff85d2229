/**
 * Jellyfin and Emby (both grown from MediaBrowser): `POST /Library/Media/Updated` with the folder,
 * which each takes as "look at what changed here" and answers 204 at once (the scan runs after).
 * Jellyfin: LibraryController.PostUpdatedMedia, its body a MediaUpdateInfoDto of
 * MediaUpdateInfoPathDto { Path, UpdateType } (PascalCase, as its JSON options name properties).
 * Its token goes as `Authorization: MediaBrowser Token="…"`, the one header its
 * AuthorizationContext reads once legacy authorization is off (Jellyfin 12's default:
 * jellyfin/jellyfin#17245); `X-Emby-Token` and `?api_key=` are refused there.
 * Emby: the same operation (Emby.SDK's LibraryService PostLibraryMediaUpdated, LibraryPostUpdatedMedia
 * of LibraryMediaUpdateInfo { Path, UpdateType }); its API-key authentication is the
 * `X-Emby-Token` header (Emby's "API Key Authentication" page), not Jellyfin's scheme.
 */
import type { HttpClient } from "../net/index.js";
import { MediaServerError, notFound, shownAddress } from "./errors.js";
import { theirPath } from "./paths.js";
import type { MediaServer } from "./types.js";

/** The request's body: one update, the folder as the server names it. */
export function mediaUpdatedBody(path: string): string {
  return JSON.stringify({ Updates: [{ Path: path, UpdateType: "Created" }] });
}

/** The header that carries the token, each server's own. */
export function tokenHeader(server: MediaServer): Record<string, string> {
  // Jellyfin's parser URL-decodes the value and ends it at a quote or comma: the config refuses quotes.
  return server.kind === "jellyfin" ? { authorization: `MediaBrowser Token="${server.token}"` } : { "x-emby-token": server.token };
}

/** Tells Jellyfin or Emby; a failure of the client is the caller's to judge (tellFolder). */
export async function tellMediaBrowser(http: HttpClient, server: MediaServer, folder: string, signal?: AbortSignal): Promise<void> {
  const result = await http.post(`${server.url}/Library/Media/Updated`, {
    body: mediaUpdatedBody(theirPath(folder, server.pathMap)),
    headers: tokenHeader(server),
    ...(signal === undefined ? {} : { signal }),
  });
  if (result.status === "not_found") throw notFound(server.kind, server.url, result.httpStatus, "/Library/Media/Updated");
  // Both answer 204 and no body; a page is someone else's (a sign-in proxy the request was sent on to), nothing told.
  if (/text\/html/i.test(result.contentType)) {
    throw new MediaServerError(
      `${server.kind} at ${shownAddress(server.url)} answered with a web page (HTTP ${result.httpStatus}), not as ${server.kind}: is a proxy in front of it?`,
      {
        kind: "bad_answer",
        retryable: false,
        target: server.kind,
        httpStatus: result.httpStatus,
      },
    );
  }
}
