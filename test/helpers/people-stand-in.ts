/**
 * A stand-in Jellyfin (or Emby) that holds libraries of titles and their people, and takes
 * `people push`'s calls as the real one does (test/fixtures/mediaservers/README.md, "People",
 * says from where): the libraries, a library's titles with People, counts of the items that
 * credit a person, a person item by name, its update and its primary image. Persons are one
 * item per name for the whole server, as on the real ones. Every request is recorded.
 */
import type { ServerResponse } from "node:http";
import { type Received, type StandIn, standIn } from "./media-server-stand-ins.js";

export interface StandInItem {
  id: string;
  name: string;
  path: string;
  providerIds?: Record<string, string>;
  /** The names credited (as actors). */
  cast: string[];
}

export interface StandInLibrary {
  id: string;
  name: string;
  collectionType: string | null;
  items: StandInItem[];
}

export interface PeopleStandIn extends StandIn {
  /** Person items by id: as the server holds them now (an update replaces them). */
  persons: Map<string, Record<string, unknown>>;
  /** Primary images set, by person id: the decoded bytes and the type they came under. */
  images: Map<string, { type: string; bytes: Buffer }>;
  personId(name: string): string;
  /** The POSTs received. */
  posts(): Received[];
  /** A status to answer a request with instead (a server failing half way); null: answer it. */
  fail: ((r: Received) => number | null) | null;
}

const json = (res: ServerResponse, body: unknown) => res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));

function authorized(kind: "jellyfin" | "emby", token: string, r: Received): boolean {
  if (kind === "emby") return r.headers["x-emby-token"] === token;
  const given = /^MediaBrowser\s+(?:.*,\s*)?Token="?([^",]*)"?/i.exec(r.headers.authorization ?? "")?.[1];
  return given === token;
}

export async function peopleStandIn(kind: "jellyfin" | "emby", token: string, libraries: StandInLibrary[]): Promise<PeopleStandIn> {
  const persons = new Map<string, Record<string, unknown>>();
  const byName = new Map<string, string>();
  for (const item of libraries.flatMap((l) => l.items)) {
    for (const name of item.cast) {
      if (byName.has(name)) continue;
      const id = `p${byName.size + 1}`.padEnd(32, "0");
      byName.set(name, id);
      persons.set(id, {
        Name: name,
        ServerId: "stand-in",
        Id: id,
        Type: "Person",
        Overview: "",
        ProviderIds: {},
        Genres: [],
        Tags: [],
        ImageTags: {},
        LockData: false,
      });
    }
  }
  const images = new Map<string, { type: string; bytes: Buffer }>();
  const itemJson = (i: StandInItem) => ({
    Name: i.name,
    Id: i.id,
    Type: "Movie",
    Path: i.path,
    ProviderIds: i.providerIds ?? {},
    People: i.cast.map((name) => ({ Name: name, Id: byName.get(name), Role: "", Type: "Actor" })),
  });
  const all = () => libraries.flatMap((l) => l.items);
  const items = (q: URLSearchParams, res: ServerResponse) => {
    const lib = q.get("ParentId");
    const within = lib === null ? all() : (libraries.find((l) => l.id === lib)?.items ?? []);
    const person = q.get("PersonIds");
    const matched = person === null ? within : within.filter((i) => i.cast.some((n) => byName.get(n) === person));
    const start = Number(q.get("StartIndex") ?? 0);
    const limit = q.has("Limit") ? Number(q.get("Limit")) : matched.length;
    json(res, { Items: matched.slice(start, start + limit).map(itemJson), TotalRecordCount: matched.length, StartIndex: start });
  };
  const state: { fail: PeopleStandIn["fail"] } = { fail: null };
  const server = await standIn((r, res) => {
    if (!authorized(kind, token, r)) return void res.writeHead(401).end();
    const forced = state.fail?.(r) ?? null;
    if (forced !== null) return void res.writeHead(forced).end();
    const url = new URL(r.url, "http://stand-in");
    const path = url.pathname;
    if (r.method === "GET" && path === "/Library/MediaFolders") {
      return json(res, {
        Items: libraries.map((l) => ({ Name: l.name, Id: l.id, CollectionType: l.collectionType ?? undefined, Type: "CollectionFolder" })),
        TotalRecordCount: libraries.length,
      });
    }
    if (r.method === "GET" && path === "/Items") return items(url.searchParams, res);
    const person = /^\/Persons\/(.+)$/.exec(path);
    if (r.method === "GET" && person !== null) {
      const id = byName.get(decodeURIComponent(person[1]));
      return id === undefined ? void res.writeHead(404).end() : json(res, persons.get(id));
    }
    const image = /^\/Items\/([^/]+)\/Images\/Primary$/.exec(path);
    if (r.method === "POST" && image !== null && persons.has(image[1])) {
      // ImageController.SetItemImage: an image type, else 400; the body decoded from base64.
      const type = (r.headers["content-type"] ?? "").split(";")[0];
      if (!type.startsWith("image/")) return void res.writeHead(400).end("Incorrect ContentType.");
      images.set(image[1], { type, bytes: Buffer.from(r.body.toString("latin1"), "base64") });
      return void res.writeHead(204).end();
    }
    const update = /^\/Items\/([^/]+)$/.exec(path);
    if (r.method === "POST" && update !== null && persons.has(update[1])) {
      persons.set(update[1], JSON.parse(r.body.toString("utf8")));
      return void res.writeHead(204).end();
    }
    res.writeHead(404).end();
  });
  return {
    ...server,
    get fail() {
      return state.fail;
    },
    set fail(f) {
      state.fail = f;
    },
    persons,
    images,
    personId: (name) => byName.get(name) ?? "",
    posts: () => server.got.filter((g) => g.method === "POST"),
  };
}
