/**
 * Sends the watcher's notices (the outbox): each media server asked to look at a folder,
 * the webhook told a file's news. A server that is down is asked again after a growing
 * wait, for a day; one that refuses (a bad token) is not asked again until the settings
 * change. Sent apart from the queue: a server down never holds a file back.
 */
import { dueNotices, markNotice, type Notice } from "../../catalog/index.js";
import type { Log } from "../../lib/log.js";
import { type MediaServer, sendWebhook, tellFolder, type WatchEvent, type Webhook } from "../../mediaservers/index.js";
import type { HttpClient } from "../../net/types.js";
import type { ServiceDeps } from "../../services/deps.js";

/** Waits between tries of one notice: half a minute, growing to an hour. */
const RETRY_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000];
/** A notice not sent a day after it was made is given up (and said so). */
const GIVE_UP_AFTER_MS = 24 * 3_600_000;

export interface NotifyDeps {
  db: ServiceDeps["db"];
  http: HttpClient;
  servers: MediaServer[];
  webhook: Webhook | null;
  log: Pick<Log, "info" | "warn">;
}

function retryable(err: unknown): boolean {
  return (err as { retryable?: boolean }).retryable !== false;
}

async function send(d: NotifyDeps, n: Notice, signal?: AbortSignal): Promise<void> {
  if (n.kind === "webhook") {
    if (d.webhook === null || d.webhook.url !== n.target) throw Object.assign(new Error("the webhook is no longer configured"), { retryable: false });
    return sendWebhook(d.http, d.webhook, JSON.parse(n.payload) as WatchEvent, signal);
  }
  const server = d.servers.find((s) => s.kind === n.kind && s.url === n.target);
  if (server === undefined) throw Object.assign(new Error(`${n.kind} at ${n.target} is no longer configured`), { retryable: false });
  return tellFolder(d.http, server, n.payload, signal);
}

/** Sends every notice due now; returns how many were sent. */
export async function sendDueNotices(d: NotifyDeps, signal?: AbortSignal): Promise<number> {
  let sent = 0;
  for (const n of dueNotices(d.db, Date.now())) {
    if (signal?.aborted) break;
    try {
      await send(d, n, signal);
      markNotice(d.db, n.id, "sent", Date.now(), Date.now(), null);
      sent++;
    } catch (err) {
      const now = Date.now();
      const why = (err as Error).message;
      const giveUp = !retryable(err) || now - n.createdAt > GIVE_UP_AFTER_MS;
      markNotice(d.db, n.id, giveUp ? "given-up" : "waiting", now, now + RETRY_MS[Math.min(n.attempts, RETRY_MS.length - 1)], why);
      const fields = { kind: n.kind, target: n.target, attempts: n.attempts + 1, err: why };
      if (giveUp) d.log.warn(fields, "watch: notice given up");
      else d.log.info(fields, "watch: notice not sent; tried again later");
    }
  }
  return sent;
}
