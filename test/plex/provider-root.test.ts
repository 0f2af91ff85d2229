/**
 * The provider's root, the URL a person adds to Plex (`{address}/plex/{API key}`): Plex's
 * MediaProvider object (docs/MediaProvider.md, copied at pekempy/EncoraPlexProvider), exactly,
 * and the feature keys it names answered under that URL, as Plex calls them (joined to the
 * URL it was given: Encora's `/movie` + `/library/metadata`, feewg's relative feature paths).
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, IDENTIFIER, type PlexApp, plexApp } from "./plex-app.js";

const VERSION = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

const ROOT = {
  MediaProvider: {
    identifier: IDENTIFIER,
    title: "video-catalog",
    version: VERSION,
    Types: [{ type: 1, Scheme: [{ scheme: IDENTIFIER }] }],
    Feature: [
      { type: "metadata", key: "/library/metadata" },
      { type: "match", key: "/library/metadata/matches" },
    ],
  },
};

describe("the Plex provider's root", () => {
  let p: PlexApp;
  beforeAll(async () => {
    p = await plexApp();
  });
  afterAll(() => p.close());

  it("answers the MediaProvider object at the URL with and without a trailing slash", async () => {
    for (const url of [p.root, `${p.root}/`]) {
      const { status, body, res } = await ask(p.app, { url, headers: { accept: "application/json" } });
      expect(status, url).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(body).toEqual(ROOT);
    }
  });

  it("names an identifier Plex accepts, used as the GUID scheme, a movie type only, and the two required features", () => {
    const m = ROOT.MediaProvider;
    expect(m.identifier).toMatch(/^tv\.plex\.agents\.custom\.[a-zA-Z0-9.]+$/);
    expect(m.Types.map((t) => t.type)).toEqual([1]);
    expect(m.Types[0].Scheme[0].scheme).toBe(m.identifier);
    // No collection feature: series are not served as collections.
    expect(m.Feature.map((f) => f.type).sort()).toEqual(["match", "metadata"]);
  });

  it("answers each feature at its key joined to the provider's URL", async () => {
    const { body } = await ask(p.app, { url: p.root });
    const key = (type: string) => (body as typeof ROOT).MediaProvider.Feature.find((f) => f.type === type)!.key;
    const metadata = await ask(p.app, { url: `${p.root}${key("metadata")}/r18dev_snis00217` });
    expect(metadata.status).toBe(200);
    expect(metadata.body.MediaContainer.Metadata[0].ratingKey).toBe("r18dev_snis00217");
    const matched = await ask(p.app, {
      method: "POST",
      url: `${p.root}${key("match")}`,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ type: 1, title: "SNIS-217" }),
    });
    expect(matched.status).toBe(200);
    expect(matched.body.MediaContainer.Metadata[0].ratingKey).toBe("r18dev_snis00217");
  });

  it("the same feature keys whatever PUBLIC_URL says (it is only where pictures are fetched from)", async () => {
    const behind = await plexApp({ env: { PUBLIC_URL: "https://nas.example.com/catalog/" } });
    try {
      const { status, body } = await ask(behind.app, { url: behind.root });
      expect(status).toBe(200);
      expect(body).toEqual(ROOT);
    } finally {
      await behind.close();
    }
  });

  it("a path under the provider that is no feature is a 404 in the JSON error shape", async () => {
    for (const url of [`${p.root}/library/collections/1`, `${p.root}/library/metadata/r18dev_snis00217/reviews`, `${p.root}/nothing`]) {
      const { status, body } = await ask(p.app, { url });
      expect(status, url).toBe(404);
      expect(body).toEqual({ error: { code: 404, message: "no such path on this provider" } });
    }
  });
});
