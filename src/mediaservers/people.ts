/**
 * Jellyfin's and Emby's people, as `people push` asks and tells them (the same calls on both,
 * each server's own token header):
 * - the libraries: `GET /Library/MediaFolders` (LibraryController.GetMediaFolders: a QueryResult of
 *   BaseItemDto, Items[] with Id, Name, CollectionType);
 * - a library's titles with their people: `GET /Items?ParentId=…&Recursive=true&IncludeItemTypes=Movie
 *   &Fields=People,Path,ProviderIds&StartIndex=…&Limit=…` (ItemsController.GetItems; People[] of
 *   BaseItemPerson { Name, Id, Type }), page after page up to TotalRecordCount;
 * - how many items credit a person, in a library or anywhere: the same with `PersonIds=…&Limit=0`;
 * - a person item whole: `GET /Persons/{name}` (PersonsController.GetPerson), which mdcx's
 *   emby_actor_info reads before it writes; Jellyfin keys persons by name, so one item serves
 *   every library that credits the name;
 * - her overview: `POST /Items/{id}` with that item back, Overview changed (ItemUpdateController.
 *   UpdateItem sets Name, Overview, dates... from the body: a partial body would blank them);
 * - her picture: `POST /Items/{id}/Images/Primary`, the body the image's bytes in base64 text and
 *   the image's own Content-Type (ImageController.SetItemImage decodes the body through
 *   FromBase64Transform and refuses a type that is not an image; mdcx's emby_actor_image sends
 *   the same to Emby).
 */
import { type HttpClient, UpstreamError } from "../net/index.js";
import { fromUpstream, MediaServerError, notFound, shownAddress } from "./errors.js";
import { tokenHeader } from "./mediabrowser.js";
import type { MediaServer } from "./types.js";

export interface ServerLibrary {
  id: string;
  name: string;
  /** movies, tvshows, homevideos, boxsets...; null for a mixed library. */
  collectionType: string | null;
}

export interface ServerPerson {
  id: string;
  name: string;
  /** Actor, Director...: the server's kind of credit. */
  type: string;
}

export interface ServerItem {
  id: string;
  name: string;
  /** The file as the server names it; null when the server gave none. */
  path: string | null;
  providerIds: Record<string, string>;
  people: ServerPerson[];
}

/** Items asked per page of a library. */
const PAGE = 200;

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

function badAnswer(server: MediaServer, what: string): MediaServerError {
  return new MediaServerError(`${server.kind} at ${shownAddress(server.url)} answered ${what} with something else than ${server.kind} does`, {
    kind: "bad_answer",
    retryable: false,
    target: server.kind,
  });
}

/** One call, its client failure as the verdict on this server. */
async function asked<T>(server: MediaServer, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw err instanceof UpstreamError ? fromUpstream(err, server.kind, server.url) : err;
  }
}

/** A JSON object the server answers `path` with; null for a 404 when `missing` allows it. */
async function getObject(http: HttpClient, server: MediaServer, path: string, signal?: AbortSignal, missing = false): Promise<Record<string, unknown> | null> {
  const res = await asked(server, () => http.getJson(`${server.url}${path}`, { headers: tokenHeader(server), ...(signal ? { signal } : {}) }));
  if (res.status === "not_found") {
    if (missing) return null;
    throw notFound(server.kind, server.url, res.httpStatus, path.split("?")[0]);
  }
  if (res.status !== "ok" || typeof res.data !== "object" || res.data === null || Array.isArray(res.data)) throw badAnswer(server, path.split("?")[0]);
  return res.data as Record<string, unknown>;
}

/** A QueryResult's Items and TotalRecordCount. */
async function getItems(
  http: HttpClient,
  server: MediaServer,
  path: string,
  signal?: AbortSignal,
): Promise<{ items: Record<string, unknown>[]; total: number }> {
  const data = (await getObject(http, server, path, signal)) as Record<string, unknown>;
  const items = data.Items;
  if (!Array.isArray(items)) throw badAnswer(server, path.split("?")[0]);
  const total = typeof data.TotalRecordCount === "number" ? data.TotalRecordCount : items.length;
  return { items: items.filter((i): i is Record<string, unknown> => typeof i === "object" && i !== null), total };
}

/** The server's libraries. */
export async function mediaFolders(http: HttpClient, server: MediaServer, signal?: AbortSignal): Promise<ServerLibrary[]> {
  const { items } = await getItems(http, server, "/Library/MediaFolders", signal);
  return items.flatMap((i) => {
    const id = str(i.Id);
    return id === null ? [] : [{ id, name: str(i.Name) ?? id, collectionType: str(i.CollectionType) }];
  });
}

function itemOf(i: Record<string, unknown>): ServerItem | null {
  const id = str(i.Id);
  if (id === null) return null;
  const ids = typeof i.ProviderIds === "object" && i.ProviderIds !== null ? (i.ProviderIds as Record<string, unknown>) : {};
  const people = (Array.isArray(i.People) ? i.People : []).flatMap((p: Record<string, unknown>) => {
    const [pid, name] = [str(p?.Id), str(p?.Name)];
    return pid === null || name === null ? [] : [{ id: pid, name, type: str(p.Type) ?? "" }];
  });
  const providerIds = Object.fromEntries(Object.entries(ids).filter((e): e is [string, string] => typeof e[1] === "string"));
  return { id, name: str(i.Name) ?? "", path: str(i.Path), providerIds, people };
}

/** A library's titles with their people, a page at a time. */
export async function* libraryItems(http: HttpClient, server: MediaServer, libraryId: string, signal?: AbortSignal, page = PAGE): AsyncGenerator<ServerItem[]> {
  for (let start = 0; ; start += page) {
    const query = new URLSearchParams({
      ParentId: libraryId,
      Recursive: "true",
      IncludeItemTypes: "Movie",
      Fields: "People,Path,ProviderIds",
      StartIndex: String(start),
      Limit: String(page),
    });
    const { items, total } = await getItems(http, server, `/Items?${query}`, signal);
    yield items.flatMap((i) => itemOf(i) ?? []);
    if (items.length < page || start + page >= total) return;
  }
}

/** How many items credit the person `personId`: in the library `libraryId`, or anywhere on the server (null). */
export async function itemsCrediting(http: HttpClient, server: MediaServer, personId: string, libraryId: string | null, signal?: AbortSignal): Promise<number> {
  const query = new URLSearchParams({ PersonIds: personId, Recursive: "true", Limit: "0" });
  if (libraryId !== null) query.set("ParentId", libraryId);
  return (await getItems(http, server, `/Items?${query}`, signal)).total;
}

/** The person item of this name, whole, as the server gives it; null when it has none. */
export function personItem(http: HttpClient, server: MediaServer, name: string, signal?: AbortSignal): Promise<Record<string, unknown> | null> {
  return getObject(http, server, `/Persons/${encodeURIComponent(name)}`, signal, true);
}

async function postTo(http: HttpClient, server: MediaServer, path: string, body: string, contentType: string, signal?: AbortSignal): Promise<void> {
  const res = await asked(server, () => http.post(`${server.url}${path}`, { body, contentType, headers: tokenHeader(server), ...(signal ? { signal } : {}) }));
  if (res.status === "not_found") throw notFound(server.kind, server.url, res.httpStatus, path);
}

/** Writes a person item's overview: the item as read, its Overview replaced (the update takes the whole item). */
export function postOverview(http: HttpClient, server: MediaServer, item: Record<string, unknown>, overview: string, signal?: AbortSignal): Promise<void> {
  const id = str(item.Id);
  if (id === null) return Promise.reject(badAnswer(server, "/Persons"));
  return postTo(http, server, `/Items/${encodeURIComponent(id)}`, JSON.stringify({ ...item, Overview: overview }), "application/json", signal);
}

/** Sets an item's primary image: the bytes in base64, under the image's own type. */
export function postPrimaryImage(
  http: HttpClient,
  server: MediaServer,
  itemId: string,
  bytes: Buffer,
  contentType: string,
  signal?: AbortSignal,
): Promise<void> {
  return postTo(http, server, `/Items/${encodeURIComponent(itemId)}/Images/Primary`, bytes.toString("base64"), contentType, signal);
}
