/** The servers and the webhook the settings configure (read once, from the Config object). */
import type { Config } from "../config/load.js";
import type { MediaServer, Webhook } from "./types.js";

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
