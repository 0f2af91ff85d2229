import { createProviderRuntime } from "../providers/runtime.js";
import { providerSetups } from "../providers/registry.js";
import { runIngest, IngestBusyError } from "../ingest/run-ingest.js";
import { startSchedule, type Schedule } from "../ingest/scheduler.js";
import { buildServer, type ServerOptions } from "../server/app.js";
import { ensureFirstKey, ensureSampleData } from "../services/first-start.js";
import { LiveFallback } from "../services/live-fallback.js";
import { SearchPool } from "../services/search-pool.js";
import { readCodesFile } from "./codes-file.js";
import { openCli, out } from "./context.js";

/** serve: migrate, first-start duties, live providers, the ingest schedule, then listen until SIGINT/SIGTERM. */
export async function serveCommand(): Promise<void> {
  await serve();
}

/** The server as `serve` runs it; `options.routes` adds routes (the benchmark's baselines, bench/serve.ts). */
export async function serve(options: Pick<ServerOptions, "routes"> = {}): Promise<void> {
  const { config, db } = openCli();
  const token = ensureFirstKey(db, config);
  if (token) {
    out(`Created the first API key ("default"). It is shown only now; send it as the x-service-key header:`);
    out(`  ${token}`);
  }
  const loaded = ensureSampleData(db, config);
  if (loaded > 0) {
    out(`Loaded ${loaded} generated sample records (provider "sample"); remove them with: npm run cli -- purge --provider sample`);
  }
  const runtime = createProviderRuntime(config);
  let log: { info: (o: object, msg: string) => void } | null = null;
  const live = runtime.setups.length
    ? new LiveFallback(db, runtime, {
        timeoutMs: config.liveTimeoutMs,
        negativeTtlMs: config.negativeCacheSeconds * 1000,
        onBusy: (records) => log?.info({ records }, "live answer not written through: another process is writing the catalog"),
      })
    : null;
  // A :memory: catalog cannot be shared with worker threads.
  const workers = config.databasePath === ":memory:" ? 0 : config.searchWorkers;
  const pool = workers > 0 ? new SearchPool(config.databasePath, config, workers) : null;
  const app = await buildServer({ db, config, live, pool }, options);
  log = app.log;
  for (const s of providerSetups(config)) {
    if (s.enabled && s.unusable) app.log.warn({ provider: s.provider.name, reason: s.unusable }, "provider disabled");
  }

  let schedule: Schedule | null = null;
  if (config.ingestCron !== "off" && runtime.setups.length) {
    schedule = startSchedule(
      config.ingestCron,
      async () => {
        const codes = config.r18devCodesFile ? readCodesFile(config.r18devCodesFile) : undefined;
        try {
          const runs = await runIngest(db, runtime, { trigger: "cron", codes });
          for (const r of runs)
            app.log.info({ provider: r.provider, status: r.status, pages: r.pages, added: r.added, updated: r.updated, error: r.error }, "scheduled ingest");
        } catch (err) {
          if (err instanceof IngestBusyError) app.log.info({ holder: err.holder }, "scheduled ingest skipped: another run holds the lock");
          else throw err;
        }
      },
      (err) => app.log.error({ err }, "scheduled ingest failed"),
    );
  }

  const address = await app.listen({ host: config.host, port: config.port });
  out(`video-catalog listening on ${address} (docs: ${address}/docs)`);
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    await pool?.close();
    await schedule?.stop();
    await runtime.close();
    db.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}
