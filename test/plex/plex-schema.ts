/**
 * Plex's documented answers of a movie Custom Metadata Provider as a JSON schema, field by
 * field and type by type, and the one check every Plex test runs on a body: all its
 * violations, each with its path. Written from Plex's own documentation (copies in
 * pekempy/EncoraPlexProvider @ 857d9cb707e60ea808cfabf81d2841976ccad077):
 * docs/MediaProvider.md (the root), docs/Metadata.md (MediaContainer, the Metadata object,
 * GUID construction), docs/API Endpoints.md (the /images answer).
 *
 * Unknown attributes are violations (every object is closed). The docs list the
 * attributes type by type and say a type's own ones "would not be serialized" by another
 * (Metadata.md, Response Structure: `parentTitle` is never on a movie), and their movie
 * example carries nothing outside the movie's lists; so an attribute outside them on a
 * movie is another type's or a misspelling (`Genres`), which Plex has no use for.
 * (Plex's own season and episode examples do carry undocumented `parentArt` and
 * `grandparentArt`: not a movie's concern.)
 *
 * What a schema cannot say is checked after it: the guid is `{scheme}://movie/{ratingKey}`
 * with the provider's scheme and the item's own ratingKey, `key` is the metadata path of
 * that ratingKey, `size` counts the array, every Type's scheme is the identifier, the
 * `metadata` and `match` features are there.
 */
import { type TSchema, Type } from "typebox";
import { Compile } from "typebox/compile";
import { Format } from "typebox/format";
import { Settings } from "typebox/system";
import "../../src/model/formats.js";

/** "tv.plex.agents.custom." and a suffix of ASCII letters, digits and periods, `regex [a-zA-Z0-9.]` (MediaProvider.md, Defining an identifier). */
const IDENTIFIER = /^tv\.plex\.agents\.custom\.[a-zA-Z0-9.]+$/;
/** "ASCII letters, numbers, dashes and underscores (`regex [a-zA-Z0-9_-]`)" (Metadata.md, `ratingKey` component). */
const RATING_KEY = /^[a-zA-Z0-9_-]+$/;

/** YYYY-MM-DD on a day the calendar has ("Original release date in ISO 8601 format (YYYY-MM-DD)"). */
Format.Set("plex-day", (v) => {
  const t = Date.parse(`${v}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
});

const closed = { additionalProperties: false } as const;
const Str = Type.String();
/** A string that says something: a title, a name, a tag. */
const Said = Type.String({ pattern: "\\S" });
/** "A publicly accessible URL", "Full URL to the image asset": absolute http(s). */
const Url = Type.String({ format: "http-url" });
const Int = Type.Integer({ minimum: 0 });
const Opt = <T extends TSchema>(t: T) => Type.Optional(t);
const obj = <P extends Record<string, TSchema>>(props: P) => Type.Object(props, closed);
const tags = <P extends Record<string, TSchema>>(props: P) => Type.Array(obj(props));
/** One of these constants. */
const oneOf = <V extends string | number>(values: V[]) => Type.Union(values.map((v) => Type.Literal(v)));

/** The root: MediaProvider.md, MediaProvider, `Types`, `Scheme`, `Feature`. */
export const ProviderRootSchema = obj({
  MediaProvider: obj({
    identifier: Type.String({ pattern: IDENTIFIER.source }),
    title: Said,
    version: Opt(Str),
    // The Metadata Types Table: movie 1, show 2, season 3, episode 4, collection 18.
    Types: Type.Array(obj({ type: oneOf([1, 2, 3, 4, 18]), Scheme: Type.Array(obj({ scheme: Str }), { minItems: 1 }) }), { minItems: 1 }),
    // Available Features: metadata and match (required), collection.
    Feature: Type.Array(obj({ type: oneOf(["metadata", "match", "collection"]), key: Type.String({ pattern: "^/" }) }), { minItems: 1 }),
  }),
});

/** `Image` (and `OriginalImage`): Metadata.md, Image Array. */
const ImageSchema = obj({ type: oneOf(["background", "backgroundSquare", "clearLogo", "coverPoster", "snapshot"]), url: Url, alt: Opt(Str) });

/** People: the attributes `Role`, `Producer`, `Director` and `Writer` share. */
const People = tags({ tag: Said, thumb: Opt(Url), role: Opt(Str), order: Opt(Type.Integer()) });

/** A movie's Metadata object: the core attributes, the movie's own, and its arrays (Metadata.md). */
export const MovieMetadataSchema = obj({
  // Core attributes; required: ratingKey, key, guid, type, title, originallyAvailableAt.
  ratingKey: Type.String({ pattern: RATING_KEY.source }),
  key: Type.String({ pattern: "^/" }),
  guid: Type.String({ pattern: "^[a-zA-Z0-9.]+://movie/[a-zA-Z0-9_-]+$" }),
  type: Type.Literal("movie"),
  title: Said,
  originallyAvailableAt: Type.String({ format: "plex-day" }),
  thumb: Opt(Url),
  art: Opt(Url),
  contentRating: Opt(Said),
  originalTitle: Opt(Said),
  titleSort: Opt(Said),
  year: Opt(Type.Integer()),
  summary: Opt(Str),
  isAdult: Opt(Type.Boolean()),
  // Movie, TV Show and Episode; Movie and TV Show.
  duration: Opt(Int),
  tagline: Opt(Str),
  studio: Opt(Said),
  theme: Opt(Url),
  Image: Opt(Type.Array(ImageSchema)),
  OriginalImage: Opt(Type.Array(ImageSchema)),
  Genre: Opt(tags({ tag: Said, originalTag: Opt(Said) })),
  // External ID in format "provider://id".
  Guid: Opt(tags({ id: Type.String({ pattern: "^[a-zA-Z0-9.]+://\\S+$" }) })),
  Collection: Opt(tags({ guid: Said, key: Type.String({ pattern: "^/" }), tag: Said, summary: Opt(Str), art: Opt(Url), thumb: Opt(Url) })),
  Country: Opt(tags({ tag: Said })),
  Role: Opt(People),
  Director: Opt(People),
  Producer: Opt(People),
  Writer: Opt(People),
  Similar: Opt(tags({ guid: Said, tag: Opt(Said) })),
  Studio: Opt(tags({ tag: Said })),
  // "Adding new types is not currently supported": the four badge identifiers, or a custom
  // provider's own `{scheme}://image.rating` (no badge), as both public MetaTube bridges send it
  // for a source's own rating (creeper2020 and feewg metatube-plex-custom-provider; feewg's
  // PROJECT_MEMORY.md reports it shown by a real Plex). containerRules holds it to the scheme.
  Rating: Opt(
    tags({
      image: Type.String({
        pattern:
          "^(?:imdb://image\\.rating|themoviedb://image\\.rating|rottentomatoes://image\\.rating\\.(?:ripe|upright)|tv\\.plex\\.agents\\.custom\\.[a-zA-Z0-9.]+://image\\.rating)$",
      }),
      type: oneOf(["audience", "critic"]),
      value: Type.Number({ minimum: 0, maximum: 10 }),
    }),
  ),
});

/**
 * MediaContainer (Metadata.md): its table has no Required column; every example of the
 * three documents carries all four counts and the identifier, so all are required here.
 */
const container = <P extends Record<string, TSchema>>(items: P) =>
  obj({ MediaContainer: obj({ offset: Int, totalSize: Int, identifier: Type.String({ pattern: "^[a-zA-Z0-9.]+$" }), size: Int, ...items }) });

export const MetadataContainerSchema = container({ Metadata: Type.Array(MovieMetadataSchema) });
export const ImagesContainerSchema = container({ Image: Type.Array(ImageSchema) });

/** Which answer a body is: the root, a metadata or match answer (a container of movies), the /images answer. */
export type PlexAnswer = "provider" | "metadata" | "matches" | "images";

/** `path`: JSON pointer to the value (or to the missing or unknown attribute). */
export type Violation = { path: string; message: string };

export interface PlexCheck {
  /** The provider's identifier: the container's `identifier` must be it, and the guids' scheme unless `scheme` says otherwise. */
  identifier?: string;
  /** The guids' scheme (default: `identifier`, else the container's own identifier). Plex's own provider's is `plex`. */
  scheme?: string;
  /** The metadata feature's path: each item's `key` must be it and `/{ratingKey}`. Unset: `key` must end in `/{ratingKey}`. */
  metadataKey?: string;
}

const [ROOT, ITEMS, IMAGES] = [ProviderRootSchema, MetadataContainerSchema, ImagesContainerSchema].map((s) => Compile(s));
const CHECKERS = { provider: ROOT, metadata: ITEMS, matches: ITEMS, images: IMAGES };

/** Every violation of a body Plex would read as `answer`, the schema's and the rules' after it; empty when it is as documented. */
export function plexViolations(answer: PlexAnswer, body: unknown, check: PlexCheck = {}): Violation[] {
  const found: Violation[] = [];
  // A value outside a list (a union of constants) fails each constant, then the union: said once, with the list.
  const allowed = new Map<string, unknown[]>();
  for (const e of allErrors(answer, body)) {
    const params = e.params as { requiredProperties?: string[]; additionalProperties?: string[]; allowedValue?: unknown };
    if (e.keyword === "boolean") continue; // the additionalProperties error says it
    if (e.schemaPath.includes("/anyOf/")) {
      if (e.keyword === "const") allowed.set(e.instancePath, [...(allowed.get(e.instancePath) ?? []), params.allowedValue]);
      continue;
    }
    if (e.keyword === "anyOf")
      found.push({ path: e.instancePath, message: `must be one of ${(allowed.get(e.instancePath) ?? []).map((v) => JSON.stringify(v)).join(", ")}` });
    else if (e.keyword === "required") for (const p of params.requiredProperties ?? []) found.push({ path: `${e.instancePath}/${p}`, message: "is required" });
    else if (e.keyword === "additionalProperties")
      for (const p of params.additionalProperties ?? []) found.push({ path: `${e.instancePath}/${p}`, message: "is not a documented attribute" });
    else found.push({ path: e.instancePath, message: e.message });
  }
  const root = o(body, answer === "provider" ? "MediaProvider" : "MediaContainer");
  return [...found, ...(answer === "provider" ? providerRules(root) : containerRules(root, answer, check))];
}

/** The schema's errors, all of them: typebox stops at its maxErrors (8) unless told otherwise, and is told only for this call (it is one setting for the process). */
function allErrors(answer: PlexAnswer, body: unknown) {
  if (CHECKERS[answer].Check(body)) return [];
  const before = Settings.Get().maxErrors;
  Settings.Set({ maxErrors: 10_000 });
  try {
    return CHECKERS[answer].Errors(body);
  } finally {
    Settings.Set({ maxErrors: before });
  }
}

const o = (v: unknown, k: string): unknown => (typeof v === "object" && v !== null ? (v as Record<string, unknown>)[k] : undefined);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** Scheme: "Should be identical to the provider identifier"; metadata and match: "Required: Yes". Read as far as the body has the shape. */
function providerRules(p: unknown): Violation[] {
  const found: Violation[] = [];
  const identifier = text(o(p, "identifier"));
  list(o(p, "Types")).forEach((t, i) =>
    list(o(t, "Scheme")).forEach((s, j) => {
      if (identifier !== null && o(s, "scheme") !== identifier)
        found.push({ path: `/MediaProvider/Types/${i}/Scheme/${j}/scheme`, message: `must be the identifier ${identifier}` });
    }),
  );
  const features = list(o(p, "Feature")).map((f) => o(f, "type"));
  for (const type of ["metadata", "match"])
    if (!features.includes(type)) found.push({ path: "/MediaProvider/Feature", message: `must have the ${type} feature` });
  features.forEach((f, i) => {
    if (features.indexOf(f) !== i) found.push({ path: `/MediaProvider/Feature/${i}/type`, message: `${String(f)} is declared twice` });
  });
  return found;
}

/** The counts (API Endpoints.md, Response Paging), the identifier, and each item's guid and key (Metadata.md, GUID construction). */
function containerRules(c: unknown, answer: PlexAnswer, check: PlexCheck): Violation[] {
  const at = "/MediaContainer";
  const found: Violation[] = [];
  const items = o(c, answer === "images" ? "Image" : "Metadata");
  const [offset, size, total] = ["offset", "size", "totalSize"].map((k) => o(c, k));
  if (Array.isArray(items) && typeof size === "number" && size !== items.length)
    found.push({ path: `${at}/size`, message: `must be ${items.length}, the number of items` });
  if (typeof offset === "number" && typeof size === "number" && typeof total === "number" && total < offset + size)
    found.push({ path: `${at}/totalSize`, message: `must be at least offset + size (${offset + size})` });
  const identifier = text(o(c, "identifier"));
  if (check.identifier !== undefined && identifier !== check.identifier)
    found.push({ path: `${at}/identifier`, message: `must be the provider's identifier ${check.identifier}` });
  const scheme = check.scheme ?? check.identifier ?? identifier;
  if (answer === "images") return found;
  list(items).forEach((m, i) => {
    const ratingKey = text(o(m, "ratingKey"));
    if (ratingKey === null) return;
    const guid = `${scheme}://movie/${ratingKey}`;
    if (text(o(m, "guid")) !== null && o(m, "guid") !== guid) found.push({ path: `${at}/Metadata/${i}/guid`, message: `must be ${guid}` });
    list(o(m, "Rating")).forEach((r, j) => {
      const image = text(o(r, "image"));
      if (image?.startsWith("tv.plex.agents.custom.") && image !== `${scheme}://image.rating`)
        found.push({ path: `${at}/Metadata/${i}/Rating/${j}/image`, message: `a custom rating image must be ${scheme}://image.rating` });
    });
    const key = text(o(m, "key"));
    const want = check.metadataKey === undefined ? null : `${check.metadataKey}/${ratingKey}`;
    if (key !== null && (want === null ? !key.endsWith(`/${ratingKey}`) : key !== want))
      found.push({ path: `${at}/Metadata/${i}/key`, message: `must be ${want ?? `a path ending in /${ratingKey}`}` });
  });
  return found;
}

/** True when `identifier` is one a custom provider may have. */
export function isCustomIdentifier(identifier: string): boolean {
  return IDENTIFIER.test(identifier);
}
