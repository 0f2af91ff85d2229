/**
 * The schema the Plex tests check every answer with (plex-schema.ts), checked first on
 * Plex's own example answers (test/fixtures/plex-docs: they pass, but for what makes them
 * Plex's own rather than a custom provider's) and then on broken copies of them, one fault
 * each: a wrong type, a missing required attribute, a bad ratingKey, a guid of another
 * scheme, an unknown attribute. Each must fail, at exactly the faulty path.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isCustomIdentifier, plexViolations, type Violation } from "./plex-schema.js";

const fixture = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(`../fixtures/plex-docs/${name}`, import.meta.url), "utf8"));

const ROOT = fixture("media-provider.json");
const MOVIE = fixture("movie-metadata.json");
const IMAGES = fixture("images.json");
/** The docs' movie is Plex's own provider's: its guids' scheme is `plex`. */
const PLEX = { scheme: "plex" };
const AT = "/MediaContainer/Metadata/0";

const paths = (v: Violation[]) => v.map((x) => x.path);

/** A copy of the docs' movie answer with its one movie changed by `change`. */
function movie(change: (m: Record<string, unknown>) => void): Record<string, unknown> {
  const copy = structuredClone(MOVIE) as { MediaContainer: { Metadata: Record<string, unknown>[] } };
  change(copy.MediaContainer.Metadata[0]);
  return copy;
}

/** A copy of the docs' root with its MediaProvider changed by `change`. */
function root(change: (p: Record<string, unknown>) => void): Record<string, unknown> {
  const copy = structuredClone(ROOT) as { MediaProvider: Record<string, unknown> };
  change(copy.MediaProvider);
  return copy;
}

/** The docs' root made a custom provider's: its identifier (and so its schemes) under tv.plex.agents.custom. */
const CUSTOM_ROOT = root((p) => {
  p.identifier = "tv.plex.agents.custom.johnz.tmdb";
  for (const t of p.Types as { Scheme: { scheme: string }[] }[]) t.Scheme[0].scheme = "tv.plex.agents.custom.johnz.tmdb";
});

describe("Plex's own example answers", () => {
  it("the movie answer is as documented, as a metadata answer and as a match answer", () => {
    expect(plexViolations("metadata", MOVIE, PLEX)).toEqual([]);
    expect(plexViolations("matches", MOVIE, { ...PLEX, metadataKey: "/library/metadata" })).toEqual([]);
  });

  it("the /images answer is as documented", () => {
    expect(plexViolations("images", IMAGES)).toEqual([]);
  });

  it("the root differs from a custom provider's by its identifier alone, which lacks tv.plex.agents.custom.", () => {
    expect(plexViolations("provider", ROOT)).toEqual([
      { path: "/MediaProvider/identifier", message: 'must match pattern "^tv\\.plex\\.agents\\.custom\\.[a-zA-Z0-9.]+$"' },
    ]);
    expect(plexViolations("provider", CUSTOM_ROOT)).toEqual([]);
  });

  it("as a custom provider's answer, the movie is refused for Plex's identifier and scheme, and nothing else", () => {
    expect(plexViolations("metadata", MOVIE, { identifier: "tv.plex.agents.custom.johnz.tmdb" })).toEqual([
      { path: "/MediaContainer/identifier", message: "must be the provider's identifier tv.plex.agents.custom.johnz.tmdb" },
      { path: `${AT}/guid`, message: "must be tv.plex.agents.custom.johnz.tmdb://movie/5d7768244de0ee001fcc7fed" },
    ]);
  });

  it("an identifier is a custom one only with the prefix and [a-zA-Z0-9.] after it", () => {
    expect(["tv.plex.agents.custom.vc.movies", "tv.plex.agents.custom.A1"].map(isCustomIdentifier)).toEqual([true, true]);
    expect(
      ["tv.plex.agents.johnz.tmdb", "tv.plex.agents.custom.", "tv.plex.agents.custom.video-catalog", "tv.plex.agents.custom.vc_movies"].map(isCustomIdentifier),
    ).toEqual([false, false, false, false]);
  });
});

describe("broken copies fail, at the faulty path", () => {
  it.each([
    ["year as a string", (m: Record<string, unknown>) => (m.year = "1985"), [`${AT}/year`], "must be integer"],
    ["duration in fractional ms", (m: Record<string, unknown>) => (m.duration = 6960000.5), [`${AT}/duration`], "must be integer"],
    ["isAdult as 1", (m: Record<string, unknown>) => (m.isAdult = 1), [`${AT}/isAdult`], "must be boolean"],
    [
      "a date not YYYY-MM-DD",
      (m: Record<string, unknown>) => (m.originallyAvailableAt = "1985-07-03T00:00:00Z"),
      [`${AT}/originallyAvailableAt`],
      'must match format "plex-day"',
    ],
    [
      "a date the calendar lacks",
      (m: Record<string, unknown>) => (m.originallyAvailableAt = "1985-02-30"),
      [`${AT}/originallyAvailableAt`],
      'must match format "plex-day"',
    ],
    ["a relative thumb", (m: Record<string, unknown>) => (m.thumb = "/library/metadata/1/thumb"), [`${AT}/thumb`], 'must match format "http-url"'],
    [
      "a person's order as a string",
      (m: Record<string, unknown>) => ((m.Role as { order: unknown }[])[0].order = "1"),
      [`${AT}/Role/0/order`],
      "must be integer",
    ],
  ])("a wrong type: %s", (_what, change, want, message) => {
    const found = plexViolations("metadata", movie(change), PLEX);
    expect(paths(found)).toEqual(want);
    expect(found[0].message).toBe(message);
  });

  it.each([
    ["a rating over 10", (m: Record<string, unknown>) => ((m.Rating as { value: unknown }[])[0].value = 85), [`${AT}/Rating/0/value`]],
    [
      "a rating of a kind not audience or critic",
      (m: Record<string, unknown>) => ((m.Rating as { type: unknown }[])[1].type = "user"),
      [`${AT}/Rating/1/type`],
    ],
    [
      "a rating badge Plex does not have",
      (m: Record<string, unknown>) => ((m.Rating as { image: unknown }[])[0].image = "fanza://image.rating"),
      [`${AT}/Rating/0/image`],
    ],
    ["an image of an undocumented type", (m: Record<string, unknown>) => ((m.Image as { type: unknown }[])[3].type = "poster"), [`${AT}/Image/3/type`]],
    ["a type other than movie", (m: Record<string, unknown>) => (m.type = "show"), [`${AT}/type`]],
    ["an empty title", (m: Record<string, unknown>) => (m.title = " "), [`${AT}/title`]],
  ])("a value outside the documented ones: %s", (_what, change, want) => {
    expect(paths(plexViolations("metadata", movie(change), PLEX))).toEqual(want);
  });

  it.each(["ratingKey", "key", "guid", "type", "title", "originallyAvailableAt"])("a missing required attribute: %s", (name) => {
    const found = plexViolations(
      "metadata",
      movie((m) => delete m[name]),
      PLEX,
    );
    // Without a ratingKey the guid and key have nothing to be checked against.
    expect(found).toEqual([{ path: `${AT}/${name}`, message: "is required" }]);
  });

  it("a missing required attribute of a child: a genre without its tag, an image without its url", () => {
    const found = plexViolations(
      "metadata",
      movie((m) => {
        delete (m.Genre as { tag?: string }[])[1].tag;
        delete (m.Image as { url?: string }[])[0].url;
      }),
      PLEX,
    );
    expect(paths(found).sort()).toEqual([`${AT}/Genre/1/tag`, `${AT}/Image/0/url`]);
  });

  it("a bad ratingKey: a period or a slash in it, though guid and key follow it", () => {
    for (const bad of ["5d7768.244", "abp/123", "ABP 123", ""]) {
      const found = plexViolations(
        "metadata",
        movie((m) => {
          m.ratingKey = bad;
          m.guid = `plex://movie/${bad}`;
          m.key = `/library/metadata/${bad}`;
        }),
        PLEX,
      );
      expect(paths(found), bad).toEqual([`${AT}/ratingKey`, `${AT}/guid`]);
    }
  });

  it("a guid of another scheme, of another type, of another ratingKey", () => {
    const guid = (g: string) =>
      plexViolations(
        "metadata",
        movie((m) => (m.guid = g)),
        PLEX,
      );
    expect(guid("tmdb://movie/5d7768244de0ee001fcc7fed")).toEqual([{ path: `${AT}/guid`, message: "must be plex://movie/5d7768244de0ee001fcc7fed" }]);
    expect(paths(guid("plex://show/5d7768244de0ee001fcc7fed"))).toEqual([`${AT}/guid`, `${AT}/guid`]);
    expect(paths(guid("plex://movie/5d7768244de0ee001fcc7fee"))).toEqual([`${AT}/guid`]);
    expect(paths(guid("tmdb://105"))).toEqual([`${AT}/guid`, `${AT}/guid`]);
  });

  it("a key not the metadata path of its ratingKey", () => {
    expect(
      plexViolations(
        "metadata",
        movie((m) => (m.key = "/library/metadata/other")),
        PLEX,
      ),
    ).toEqual([{ path: `${AT}/key`, message: "must be a path ending in /5d7768244de0ee001fcc7fed" }]);
    expect(plexViolations("metadata", MOVIE, { ...PLEX, metadataKey: "/plex/secret/library/metadata" })).toEqual([
      { path: `${AT}/key`, message: "must be /plex/secret/library/metadata/5d7768244de0ee001fcc7fed" },
    ]);
  });

  it("an unknown attribute, on the movie and in a child: another type's, a misspelling", () => {
    const found = plexViolations(
      "metadata",
      movie((m) => {
        m.parentTitle = "Back to the Future";
        m.Genres = m.Genre;
        (m.Role as Record<string, unknown>[])[0].character = "Marty McFly";
      }),
      PLEX,
    );
    expect(found).toEqual([
      { path: `${AT}/parentTitle`, message: "is not a documented attribute" },
      { path: `${AT}/Genres`, message: "is not a documented attribute" },
      { path: `${AT}/Role/0/character`, message: "is not a documented attribute" },
    ]);
  });

  it("a container whose counts lie, or without its identifier", () => {
    const c = (change: (c: Record<string, unknown>) => void) => {
      const copy = structuredClone(MOVIE) as { MediaContainer: Record<string, unknown> };
      change(copy.MediaContainer);
      return plexViolations("metadata", copy, PLEX);
    };
    expect(paths(c((x) => (x.size = 2)))).toEqual(["/MediaContainer/size", "/MediaContainer/totalSize"]);
    expect(paths(c((x) => (x.totalSize = 0)))).toEqual(["/MediaContainer/totalSize"]);
    expect(paths(c((x) => delete x.identifier))).toEqual(["/MediaContainer/identifier"]);
    expect(paths(c((x) => (x.offset = -1)))).toEqual(["/MediaContainer/offset"]);
  });

  it("an /images answer with a relative url, an undocumented type or an image without its type", () => {
    const copy = structuredClone(IMAGES) as { MediaContainer: { Image: Record<string, unknown>[] } };
    copy.MediaContainer.Image[0].url = "/v1/images/primary/fanza/abp00123";
    copy.MediaContainer.Image[1].type = "art";
    delete copy.MediaContainer.Image[2].type;
    expect(paths(plexViolations("images", copy))).toEqual(["/MediaContainer/Image/0/url", "/MediaContainer/Image/1/type", "/MediaContainer/Image/2/type"]);
  });

  it("a root without the match feature, with an undocumented feature or type, a scheme not its identifier, a version as a number", () => {
    const found = plexViolations(
      "provider",
      root((p) => {
        p.identifier = "tv.plex.agents.custom.johnz.tmdb";
        p.version = 1;
        p.Types = [
          { type: 1, Scheme: [{ scheme: "tv.plex.agents.custom.other" }] },
          { type: 5, Scheme: [{ scheme: "tv.plex.agents.custom.johnz.tmdb" }] },
        ];
        p.Feature = [
          { type: "metadata", key: "/library/metadata" },
          { type: "images", key: "/library/metadata/images" },
        ];
      }),
    );
    expect(paths(found)).toEqual([
      "/MediaProvider/version",
      "/MediaProvider/Types/1/type",
      "/MediaProvider/Feature/1/type",
      "/MediaProvider/Types/0/Scheme/0/scheme",
      "/MediaProvider/Feature",
    ]);
    expect(found[1].message).toBe("must be one of 1, 2, 3, 4, 18");
    expect(found.at(-1)!.message).toBe("must have the match feature");
  });

  it("a root without its Types, or with a feature's key not a path", () => {
    const typeless = structuredClone(CUSTOM_ROOT) as { MediaProvider: Record<string, unknown> };
    delete typeless.MediaProvider.Types;
    expect(plexViolations("provider", typeless)).toEqual([{ path: "/MediaProvider/Types", message: "is required" }]);
    const relative = structuredClone(CUSTOM_ROOT) as { MediaProvider: { Feature: { key: string }[] } };
    relative.MediaProvider.Feature[0].key = "library/metadata";
    expect(paths(plexViolations("provider", relative))).toEqual(["/MediaProvider/Feature/0/key"]);
  });
});
