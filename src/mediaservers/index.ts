/**
 * The media servers' room, its front door: the outbound clients that tell Jellyfin, Emby and Plex
 * to look at a folder the watcher filled, and the signed webhook, all through the one outbound
 * HTTP client. What each is sent, and why, is in each client's file; docs/media-servers.md says
 * it for users.
 */
export { MediaServerError, type MediaServerErrorKind } from "./errors.js";
export { holds, theirPath } from "./paths.js";
export { mediaBrowserAt, mediaServersOf, webhookOf } from "./settings.js";
export { createMediaServerHttp, sendWebhook, tellFolder } from "./tell.js";
export type { MediaServer, MediaServerKind, PathPair, WatchEvent, Webhook } from "./types.js";
export { EVENT_HEADER, eventBody, SIGNATURE_HEADER, signBody } from "./webhook.js";
export {
  itemsCrediting,
  libraryItems,
  mediaFolders,
  personItem,
  postOverview,
  postPrimaryImage,
  type ServerItem,
  type ServerLibrary,
  type ServerPerson,
} from "./people.js";
