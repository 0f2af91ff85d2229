/**
 * The provider's root: Plex's MediaProvider object (Plex's "Media Provider Object
 * Documentation", copied at pekempy/EncoraPlexProvider docs/MediaProvider.md). A movie
 * provider only (type 1): the docs advise one parent type per provider, and every title
 * here is a film. Its features are `metadata` and `match`, the two the docs require;
 * no `collection`: a series would be a collection of its own, with its own metadata
 * and children paths, and the docs' Metadata object allows `Collection` only to a
 * provider with that feature (docs/Metadata.md, "Collection Array"), so series are not
 * given as collections at all.
 *
 * The feature keys are paths under the URL the provider was added by: Plex joins them to that
 * URL, its path included. Plex's own example provider, as EncoraPlexProvider reproduces it, is
 * added as `http://localhost:3000/movie`, names `/library/metadata` and `/library/metadata/
 * matches`, and answers them under `/movie` (pekempy/EncoraPlexProvider README.md, src/app.ts,
 * src/providers/MovieProvider.ts); feewg/metatube-plex-custom-provider, a provider run against
 * a real Plex, moved from keys that repeated its `/_metatube/{token}` prefix (as creeper2020's,
 * whose fork it is, still write them) to these bare ones, under a test named for it
 * (provider-go/plex.go, plex_test.go "ProviderDocumentUsesRegistrationRelativeFeaturePaths").
 * So the keys here are the docs' own, and Plex calls them under `/plex/{API key}`.
 */

/** Plex's GUID scheme and the provider's identifier: `tv.plex.agents.custom.` and only [a-zA-Z0-9.] after it. */
export const IDENTIFIER = "tv.plex.agents.custom.videocatalog";
export const PROVIDER_TITLE = "video-catalog";
/** Plex's metadata type of a movie, and its name in a GUID and a Metadata object's `type`. */
export const MOVIE_TYPE = 1;

/** The feature paths under the provider's root. */
export const METADATA_PATH = "/library/metadata";
export const MATCH_PATH = "/library/metadata/matches";

export interface MediaProvider {
  MediaProvider: {
    identifier: string;
    title: string;
    version: string;
    Types: { type: number; Scheme: { scheme: string }[] }[];
    Feature: { type: "metadata" | "match"; key: string }[];
  };
}

/** The root's answer. */
export function mediaProvider(version: string): MediaProvider {
  return {
    MediaProvider: {
      identifier: IDENTIFIER,
      title: PROVIDER_TITLE,
      version,
      Types: [{ type: MOVIE_TYPE, Scheme: [{ scheme: IDENTIFIER }] }],
      Feature: [
        { type: "metadata", key: METADATA_PATH },
        { type: "match", key: MATCH_PATH },
      ],
    },
  };
}
