/**
 * The webhook: one JSON event per POST, signed as GitHub signs its webhooks (X-Hub-Signature-256:
 * "sha256=" and the hex HMAC-SHA256 of the body's exact bytes with the shared secret), so a
 * receiver checks it with the code it has for GitHub's.
 */
import { createHmac } from "node:crypto";
import type { HttpClient } from "../net/index.js";
import { notFound } from "./errors.js";
import type { WatchEvent, Webhook } from "./types.js";

export const SIGNATURE_HEADER = "x-hub-signature-256";
export const EVENT_HEADER = "x-video-catalog-event";

/** The signature header's value: "sha256=" + hex HMAC-SHA256 of the UTF-8 bytes of `body` with `secret`. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/** The event's body, its keys in WatchEvent's order whatever order the caller built it in. */
export function eventBody(e: WatchEvent): string {
  const { event, code, title, from, to, sidecars, reason, at } = e;
  return JSON.stringify({ event, code, title, from, to, sidecars, reason, at });
}

export async function postEvent(http: HttpClient, hook: Webhook, event: WatchEvent, signal?: AbortSignal): Promise<void> {
  const body = eventBody(event);
  const res = await http.post(hook.url, {
    // The bytes signed are the bytes sent: the body goes as UTF-8, as it was signed.
    body: Buffer.from(body, "utf8"),
    contentType: "application/json",
    headers: { [SIGNATURE_HEADER]: signBody(body, hook.secret), [EVENT_HEADER]: event.event },
    ...(signal === undefined ? {} : { signal }),
  });
  if (res.status === "not_found") throw notFound("webhook", hook.url, res.httpStatus, "receiver at that path");
}
