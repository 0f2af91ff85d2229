/**
 * The image URLs MetaTube's plugins build, character for character, each from the line of
 * the plugin that asks it; how their runtimes write a URL is plugin-encoding.ts's.
 *
 * - jellyfin-plugin-metatube (also its Emby build) at f7c1f336fc2bd3b35b82af7c6e69da09a196e3d2,
 *   Jellyfin.Plugin.MetaTube/ApiClient.cs: ComposeImageApiUrl (37-49) gives Path.Combine(path,
 *   provider, id) and its parameters to ComposeUrl (23-35), doubles written with ToString("R"),
 *   booleans as True/False, a null one left out of the query.
 * - metatube-plex-plugins at e5aa36940103fc89fc7599611f987a36789de31c,
 *   MetaTube.bundle/Contents/Code/api_client.py: the image routes' templates (108-110) through
 *   prepare_url (116-122), which leaves a None keyword out; Python 2's str() writes 1.0 as "1.0".
 */

import { composeUrl, dotnetR, pathCombine, pyFloat } from "./plugin-encoding.js";
import { plexUrl } from "./plugin-requests.js";

export type ImageKind = "primary" | "thumb" | "backdrop";

/** ComposeImageApiUrl's parameters (ApiClient.cs:37-38) with its defaults; quality is the DefaultImageQuality setting. */
interface JellyfinImageArgs {
  url?: string;
  ratio?: number;
  position?: number;
  auto?: boolean;
  badge?: string;
  quality?: number;
}

/** ApiClient.ComposeImageApiUrl: Path.Combine(path, provider, id), then url, ratio, pos, auto, badge, quality; null ones left out. */
function jellyfinImage(server: string, kind: ImageKind, provider: string, id: string, a: JellyfinImageArgs): string {
  return composeUrl(server, pathCombine(`/v1/images/${kind}`, provider, id), [
    ["url", a.url],
    ["ratio", dotnetR(a.ratio ?? -1)],
    ["pos", dotnetR(a.position ?? -1)],
    ["auto", a.auto ? "True" : "False"],
    ["badge", a.badge],
    ["quality", String(a.quality ?? 90)],
  ]);
}

/** The plugin's settings that shape its image URLs (Configuration/PluginConfiguration.cs:88 and :97), at their defaults. */
export const JELLYFIN_SETTINGS = { primaryImageRatio: -1, defaultImageQuality: 90 };

/** Every image URL the Jellyfin/Emby plugin asks, by the call that asks it. */
export function jellyfinImages(server: string, settings: { primaryImageRatio: number; defaultImageQuality: number } = JELLYFIN_SETTINGS) {
  const quality = settings.defaultImageQuality;
  const primary = (provider: string, id: string, a: JellyfinImageArgs) =>
    jellyfinImage(server, "primary", provider, id, { ...a, ratio: settings.primaryImageRatio, quality });
  return {
    /** A title's poster: MovieImageProvider.cs:45 (GetPrimaryImageApiUrl, ApiClient.cs:82-86); `position` is the item's provider id's (Helpers/ProviderId.cs), -1 when it has none. */
    primary: (provider: string, id: string, position = -1) => primary(provider, id, { position }),
    /** MovieImageProvider.cs:51 (ApiClient.cs:95-98): the ratio stays ComposeImageApiUrl's -1. */
    thumb: (provider: string, id: string) => jellyfinImage(server, "thumb", provider, id, { quality }),
    /** MovieImageProvider.cs:57 (ApiClient.cs:106-109). */
    backdrop: (provider: string, id: string) => jellyfinImage(server, "backdrop", provider, id, { quality }),
    /** Each preview image as a poster: MovieImageProvider.cs:67 (ApiClient.cs:88-93), auto False. */
    previewPrimary: (provider: string, id: string, url: string, position = -1) => primary(provider, id, { url, position }),
    /** MovieImageProvider.cs:74 (ApiClient.cs:100-104). */
    previewThumb: (provider: string, id: string, url: string) => jellyfinImage(server, "thumb", provider, id, { url, quality }),
    /** MovieImageProvider.cs:81 (ApiClient.cs:111-115). */
    previewBackdrop: (provider: string, id: string, url: string) => jellyfinImage(server, "backdrop", provider, id, { url, quality }),
    /** A search result's picture: MovieProvider.cs:252, the result's thumb_url at position 1.0, auto true. */
    searchPicture: (provider: string, id: string, thumbUrl: string) => primary(provider, id, { url: thumbUrl, position: 1.0, auto: true }),
    /** An actress's picture: MovieProvider.cs:276-277 and :284-285, ActorProvider.cs:95, ActorImageProvider.cs:46: her first image at 0.5, auto true. */
    actressPicture: (provider: string, id: string, imageUrl: string) => primary(provider, id, { url: imageUrl, position: 0.5, auto: true }),
  };
}

/**
 * api_client.py get_primary_image_url and the others (lines 189-208): prepare_url with the image
 * route's template and the keywords that are not None, in the order a Python 2.7 dict holds
 * get_primary_image_url's five (url, auto, badge, ratio, pos: measured with CPython 2.7.18),
 * which the server does not depend on.
 */
function plexImage(
  server: string,
  kind: ImageKind,
  provider: string,
  id: string,
  p: { url?: string; auto?: boolean; badge?: string; ratio?: number; pos?: number },
): string {
  return plexUrl(server, `/v1/images/${kind}/{0}/{1}`, [provider, id], {
    url: p.url ?? null,
    auto: p.auto === undefined ? null : p.auto ? "True" : "False",
    badge: p.badge ?? null,
    ratio: p.ratio === undefined ? null : pyFloat(p.ratio),
    pos: p.pos === undefined ? null : pyFloat(p.pos),
  });
}

/** Every title image URL the Plex plugin asks (MetaTube.bundle/Contents/Code/__init__.py), by the call that asks it. */
export function plexImages(server: string) {
  return {
    /** A search result's picture: __init__.py:210-213, url=thumb_url, pos=1.0, auto=True (no ratio). */
    searchPicture: (provider: string, id: string, thumbUrl: string) => plexImage(server, "primary", provider, id, { url: thumbUrl, auto: true, pos: 1.0 }),
    /** The poster: __init__.py:387, pos the provider id's position (provider_id.py: None unless the user set one, rounded to 2 places); badge None unless enabled. */
    poster: (provider: string, id: string, position?: number) => plexImage(server, "primary", provider, id, { pos: position }),
    /** The art: __init__.py:395, no parameters. */
    backdrop: (provider: string, id: string) => plexImage(server, "backdrop", provider, id, {}),
    /** A trailer's picture: __init__.py:409-410, one of the preview images (412: none when there are none). */
    trailerThumb: (provider: string, id: string, url?: string) => plexImage(server, "thumb", provider, id, { url }),
  };
}
