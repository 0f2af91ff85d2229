/**
 * tellFolder against stand-ins of Jellyfin, Emby and Plex: the exact request each gets (method,
 * path, query, headers, body), the path map applied, Plex's section found by its location, and
 * the verdict of each failure (down, 500, 401, no section), the token never in a message.
 */
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { createMediaServerHttp, type MediaServer, MediaServerError, tellFolder } from "../../src/mediaservers/index.js";
import type { HttpClient } from "../../src/net/index.js";
import { downUrl, emby, jellyfin, plex, type StandIn, standIn } from "../helpers/media-server-stand-ins.js";

const TOKEN = "0123456789abcdef0123456789abcdef";
const FOLDER = "/srv/library/ABP/ABP-123 Some Title";

const open: (StandIn | HttpClient)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

function http(): HttpClient {
  const client = createMediaServerHttp(loadConfig({}), { sleep: async () => {} });
  open.push(client);
  return client;
}

async function up(s: Promise<StandIn>): Promise<StandIn> {
  const server = await s;
  open.push(server);
  return server;
}

function server(kind: MediaServer["kind"], url: string, over: Partial<MediaServer> = {}): MediaServer {
  return { kind, url, token: TOKEN, sections: [], pathMap: [], ...over };
}

async function failure(p: Promise<unknown>): Promise<MediaServerError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MediaServerError);
  const e = err as MediaServerError;
  expect(e.code).toBe("VC_ERR_MEDIA_SERVER");
  expect(e.message).not.toContain(TOKEN);
  expect(String(e.stack)).not.toContain(TOKEN);
  return e;
}

describe("tellFolder: Jellyfin", () => {
  it("POSTs /Library/Media/Updated with the folder as Jellyfin sees it, the token in Authorization: MediaBrowser", async () => {
    const jf = await up(jellyfin(TOKEN));
    const map = [{ from: "/srv/library", to: "/media/jav" }];
    await tellFolder(http(), server("jellyfin", jf.url, { pathMap: map }), FOLDER);
    expect(jf.got).toHaveLength(1);
    const [r] = jf.got;
    expect(r.method).toBe("POST");
    expect(r.url).toBe("/Library/Media/Updated");
    expect(r.headers.authorization).toBe(`MediaBrowser Token="${TOKEN}"`);
    expect(r.headers["x-emby-token"]).toBeUndefined();
    expect(r.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(r.body.toString("utf8"))).toEqual({ Updates: [{ Path: "/media/jav/ABP/ABP-123 Some Title", UpdateType: "Created" }] });
  });

  it("a 401 (a token refused) is not retried, and says so without the token", async () => {
    const jf = await up(jellyfin("another-token"));
    const err = await failure(tellFolder(http(), server("jellyfin", jf.url), FOLDER));
    expect(err).toMatchObject({ kind: "refused", retryable: false, target: "jellyfin", httpStatus: 401 });
    expect(err.message).toContain(jf.url);
    expect(jf.got).toHaveLength(1);
  });

  it("a server down (connection refused) is retried later", async () => {
    const err = await failure(tellFolder(http(), server("jellyfin", await downUrl()), FOLDER));
    expect(err).toMatchObject({ kind: "unreachable", retryable: true });
    expect(err.message).toContain("ECONNREFUSED");
  });

  it("a 500 is retried later, after the client's own retries", async () => {
    const s = await up(standIn((_r, res) => res.writeHead(500).end()));
    const err = await failure(tellFolder(http(), server("jellyfin", s.url), FOLDER));
    expect(err).toMatchObject({ kind: "server_error", retryable: true, httpStatus: 500 });
    expect(s.got).toHaveLength(3);
  });

  it("a 404 (no such endpoint at that address) is not retried", async () => {
    const s = await up(standIn((_r, res) => res.writeHead(404).end()));
    const err = await failure(tellFolder(http(), server("jellyfin", `${s.url}/jellyfin`), FOLDER));
    expect(err).toMatchObject({ kind: "not_found", retryable: false, httpStatus: 404 });
    expect(s.got[0].url).toBe("/jellyfin/Library/Media/Updated");
  });

  it("a web page in place of the 204 (a sign-in proxy in front) is no success, and not retried", async () => {
    const s = await up(standIn((_r, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html><body>Sign in</body></html>")));
    const err = await failure(tellFolder(http(), server("jellyfin", s.url), FOLDER));
    expect(err).toMatchObject({ kind: "bad_answer", retryable: false, httpStatus: 200 });
  });
});

describe("tellFolder: Emby", () => {
  it("POSTs the same body with the token in X-Emby-Token", async () => {
    const em = await up(emby(TOKEN));
    await tellFolder(http(), server("emby", em.url), FOLDER);
    const [r] = em.got;
    expect([r.method, r.url, r.headers["x-emby-token"], r.headers.authorization]).toEqual(["POST", "/Library/Media/Updated", TOKEN, undefined]);
    expect(JSON.parse(r.body.toString("utf8"))).toEqual({ Updates: [{ Path: FOLDER, UpdateType: "Created" }] });
  });
});

describe("tellFolder: Plex", () => {
  it("finds the section whose location holds the folder, then refreshes it with the path", async () => {
    const px = await up(plex(TOKEN));
    await tellFolder(http(), server("plex", px.url, { pathMap: [{ from: "/srv/library", to: "/data/jav-more" }] }), FOLDER);
    expect(px.got.map((r) => [r.method, r.url])).toEqual([
      ["GET", "/library/sections"],
      ["GET", "/library/sections/5/refresh?path=%2Fdata%2Fjav-more%2FABP%2FABP-123+Some+Title"],
    ]);
    for (const r of px.got) expect(r.headers["x-plex-token"]).toBe(TOKEN);
    expect(new URL(px.got[1].url, px.url).searchParams.get("path")).toBe("/data/jav-more/ABP/ABP-123 Some Title");
  });

  it("refreshes the sections the settings name, without asking for the list", async () => {
    const px = await up(plex(TOKEN));
    await tellFolder(http(), server("plex", px.url, { sections: ["3", "5"] }), "/data/jav/X");
    expect(px.got.map((r) => r.url)).toEqual(["/library/sections/3/refresh?path=%2Fdata%2Fjav%2FX", "/library/sections/5/refresh?path=%2Fdata%2Fjav%2FX"]);
  });

  it("a folder in no section's location is an error that says so, not retried (a prefix of a name is no location)", async () => {
    const px = await up(plex(TOKEN));
    const err = await failure(tellFolder(http(), server("plex", px.url), "/data/javelin/ABP-123"));
    expect(err).toMatchObject({ kind: "no_section", retryable: false, target: "plex" });
    expect(err.message).toContain("/data/javelin/ABP-123");
    expect(err.message).toContain("/data/jav");
    expect(px.got).toHaveLength(1);
  });

  it("a 401 is not retried; a server down is", async () => {
    const px = await up(plex("another-token"));
    expect(await failure(tellFolder(http(), server("plex", px.url), "/data/jav/X"))).toMatchObject({ kind: "refused", retryable: false, httpStatus: 401 });
    expect(await failure(tellFolder(http(), server("plex", await downUrl()), "/data/jav/X"))).toMatchObject({ kind: "unreachable", retryable: true });
  });
});
