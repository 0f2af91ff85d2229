/**
 * Stand-ins for Jellyfin, Emby, Plex and a webhook receiver on 127.0.0.1: each records what it
 * gets (method, path and query, headers, body) and answers as the real one does
 * (test/fixtures/mediaservers/README.md says from where).
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";

export interface Received {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

export interface StandIn {
  url: string;
  got: Received[];
  close(): Promise<void>;
}

export const PLEX_SECTIONS_XML = readFileSync(resolve(import.meta.dirname, "../fixtures/mediaservers/plex-library-sections.xml"), "utf8");

/** A server on 127.0.0.1:0 that records every request, then lets `answer` reply. */
export async function standIn(answer: (r: Received, res: ServerResponse) => void): Promise<StandIn> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r: Received = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) };
      got.push(r);
      answer(r, res);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    got,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Jellyfin (10.12 and later, legacy authorization off): 204 to a POST with `Authorization: MediaBrowser Token="<token>"`, else 401. */
export function jellyfin(token: string): Promise<StandIn> {
  return standIn((r, res) => {
    if (r.method !== "POST" || r.url !== "/Library/Media/Updated") return void res.writeHead(404).end();
    const auth = r.headers.authorization ?? "";
    const given = /^MediaBrowser\s+(?:.*,\s*)?Token="?([^",]*)"?/i.exec(auth)?.[1];
    res.writeHead(given === token ? 204 : 401).end();
  });
}

/** Emby: 204 to a POST with `X-Emby-Token: <token>`, else 401. */
export function emby(token: string): Promise<StandIn> {
  return standIn((r, res) => {
    if (r.method !== "POST" || r.url !== "/Library/Media/Updated") return void res.writeHead(404).end();
    res.writeHead(r.headers["x-emby-token"] === token ? 204 : 401).end();
  });
}

/** Plex: its sections (the fixture) and an empty 200 to a refresh of a section it has, with `X-Plex-Token: <token>`; 401 without. */
export function plex(token: string): Promise<StandIn> {
  return standIn((r, res) => {
    if (r.headers["x-plex-token"] !== token) return void res.writeHead(401).end();
    const path = new URL(r.url, "http://plex").pathname;
    if (r.method === "GET" && path === "/library/sections") {
      return void res.writeHead(200, { "content-type": "text/xml;charset=utf-8" }).end(PLEX_SECTIONS_XML);
    }
    const refresh = /^\/library\/sections\/(\d+)\/refresh$/.exec(path);
    if (r.method === "GET" && refresh !== null && PLEX_SECTIONS_XML.includes(`key="${refresh[1]}"`)) return void res.writeHead(200).end();
    res.writeHead(404).end();
  });
}

/** A port nothing listens on (a server opened and closed): a connection there is refused. */
export async function downUrl(): Promise<string> {
  const s = await standIn((_r, res) => res.end());
  await s.close();
  return s.url;
}
