/**
 * A title's ratingKey: `{provider}_{contentId}` (`r18dev_snis00217`, `tokyo-hot_n1234`,
 * `1pondo_010120_001`). Plex allows [a-zA-Z0-9_-] in it (docs/Metadata.md, "ratingKey
 * component") and asks it back in the metadata path, so it must name one copy of a title
 * for good and be read back without a lookup table.
 *
 * Both parts are stored lower case: the registry's provider names are [a-z0-9-] and the
 * sources' content ids [a-z0-9_-], so they are written as they are, and the first `_`
 * ends the provider. Anything else (an import's provider named with `_`, a content id an
 * import wrote with other characters or capitals) is written `Z` and its UTF-16 code unit
 * in four upper-case hex digits: upper case never appears otherwise, so the key reads back
 * one way, and only the one spelling of a title is accepted.
 */

const PROVIDER_KEEPS = /^[a-z0-9-]$/;
const CONTENT_ID_KEEPS = /^[a-z0-9_-]$/;
const ESCAPE = "Z";
/** Longer is no key of ours: a content id is at most 64 characters, a provider name 40. */
const MAX_LENGTH = 512;
const SHAPE = /^[A-Za-z0-9_-]+$/;

function escaped(text: string, keeps: RegExp): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    out += keeps.test(c) ? c : ESCAPE + text.charCodeAt(i).toString(16).toUpperCase().padStart(4, "0");
  }
  return out;
}

function unescaped(text: string): string | null {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c < "A" || c > "Z") {
      out += c;
      continue;
    }
    const hex = text.slice(i + 1, i + 5);
    if (c !== ESCAPE || !/^[0-9A-F]{4}$/.test(hex)) return null;
    out += String.fromCharCode(Number.parseInt(hex, 16));
    i += 4;
  }
  return out;
}

export function ratingKeyOf(provider: string, contentId: string): string {
  return `${escaped(provider, PROVIDER_KEEPS)}_${escaped(contentId, CONTENT_ID_KEEPS)}`;
}

/** The provider and content id a ratingKey names, or null when it is none this provider makes. */
export function readRatingKey(key: string): { provider: string; contentId: string } | null {
  if (key.length > MAX_LENGTH || !SHAPE.test(key)) return null;
  const cut = key.indexOf("_");
  if (cut <= 0 || cut === key.length - 1) return null;
  const provider = unescaped(key.slice(0, cut));
  const contentId = unescaped(key.slice(cut + 1));
  if (provider === null || contentId === null || provider.trim() === "" || contentId.trim() === "") return null;
  // One spelling per title: a key that escapes what needs no escape is not one of ours.
  return ratingKeyOf(provider, contentId) === key ? { provider, contentId } : null;
}
