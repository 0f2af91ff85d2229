/**
 * The JSON routes' URLs and the external link exactly as MetaTube's plugins build them, so that a
 * test sends what a media server sends. Read from the plugins' source
 * (metatube-community/jellyfin-plugin-metatube @ f7c1f33, metatube-community/metatube-plex-plugins
 * @ e5aa369); what their runtimes' URL code does (.NET's Path.Combine, UriBuilder, HttpUtility
 * and HttpClient; Python's urljoin and requests) is written out once, in plugin-encoding.ts.
 */
import { composeUrl, dotnetR, escapeDataString, pathCombine, requestsUrl } from "./plugin-encoding.js";

/**
 * Jellyfin/Emby: ApiClient.cs ComposeUrl (lines 23-35) over Path.Combine(path, provider, id)
 * (ComposeInfoApiUrl: lines 51-57; a search's path alone, 59-67); the query as HttpUtility
 * writes it, a key of a null value left out, in the order given.
 */
export function jellyfinUrl(server: string, parts: string[], params: Record<string, string | null>): string {
  return composeUrl(server, pathCombine(...parts), Object.entries(params));
}

/**
 * Jellyfin/Emby's external link of an item: `Server + "?redirect={0}"` (ExternalIds/BaseExternalId.cs
 * line 21, filled by Providers/ExternalUrlProvider.cs lines 21-24) with the provider id as
 * Helpers/ProviderId.cs ToString writes it (line 32: the position as double.ToString()), its id
 * escaped by SetPid (Extensions/ProviderIdsExtensions.cs line 20), then the position when set.
 * A browser follows it, not HttpClient, so it is the string the plugin writes.
 */
export function jellyfinExternalUrl(server: string, provider: string, id: string, position?: number): string {
  const pid = [provider, escapeDataString(id), ...(position === undefined ? [] : [dotnetR(position)])].join(":");
  return `${server}?redirect=${pid}`;
}

/**
 * Plex: api_client.py prepare_url (lines 116-122): urljoin(server, tpl.format(*paths)), then
 * requests' PreparedRequest.prepare_url with the parameters (merged after any query the path
 * brought), a None one left out; as requests then sends it (no `?` when there is no query).
 */
export function plexUrl(server: string, template: string, paths: string[], params: Record<string, string | null>): string {
  const path = template.replace(/\{(\d+)\}/g, (_, i: string) => paths[Number(i)]);
  return requestsUrl(server, path, Object.entries(params));
}
