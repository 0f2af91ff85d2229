import { catalogFullMessageOf, isCatalogFull, leaveCheckpointsToOthers } from "../catalog/index.js";
import { createProviderRuntime } from "../providers/runtime.js";
import { providerSetups } from "../providers/registry.js";
import { startSchedule, type Schedule } from "../ingest/scheduler.js";
import { imagesFor } from "../images/index.js";
import { buildServer, type ServerOptions } from "../server/app.js";
import { watchEventLoop } from "../server/loop-watch.js";
import { ensureAdminPassword } from "../services/admin-password.js";
import { ensureFirstKey, ensureSampleData, markUndelivered, takeUndelivered } from "../services/first-start.js";
import { IngestControl } from "../services/ingest-control.js";
import { LiveFallback } from "../services/live-fallback.js";
import { SearchPool } from "../services/search-pool.js";
import { endServerOutput, installServerOutput } from "../lib/server-output.js";
import { openCli, out, outSecret } from "./context.js";

/** How often a worker checkpoints the WAL (passively: it never waits for readers or writers). */
const CHECKPOINT_EVERY_MS = 1000;
/** How long a stop waits for the log's reader to take what is left before exiting anyway. */
const OUTPUT_DRAIN_MS = 2000;

/** serve: migrate, first-start duties, live providers, the ingest schedule, then listen until SIGINT/SIGTERM. */
export async function serveCommand(): Promise<void> {
  await serve();
}

/** The server as `serve` runs it; `options.routes` adds routes (the benchmark's baselines, bench/serve.ts). */
export async function serve(options: Pick<ServerOptions, "routes"> = {}): Promise<void> {
  // Before any line: nothing the server writes may wait on its reader (lib/log-sink.ts).
  const output = installServerOutput();
  const { config, db } = openCli();
  const token = ensureFirstKey(db, config);
  if (token) {
    const madeAt = new Date();
    outSecret([`Created the first API key ("default"). It is shown only now; send it as the x-service-key header:`, `  ${token}`], () =>
      markUndelivered(db, "first API key", madeAt),
    );
  }
  const password = await ensureAdminPassword(db, config);
  if (password) {
    const madeAt = new Date();
    outSecret(
      [
        `Created the admin password of the dashboard (at /dashboard on this server). It is shown only now:`,
        `  ${password}`,
        `To use a password of your own instead, set ADMIN_PASSWORD; to make a new one: npm run cli -- admin reset-password`,
      ],
      () => markUndelivered(db, "admin password", madeAt),
    );
  }
  const loaded = ensureSampleData(db, config);
  if (loaded > 0) {
    out(`Loaded ${loaded} generated sample records (provider "sample"); remove them with: npm run cli -- purge --provider sample`);
  }
  const runtime = createProviderRuntime(config);
  let log: { info: (o: object, msg: string) => void; warn: (o: object, msg: string) => void; error: (o: object, msg: string) => void } | null = null;
  const live = runtime.setups.length
    ? new LiveFallback(db, runtime, {
        timeoutMs: config.liveTimeoutMs,
        negativeTtlMs: config.negativeCacheSeconds * 1000,
        onBusy: (records) => log?.info({ records }, "live answer not written through: another process is writing the catalog"),
        onWriteError: (err) =>
          log?.warn({ err: isCatalogFull(err) ? catalogFullMessageOf(db) : err.message }, "live answer not written through: the write failed"),
      })
    : null;
  // A :memory: catalog cannot be shared with worker threads.
  const workers = config.databasePath === ":memory:" ? 0 : config.searchWorkers;
  const pool = workers > 0 ? new SearchPool(config.databasePath, config, workers) : null;
  // With workers, the WAL is checkpointed on one of them, never in a commit of this thread.
  if (pool) leaveCheckpointsToOthers(db);
  const ingest = new IngestControl(db, runtime, config, { info: (o, msg) => log?.info(o, msg), error: (o, msg) => log?.error(o, msg) });
  // Covers for the MetaTube image routes, through the providers' one outbound client.
  const images = imagesFor(config, runtime.http, { warn: (o, msg) => log?.warn(o, msg) });
  const app = await buildServer({ db, config, live, pool, ingest, images }, { ...options, logStream: output.stdout });
  log = app.log;
  for (const s of providerSetups(config)) {
    if (s.enabled && s.unusable) app.log.warn({ provider: s.provider.name, reason: s.unusable }, "provider disabled");
  }
  for (const n of takeUndelivered(db, config)) {
    outSecret([n.line], () => markUndelivered(db, n.what, new Date(n.madeAt)));
    app.log.warn({ secret: n.what, madeAt: n.madeAt }, "secret not written out at an earlier start");
  }

  let schedule: Schedule | null = null;
  if (config.ingestCron !== "off" && runtime.setups.length) {
    schedule = startSchedule(
      config.ingestCron,
      () => ingest.runScheduled(),
      (err) => app.log.error({ err }, "scheduled ingest failed"),
    );
  }

  const address = await app.listen({ host: config.host, port: config.port });
  out(`video-catalog listening on ${address} (docs: ${address}/docs)`);
  const unwatch = watchEventLoop(app.log);
  const checkpoints = pool
    ? setInterval(() => pool.checkpoint().catch((err: Error) => app.log.warn({ err: err.message }, "WAL checkpoint failed")), CHECKPOINT_EVERY_MS)
    : null;
  checkpoints?.unref();
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Runs end after the page they are on, or sooner when that takes too long (IngestControl).
    ingest.shutdown();
    const t0 = Date.now();
    // No new connections; the requests in flight are answered first. A keep-alive
    // connection whose request ends after the close began would otherwise stay open
    // (and the process with it) until the client or keepAliveTimeout closes it.
    const idle = setInterval(() => app.server.closeIdleConnections(), 50);
    await app.close();
    clearInterval(idle);
    const closedMs = Date.now() - t0;
    await schedule?.stop();
    await ingest.settled();
    if (checkpoints) clearInterval(checkpoints);
    await pool?.close();
    await images.close();
    await runtime.close();
    unwatch();
    db.close();
    app.log.info({ signal, httpMs: closedMs, totalMs: Date.now() - t0 }, "shut down");
    await endServerOutput(OUTPUT_DRAIN_MS);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}
