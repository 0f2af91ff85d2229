/** The shapes the watcher and the outbound clients share: a server to tell, an event to send, a webhook. */
import type { PathPair } from "../config/media-servers.js";

export type MediaServerKind = "jellyfin" | "emby" | "plex";

export interface MediaServer {
  kind: MediaServerKind;
  /** Base URL, e.g. http://127.0.0.1:8096 (no slash at the end; a reverse proxy's path kept). */
  url: string;
  token: string;
  /** Plex only: the library section ids to refresh; empty = find the section whose location holds the folder (GET /library/sections). */
  sections: string[];
  /** The library as the server sees it: our path prefix -> its prefix (a container mounts it elsewhere); empty = the same paths. */
  pathMap: PathPair[];
}

/** One file's fate, as the webhook sends it (JSON, these keys in this order). */
export interface WatchEvent {
  event: "placed" | "pending" | "found" | "failed";
  code: string | null;
  title: string | null;
  /** Absolute paths. */
  from: string;
  to: string | null;
  /** Absolute paths of the sidecars written. */
  sidecars: string[];
  reason: string | null;
  /** ISO time. */
  at: string;
}

export interface Webhook {
  url: string;
  secret: string;
}

export type { PathPair };
