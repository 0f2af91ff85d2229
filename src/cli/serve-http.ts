/**
 * A process that answers HTTP: the only one (WORKERS=1), which then also runs the ingest
 * schedule and the WAL checkpoints, or one of several workers under a primary
 * (src/cluster), which holds those and what must hold as one across the workers. Its
 * parts (lib/lifecycle.ts), in start order: Litestream and the catalog, the start's notes,
 * the event loop watch, the providers, the images, the search pool, the checkpoints, the
 * ingest runs and their schedule (cluster/catalog-duties.ts), the HTTP server; stopped
 * the other way round (cluster/stop-on-signal.ts).
 */
import { Server as NetServer } from "node:net";
import type { FastifyInstance } from "fastify";
import { catalogFullMessageOf, type Db, isCatalogFull, leaveCheckpointsToOthers } from "../catalog/index.js";
import { catalogBase, catalogDuties } from "../cluster/catalog-duties.js";
import type { ListeningMessage, primaryLine } from "../cluster/ipc.js";
import { Litestream } from "../cluster/litestream/litestream.js";
import { stopOnSignal } from "../cluster/stop-on-signal.js";
import { LeasedRates, remoteBackup, remoteIngest, remoteSignIn } from "../cluster/worker-side.js";
import type { Config } from "../config/load.js";
import { imagesFor, pictureTreeFor } from "../images/index.js";
import { Lifecycle, type Part } from "../lib/lifecycle.js";
import { createProviderRuntime } from "../providers/runtime.js";
import { buildServer, type ServerOptions } from "../server/app.js";
import { watchEventLoop } from "../server/loop-watch.js";
import type { ServerLog } from "../server/server-log.js";
import { IngestControl } from "../services/operations/ingest-control.js";
import { liveLookups } from "../services/live/live-lookups.js";
import type { ReplicaState } from "../services/operations/replica-state.js";
import { SearchPool } from "../services/search-pool/search-pool.js";
import { out } from "./context.js";

export interface HttpRole {
  /** A worker's line to its primary and how many workers there are; null when this process is the only one. */
  primary: { call: ReturnType<typeof primaryLine>; workers: number } | null;
  /** Lines to log once Litestream runs, before the server listens (a provider disabled, undelivered secrets of an earlier start). */
  afterStart?: () => void;
  /** A worker of a read-only replica (REPLICA_OF): its state comes from the primary. */
  replica?: { state: () => Promise<ReplicaState> };
}

/** How long a replica's worker being replaced keeps the connections it holds, for their next request (answered with Connection: close). */
const REPLICA_DRAIN_MS = 3000;

export async function serveHttp(config: Config, db: Db, log: ServerLog, role: HttpRole, options: Pick<ServerOptions, "routes">): Promise<void> {
  const runtime = createProviderRuntime(config);
  const liveLog = log.child({ part: "live" });
  // LIVE_LOOKUPS=off: no live fallback, a miss is a plain not-found; the runtime still serves ingest and pictures.
  const live = liveLookups(db, runtime, config, {
    onBusy: (records) => liveLog.info({ records }, "live answer not written through: another process is writing the catalog"),
    onWriteError: (err) =>
      liveLog.warn({ err: isCatalogFull(err) ? catalogFullMessageOf(db) : err.message }, "live answer not written through: the write failed"),
  });
  // A :memory: catalog cannot be shared with worker threads. Several workers share the search threads out (at least one each).
  const threads =
    config.databasePath === ":memory:" ? 0 : role.primary ? Math.max(1, Math.floor(config.searchWorkers / role.primary.workers)) : config.searchWorkers;
  const pool = threads > 0 ? new SearchPool(config.databasePath, config, threads) : null;
  // The WAL is checkpointed on a search thread (or the primary's), never in a commit of this thread.
  if (pool || role.primary) leaveCheckpointsToOthers(db);
  const own = role.primary === null ? new IngestControl(db, runtime, config, log.child({ part: "ingest" })) : null;
  // A replica starts no ingest: its writer does.
  const ingest = role.replica ? null : (own ?? remoteIngest(role.primary!.call));
  const shared = role.primary ? { rates: new LeasedRates(role.primary.call, role.primary.workers), signIn: remoteSignIn(role.primary.call) } : undefined;
  // Covers for the MetaTube image routes, through the providers' one outbound client; the workers share IMAGE_CACHE_MB.
  const images = imagesFor(config, runtime.http, log.child({ part: "images" }), role.primary?.workers ?? 1);
  // BACKUP_TO: Litestream runs beside the only process (a worker asks its primary, which runs it).
  const ownBackup = config.backupTo && role.primary === null ? new Litestream(config, log.child({ part: "backup" })) : null;
  const backup = config.backupTo ? (ownBackup ?? remoteBackup(role.primary!.call)) : null;
  // PEOPLE_PICTURES: asked for a person the sources give no picture of, read on the first such ask.
  const pictureTree = pictureTreeFor(config, runtime.http, log.child({ part: "people" }));
  const deps = { db, config, live, pool, ingest, images, pictureTree, backup, replica: role.replica ?? null };
  const readOnly = role.replica ? { writer: config.replicaWriter || config.replicaOf } : undefined;
  const app = await buildServer(deps, { ...options, shared, log, readOnly });

  const life = new Lifecycle([
    ...catalogBase(ownBackup, db),
    role.afterStart && { name: "notes", start: role.afterStart },
    loopWatch(log.child({ part: "event loop" })),
    { name: "providers", stop: () => runtime.close() },
    { name: "images", stop: () => images.close() },
    ...catalogDuties({ config, db, runtime, pool, checkpoints: role.primary === null && !config.backupTo, ingest: own, log }),
    http(app, config, role),
  ]);
  await life.start();
  stopOnSignal(life, log, {
    // A worker whose primary is gone (killed) has no one to lease its rates from: it stops.
    on: role.primary ? ["SIGINT", "SIGTERM", "disconnect"] : undefined,
    shutDown: (stopped) => ({ httpMs: stopped.after.http }),
  });
}

/** Watches the event loop for stalls (server/loop-watch.ts). */
function loopWatch(log: ServerLog): Part {
  let unwatch = () => {};
  return {
    name: "event loop watch",
    start: () => {
      unwatch = watchEventLoop(log);
    },
    stop: () => unwatch(),
  };
}

/** The HTTP server: listening, then told; on the way out, it answers what is in flight first. */
function http(app: FastifyInstance, config: Config, role: HttpRole): Part {
  return {
    name: "http",
    async start() {
      const address = await app.listen({ host: config.host, port: config.port });
      if (role.primary) process.send?.({ vc: "listening", address } satisfies ListeningMessage);
      else out(`video-catalog listening on ${address} (docs: ${address}/docs)`);
    },
    async stop() {
      if (role.replica) await drainConnections(app.server);
      // No new connections; the requests in flight are answered first. A keep-alive
      // connection whose request ends after the close began would otherwise stay open
      // (and the process with it) until the client or keepAliveTimeout closes it.
      const idle = setInterval(() => app.server.closeIdleConnections(), 50);
      await app.close();
      clearInterval(idle);
    },
  };
}

/**
 * A replica's worker, replaced by one serving a newer copy: it takes no new connection
 * (the primary hands them to the new workers), answers each request still coming on a
 * connection it holds with Connection: close, and waits a while for those connections
 * to go (an idle keep-alive connection closed under a client that is just sending on
 * it would fail that request). What is left is closed by the stop that follows.
 */
async function drainConnections(server: import("node:http").Server): Promise<void> {
  server.on("request", (_req, res) => {
    if (!res.headersSent) res.setHeader("connection", "close");
  });
  // net.Server's close: http.Server's own would also close the idle connections at once.
  netServerClose.call(server);
  const until = Date.now() + REPLICA_DRAIN_MS;
  while (Date.now() < until) {
    const open = await new Promise<number>((r) => server.getConnections((_e, n) => r(n ?? 0)));
    if (open === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const netServerClose = NetServer.prototype.close;
