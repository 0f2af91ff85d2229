/**
 * The watcher's front door, for `serve`, the `watch` command and its `--once`: the watcher
 * made from the catalog, the settings and the outbound client, and one path handled at
 * once as a download client's "run on completion" asks.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { claimReady, getWatchJob, listWatchJobs, queueSettled, type WatchJob } from "../../catalog/index.js";
import type { Config } from "../../config/load.js";
import type { Images } from "../../images/index.js";
import type { Log } from "../../lib/log.js";
import { stableCode, VideoCatalogError } from "../../lib/video-catalog-error.js";
import { createMediaServerHttp, mediaServersOf, webhookOf } from "../../mediaservers/index.js";
import type { ServiceDeps } from "../../services/deps.js";
import { finishOpenRuns, type RunOwner } from "../organize/organize.js";
import { readUnit } from "./inbox.js";
import { sendDueNotices } from "./notify.js";
import { placeJobs } from "./place.js";
import { Watcher, type WatcherDeps, type WatcherOptions } from "./watcher.js";

export { watcherOptions, watcherOptionsOf, type WatchInput } from "./settings.js";
export { Watcher, type WatcherOptions } from "./watcher.js";

export interface WatchParts {
  db: ServiceDeps["db"];
  config: Config;
  live: ServiceDeps["live"];
  images: Images | null;
  /** People's picture tree (PEOPLE_PICTURES), for the NFO's actresses; absent or null without one. */
  pictureTree?: ServiceDeps["pictureTree"];
  log: Pick<Log, "info" | "warn" | "error">;
  me: RunOwner;
}

/**
 * The watcher's parts. Its notices go through an outbound client of their own (our name as
 * its user agent, not a browser's; no retries inside a call: the outbox retries, later).
 */
export function watcherDeps(p: WatchParts): WatcherDeps {
  const servers = mediaServersOf(p.config);
  const webhook = webhookOf(p.config);
  const http = servers.length > 0 || webhook !== null ? createMediaServerHttp(p.config, { maxRetries: 0 }) : null;
  return {
    db: p.db,
    config: p.config,
    live: p.live,
    pool: null,
    ingest: null,
    images: p.images,
    pictureTree: p.pictureTree ?? null,
    servers,
    webhook,
    http,
    log: p.log,
    me: p.me,
  };
}

export function createWatcher(p: WatchParts, o: WatcherOptions): Watcher {
  return new Watcher(watcherDeps(p), o);
}

/** Not a file or folder of the inbox: `--once` handles the downloads of the watched folder only. */
export class OutsideInbox extends VideoCatalogError {
  static {
    stableCode(OutsideInbox, "VC_ERR_OUTSIDE_INBOX");
  }
}

/**
 * One path of the inbox (a file, or a torrent's folder) handled now, without waiting for it
 * to settle (the client says it is whole), through the same queue: placed, pending or left
 * with why, its notices sent once (what fails is tried again by a running watcher or the
 * next call). Twice on the same path changes nothing: the jobs are where the first left them.
 */
export async function watchOnce(d: WatcherDeps, o: WatcherOptions, target: string): Promise<WatchJob[]> {
  const { inbox } = o.settings;
  const full = path.resolve(target);
  const rel = path.relative(inbox, full);
  if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel)) throw new OutsideInbox(`${full} is not inside the inbox ${inbox}`);
  await finishOpenRuns(d, d.me);
  const under = (p: string) => p === full || p.startsWith(full + path.sep);
  const unit = existsSync(full) ? await readUnit(inbox, rel.split(path.sep)[0]) : null;
  const files = (unit?.files ?? []).filter((f) => f.video && under(path.join(inbox, f.rel)));
  queueSettled(
    d.db,
    files.map((f) => ({ path: path.join(inbox, f.rel), inbox, size: f.size, mtimeMs: f.mtimeMs })),
    Date.now(),
  );
  // Every ready job is taken (another path's too: it was ready), so none is left claimed and not placed.
  const jobs = claimReady(d.db, `${d.me.host}:${d.me.pid}`, Date.now());
  if (jobs.length > 0) await placeJobs(d, o.settings, jobs, d.me, { live: o.live, wasPending: new Set() });
  if (d.http !== null) await sendDueNotices({ ...d, http: d.http });
  await d.http?.close();
  return listWatchJobs(d.db, [], 100_000)
    .filter((j) => under(j.path))
    .map((j) => getWatchJob(d.db, j.id) as WatchJob);
}
