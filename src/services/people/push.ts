/**
 * `people push`: each actress credited in a library of Jellyfin or Emby gets her picture and
 * overview from the catalog, once; a second run sends only what changed since.
 *
 * Who is pushed, and who never is. The server is asked for the library's titles and their
 * people. A person of the server is ours when one person of the catalog holds her name
 * (findPersonId) and that person is credited on at least one of the server's titles she is
 * on, as the catalog knows it (its code read from the file, its name or its provider ids).
 * Both servers keep one person item per name for the whole server, so a person credited on
 * any item outside the library (a film star of the same name in "Movies") is left alone:
 * writing hers would change the other's.
 */
import { createHash } from "node:crypto";
import { getPerson, pushedTo, recordPushed, titleCredits } from "../../catalog/index.js";
import type { Images } from "../../images/index.js";
import {
  itemsCrediting,
  libraryItems,
  type MediaServer,
  MediaServerError,
  mediaFolders,
  personItem,
  postOverview,
  postPrimaryImage,
  type ServerItem,
  type ServerLibrary,
  type ServerPerson,
} from "../../mediaservers/index.js";
import type { HttpClient } from "../../net/index.js";
import type { ServiceDeps } from "../deps.js";
import { findTitles } from "../titles/find-title.js";
import type { Language } from "../titles/title-names.js";
import { overviewOf } from "./overview.js";
import { findPersonId, pictureOf } from "./person.js";

export interface PushParts {
  deps: ServiceDeps;
  /** The media servers' client (createMediaServerHttp). */
  http: HttpClient;
  /** Where her picture is fetched (and kept) from. */
  images: Images;
  now?: () => number;
}

export interface PushOptions {
  server: MediaServer;
  /** The library's name or id; null: the server's only library of titles. */
  library: string | null;
  dryRun: boolean;
  language: Language;
  signal?: AbortSignal;
  /** Each person's outcome, as it is settled. */
  onLine?: (line: PushLine) => void;
}

export type PushStatus = "sent" | "would send" | "unchanged" | "skipped" | "failed";

export interface PushLine {
  status: PushStatus;
  /** Her name on the server. */
  name: string;
  /** Our key of her; null when she is not ours. */
  key: string | null;
  /** What was (or would be) sent, or why not. */
  what: string;
  /** Whether her picture, her overview was sent (or would be, on a dry run). */
  picture: boolean;
  overview: boolean;
}

export interface PushReport {
  library: ServerLibrary;
  persons: number;
  pictures: number;
  overviews: number;
  counts: Record<PushStatus, number>;
}

/** Libraries that hold no titles of ours whatever they are called. */
const NOT_TITLES = new Set(["boxsets", "playlists", "music", "musicvideos", "books", "photos", "livetv"]);
/** The servers' kinds of credit an actress is listed under. */
const CAST = new Set(["Actor", "GuestStar", ""]);
/** Provider ids that are never one of our codes. */
const FOREIGN_IDS = /^(?:imdb|tmdb|tvdb|tmdbcollection|zap2it|tvrage)$/i;

const hash = (data: string | Buffer): string => createHash("sha256").update(data).digest("hex");

function noLibrary(server: MediaServer, why: string, libraries: readonly ServerLibrary[]): MediaServerError {
  const listed = libraries.map((l) => `"${l.name}" (${l.id})`).join(", ") || "none";
  return new MediaServerError(`${server.kind} at ${server.url} ${why} (its libraries: ${listed})`, {
    kind: "not_found",
    retryable: false,
    target: server.kind,
  });
}

/** The library asked for, by id or name (case aside); without one, the server's only library of titles. */
export function chooseLibrary(server: MediaServer, libraries: readonly ServerLibrary[], wanted: string | null): ServerLibrary {
  if (wanted !== null) {
    const norm = (s: string) => s.toLowerCase().replaceAll("-", "");
    const found = libraries.find((l) => norm(l.id) === norm(wanted)) ?? libraries.find((l) => l.name.toLowerCase() === wanted.toLowerCase());
    if (found === undefined) throw noLibrary(server, `has no library "${wanted}"`, libraries);
    return found;
  }
  const titled = libraries.filter((l) => l.collectionType === null || !NOT_TITLES.has(l.collectionType.toLowerCase()));
  if (titled.length !== 1) throw noLibrary(server, `has ${titled.length} libraries of titles: name the one to push to`, libraries);
  return titled[0];
}

/** The library's cast, each person with the library's titles she is credited on. */
async function castOf(parts: PushParts, o: PushOptions, library: ServerLibrary): Promise<Map<string, { person: ServerPerson; items: ServerItem[] }>> {
  const cast = new Map<string, { person: ServerPerson; items: ServerItem[] }>();
  for await (const page of libraryItems(parts.http, o.server, library.id, o.signal)) {
    for (const item of page) {
      for (const person of item.people) {
        if (!CAST.has(person.type)) continue;
        const had = cast.get(person.id);
        if (had === undefined) cast.set(person.id, { person, items: [item] });
        else had.items.push(item);
      }
    }
  }
  return cast;
}

/** Our persons credited on a server's title, as the catalog knows it (by the codes its file, name and provider ids give). */
function creditedOn(deps: ServiceDeps, item: ServerItem, seen: Map<string, Set<number>>): Set<number> {
  const known = seen.get(item.id);
  if (known !== undefined) return known;
  const asked = [item.path, item.name, ...Object.entries(item.providerIds).flatMap(([k, v]) => (FOREIGN_IDS.test(k) ? [] : [v, ...v.split(":")]))];
  const persons = new Set<number>();
  for (const q of new Set(asked)) {
    if (q === null || q.trim() === "") continue;
    const finding = findTitles(deps, q, { providers: null, live: false, text: "none" });
    // Without live lookups the catalog settles a code at once.
    if (finding instanceof Promise || finding.status !== "found") continue;
    for (const t of finding.titles) if (t.id !== null) for (const p of titleCredits(deps.db, t.id).values()) persons.add(p);
  }
  seen.set(item.id, persons);
  return persons;
}

type Match = { ok: true; personId: number } | { ok: false; why: string };

/** Whether the server's person is ours: one person holding her name, credited on one of her titles here. */
async function matchOf(
  parts: PushParts,
  o: PushOptions,
  library: ServerLibrary,
  entry: { person: ServerPerson; items: ServerItem[] },
  seen: Map<string, Set<number>>,
): Promise<Match> {
  const personId = findPersonId(parts.deps, entry.person.name);
  if (personId === null) return { ok: false, why: "no person of the catalog holds this name, or more than one does" };
  if (!entry.items.some((item) => creditedOn(parts.deps, item, seen).has(personId))) {
    return { ok: false, why: "not credited on any of her titles here as the catalog knows them" };
  }
  const here = await itemsCrediting(parts.http, o.server, entry.person.id, library.id, o.signal);
  const anywhere = await itemsCrediting(parts.http, o.server, entry.person.id, null, o.signal);
  if (anywhere > here) return { ok: false, why: `also credited on ${anywhere - here} item(s) outside "${library.name}": another person of this name` };
  return { ok: true, personId };
}

const SENT_AS_IS: Record<string, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif" };

/** Her picture as sent: the source's bytes under their own type, or (a format a server may not take) the whole image as JPEG. */
async function pictureBytes(images: Images, url: string, signal?: AbortSignal): Promise<{ bytes: Buffer; type: string }> {
  const source = await images.original(url, signal);
  const type = SENT_AS_IS[source.format];
  if (type !== undefined) return { bytes: source.bytes, type };
  return { bytes: (await images.get(url, { kind: "primary", ratio: 0 }, signal)).jpeg, type: "image/jpeg" };
}

interface Outgoing {
  picture: { bytes: Buffer; type: string; hash: string } | null;
  overview: { text: string; hash: string } | null;
  /** Why her picture is not sent although she has one (it could not be fetched). */
  note: string | null;
}

/** What she would be sent now: the halves whose hashes differ from those last sent to this item. */
async function outgoing(parts: PushParts, o: PushOptions, itemId: string, personId: number): Promise<Outgoing> {
  const record = getPerson(parts.deps.db, personId);
  if (record === null) return { picture: null, overview: null, note: null };
  const last = pushedTo(parts.deps.db, o.server.url, itemId);
  const text = overviewOf(record, o.language);
  const overview = last?.overviewHash === hash(text) ? null : { text, hash: hash(text) };
  const url = await pictureOf(parts.deps, record);
  if (url === null) return { picture: null, overview, note: null };
  try {
    const pic = await pictureBytes(parts.images, url, o.signal);
    const h = hash(pic.bytes);
    return { picture: last?.imageHash === h ? null : { ...pic, hash: h }, overview, note: null };
  } catch (err) {
    if (o.signal?.aborted) throw err;
    return { picture: null, overview, note: `picture not fetched (${err instanceof Error ? err.message : String(err)})` };
  }
}

/** A failure that ends the run: the token refused, the server down or failing, or the run stopped. */
const endsRun = (err: unknown) => !(err instanceof MediaServerError) || ["refused", "unreachable", "server_error", "aborted"].includes(err.kind);

/** Sends what is due, recording each half as soon as the server took it. */
async function send(parts: PushParts, o: PushOptions, person: ServerPerson, personId: number, out: Outgoing): Promise<void> {
  const at = () => (parts.now ?? Date.now)();
  const base = { server: o.server.url, itemId: person.id, personId };
  if (out.picture !== null) {
    await postPrimaryImage(parts.http, o.server, person.id, out.picture.bytes, out.picture.type, o.signal);
    recordPushed(parts.deps.db, { ...base, imageHash: out.picture.hash, at: at() });
  }
  if (out.overview !== null) {
    const item = await personItem(parts.http, o.server, person.name, o.signal);
    if (item === null || item.Id !== person.id)
      throw new MediaServerError(`${o.server.kind}'s person "${person.name}" is not the item credited`, {
        kind: "bad_answer",
        retryable: false,
        target: o.server.kind,
      });
    await postOverview(parts.http, o.server, item, out.overview.text, o.signal);
    recordPushed(parts.deps.db, { ...base, overviewHash: out.overview.hash, at: at() });
  }
}

/** One person of the server: matched, then sent what changed (or listed, on a dry run). */
async function pushOne(
  parts: PushParts,
  o: PushOptions,
  library: ServerLibrary,
  entry: { person: ServerPerson; items: ServerItem[] },
  seen: Map<string, Set<number>>,
): Promise<PushLine> {
  const { person } = entry;
  const none = { name: person.name, picture: false, overview: false };
  const match = await matchOf(parts, o, library, entry, seen);
  if (!match.ok) return { ...none, status: "skipped", key: null, what: match.why };
  const key = getPerson(parts.deps.db, match.personId)?.key ?? null;
  const out = await outgoing(parts, o, person.id, match.personId);
  const due = { picture: out.picture !== null, overview: out.overview !== null };
  const what = [due.picture ? "picture" : null, due.overview ? "overview" : null].filter((w): w is string => w !== null).join(", ");
  const note = out.note === null ? "" : `; ${out.note}`;
  if (what === "") return { ...none, status: "unchanged", key, what: `nothing changed${note}` };
  if (o.dryRun) return { ...none, ...due, status: "would send", key, what: what + note };
  try {
    await send(parts, o, person, match.personId, out);
    return { ...none, ...due, status: "sent", key, what: what + note };
  } catch (err) {
    if (endsRun(err)) throw err;
    return { ...none, status: "failed", key, what: (err as Error).message };
  }
}

/**
 * Pushes the library's actresses to the server: each person of the catalog credited there gets
 * her picture and overview, each sent only when it differs from what was last sent to her item.
 * Throws MediaServerError when the server refuses the token, cannot be reached or names no such library.
 */
export async function pushPeople(parts: PushParts, o: PushOptions): Promise<PushReport> {
  const library = chooseLibrary(o.server, await mediaFolders(parts.http, o.server, o.signal), o.library);
  const cast = await castOf(parts, o, library);
  const report: PushReport = {
    library,
    persons: cast.size,
    pictures: 0,
    overviews: 0,
    counts: { sent: 0, "would send": 0, unchanged: 0, skipped: 0, failed: 0 },
  };
  const seen = new Map<string, Set<number>>();
  for (const entry of cast.values()) {
    const line = await pushOne(parts, o, library, entry, seen);
    report.counts[line.status]++;
    if (line.picture) report.pictures++;
    if (line.overview) report.overviews++;
    o.onLine?.(line);
  }
  return report;
}
