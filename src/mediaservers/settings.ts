/** The servers and the webhook the settings configure (read once, from the Config object). */
import type { Config } from "../config/load.js";
import type { MediaServer, MediaServerKind, Webhook } from "./types.js";

/** Jellyfin, Emby and Plex, each when its address is set (load has checked that its token is too), in that order. */
export function mediaServersOf(config: Config): MediaServer[] {
  const servers: MediaServer[] = [];
  if (config.jellyfinUrl)
    servers.push({ kind: "jellyfin", url: config.jellyfinUrl, token: config.jellyfinToken, sections: [], pathMap: config.jellyfinPathMap });
  if (config.embyUrl) servers.push({ kind: "emby", url: config.embyUrl, token: config.embyToken, sections: [], pathMap: config.embyPathMap });
  if (config.plexUrl) servers.push({ kind: "plex", url: config.plexUrl, token: config.plexToken, sections: config.plexSections, pathMap: config.plexPathMap });
  return servers;
}

export function webhookOf(config: Config): Webhook | null {
  return config.webhookUrl ? { url: config.webhookUrl, secret: config.webhookSecret } : null;
}

/**
 * The Jellyfin or Emby server at `url` (`people push --server`): the configured one at that
 * address, with its token unless another is given; else one of the kind given (Jellyfin by
 * default) with the token given. Null when there is no token for it.
 */
export function mediaBrowserAt(config: Config, url: string, given: { kind?: "jellyfin" | "emby"; token?: string }): MediaServer | null {
  const same = (a: string) => a.replace(/\/+$/, "").toLowerCase() === url.replace(/\/+$/, "").toLowerCase();
  const configured = mediaServersOf(config).find((s) => s.kind !== "plex" && same(s.url) && (given.kind === undefined || given.kind === s.kind));
  const token = given.token ?? configured?.token ?? "";
  if (token === "") return null;
  if (configured !== undefined) return { ...configured, token };
  const kind: MediaServerKind = given.kind ?? "jellyfin";
  return { kind, url: url.replace(/\/+$/, ""), token, sections: [], pathMap: [] };
}
