/** The settings of the media servers and the webhook: read once at load, checked there, and what mediaServersOf and webhookOf make of them. */
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config/load.js";
import { mediaBrowserAt, mediaServersOf, theirPath, webhookOf } from "../../src/mediaservers/index.js";

const TOKEN = "0123456789abcdef0123456789abcdef";

function loadError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("mediaServersOf and webhookOf", () => {
  it("are empty when nothing is set", () => {
    const config = loadConfig({});
    expect(mediaServersOf(config)).toEqual([]);
    expect(webhookOf(config)).toBeNull();
  });

  it("make each configured server, with its token, its sections and its path map", () => {
    const config = loadConfig({
      JELLYFIN_URL: "http://127.0.0.1:8096/",
      JELLYFIN_TOKEN: TOKEN,
      JELLYFIN_PATH_MAP: "/srv/library=/media",
      PLEX_URL: "http://plex:32400",
      PLEX_TOKEN: "plex-token",
      PLEX_SECTIONS: "5, 7",
      PLEX_PATH_MAP: "/srv/library/=/data/jav/ ; /mnt/b=D:\\Media",
      WEBHOOK_URL: "https://hooks.example/catalog",
      WEBHOOK_SECRET: "sixteen-chars-ok",
    });
    expect(mediaServersOf(config)).toEqual([
      { kind: "jellyfin", url: "http://127.0.0.1:8096", token: TOKEN, sections: [], pathMap: [{ from: "/srv/library", to: "/media" }] },
      {
        kind: "plex",
        url: "http://plex:32400",
        token: "plex-token",
        sections: ["5", "7"],
        pathMap: [
          { from: "/srv/library", to: "/data/jav" },
          { from: "/mnt/b", to: "D:\\Media" },
        ],
      },
    ]);
    expect(webhookOf(config)).toEqual({ url: "https://hooks.example/catalog", secret: "sixteen-chars-ok" });
  });

  it("refuse an address without its token (or a token without its address), naming both", () => {
    expect(loadError({ JELLYFIN_URL: "http://127.0.0.1:8096" })).toContain("JELLYFIN_URL is set without JELLYFIN_TOKEN");
    expect(loadError({ EMBY_TOKEN: TOKEN })).toContain("EMBY_TOKEN is set without EMBY_URL");
    expect(loadError({ PLEX_URL: "http://plex:32400" })).toContain("PLEX_URL is set without PLEX_TOKEN");
    expect(loadError({ WEBHOOK_URL: "https://hooks.example/x" })).toContain("WEBHOOK_URL is set without WEBHOOK_SECRET");
  });

  it("refuse a path map that is not absolute pairs, bad section ids and a short secret; a bad token is not echoed", () => {
    expect(loadError({ JELLYFIN_PATH_MAP: "srv=/media" })).toMatch(/JELLYFIN_PATH_MAP maps "srv", which is not an absolute path/);
    expect(loadError({ EMBY_PATH_MAP: "/srv=media" })).toMatch(/EMBY_PATH_MAP maps to "media"/);
    expect(loadError({ PLEX_PATH_MAP: "/srv" })).toMatch(/PLEX_PATH_MAP must be OURS=THEIRS/);
    expect(loadError({ PLEX_SECTIONS: "1,movies" })).toMatch(/PLEX_SECTIONS .*"movies"/);
    expect(loadError({ WEBHOOK_SECRET: "short" })).toMatch(/WEBHOOK_SECRET must be at least 16/);
    const bad = 'abc"def-secret-token';
    const message = loadError({ PLEX_TOKEN: bad });
    expect(message).toMatch(/PLEX_TOKEN must be printable ASCII/);
    expect(message).not.toContain(bad);
  });
});

describe("theirPath", () => {
  const map = [
    { from: "/srv/library", to: "/media" },
    { from: "/srv/library/uncensored", to: "/unc" },
    { from: "/mnt/b", to: "D:\\Media" },
  ];
  it.each([
    ["/srv/library/ABP/ABP-123", "/media/ABP/ABP-123"],
    ["/srv/library", "/media"],
    ["/srv/library/uncensored/x", "/unc/x"],
    ["/srv/library2/x", "/srv/library2/x"],
    ["/mnt/b/ABP/ABP-123", "D:\\Media\\ABP\\ABP-123"],
    ["/elsewhere/x", "/elsewhere/x"],
  ])("%s -> %s", (ours, theirs) => {
    expect(theirPath(ours, map)).toBe(theirs);
  });
});

describe("mediaBrowserAt (people push --server)", () => {
  const config = loadConfig({ JELLYFIN_URL: "http://127.0.0.1:8096", JELLYFIN_TOKEN: TOKEN, EMBY_URL: "http://nas:8097", EMBY_TOKEN: "emby-token" });

  it("is the configured server at that address, with its token unless another is given", () => {
    expect(mediaBrowserAt(config, "http://127.0.0.1:8096/", {})).toMatchObject({ kind: "jellyfin", url: "http://127.0.0.1:8096", token: TOKEN });
    expect(mediaBrowserAt(config, "http://NAS:8097", {})).toMatchObject({ kind: "emby", token: "emby-token" });
    expect(mediaBrowserAt(config, "http://127.0.0.1:8096", { token: "other" })?.token).toBe("other");
  });

  it("is a server of the kind and token given elsewhere, and none without a token", () => {
    expect(mediaBrowserAt(config, "http://elsewhere:8096", { token: "t" })).toEqual({
      kind: "jellyfin",
      url: "http://elsewhere:8096",
      token: "t",
      sections: [],
      pathMap: [],
    });
    expect(mediaBrowserAt(config, "http://elsewhere:8096", { token: "t", kind: "emby" })?.kind).toBe("emby");
    expect(mediaBrowserAt(config, "http://elsewhere:8096", {})).toBeNull();
  });
});
