import cluster from "node:cluster";
import { primaryLine } from "../cluster/ipc.js";
import { LitestreamMissingError, litestreamBinary } from "../cluster/litestream/bin.js";
import { runPrimary } from "../cluster/primary.js";
import { installServerOutput } from "../lib/server-output.js";
import { createProviderRuntime } from "../providers/runtime.js";
import { providerSetups } from "../providers/registry.js";
import type { ServerOptions } from "../server/app.js";
import { sayPlexPictures } from "../server/plex/plugin.js";
import { serverLog } from "../server/server-log.js";
import { ensureAdminPassword } from "../services/access/admin-password.js";
import { ensureFirstKey, ensureSampleData, markUndelivered, takeUndelivered } from "../services/access/first-start.js";
import { CliError, cliConfig, openCli, out, outSecret } from "./context.js";
import { checkProviderSettings } from "./provider-settings.js";
import { serveHttp } from "./serve-http.js";
import { serveReplica } from "./serve-replica.js";

/** serve: migrate, first-start duties, live providers, the ingest schedule, then listen until SIGINT/SIGTERM. */
export async function serveCommand(): Promise<void> {
  await serve();
}

/**
 * The server as `serve` runs it; `options.routes` adds routes (the benchmark's
 * baselines, bench/serve.ts). With WORKERS=N > 1 this process becomes the primary of
 * N worker processes (src/cluster), each of which runs this again and answers HTTP.
 */
export async function serve(options: Pick<ServerOptions, "routes"> = {}): Promise<void> {
  // Before any line: nothing the server writes may wait on its reader (lib/log-sink.ts).
  const output = installServerOutput();
  // A replica opens copies of the catalog read-only, never DATABASE_PATH itself (serve-replica.ts).
  const settings = cliConfig();
  // The providers' own settings are read by the registry: checked here, before anything is written or printed.
  checkProviderSettings(settings);
  // The process's one logger, Fastify's too: every line through the sink.
  const log = serverLog(settings.logLevel, output.stdout);
  if (settings.replicaOf) return serveReplica(settings, log, options);
  const { config, db } = openCli();
  if (cluster.isWorker) {
    return serveHttp(config, db, log, { primary: { call: primaryLine(), workers: config.workers } }, options);
  }
  if (config.workers > 1 && config.databasePath === ":memory:") throw new CliError("WORKERS above 1 needs a catalog file (DATABASE_PATH), not :memory:");
  if (config.backupTo) requireLitestream(config.databasePath);
  await firstStart(db, config);
  // Said once: by the only process once its Litestream runs, by the primary before its workers start.
  const notes = () => {
    sayPlexPictures(config.publicUrl, log);
    for (const s of providerSetups(config)) {
      if (s.enabled && s.unusable) log.warn({ provider: s.provider.name, reason: s.unusable }, "provider disabled");
    }
    for (const n of takeUndelivered(db, config)) {
      outSecret([n.line], () => markUndelivered(db, n.what, new Date(n.madeAt)));
      log.warn({ secret: n.what, madeAt: n.madeAt }, "secret not written out at an earlier start");
    }
  };
  if (config.workers <= 1) return serveHttp(config, db, log, { primary: null, afterStart: notes }, options);

  notes();
  await runPrimary({
    config,
    db,
    runtime: createProviderRuntime(config),
    workers: config.workers,
    log,
    onListening: (address) => out(`video-catalog listening on ${address} (docs: ${address}/docs; ${config.workers} worker processes)`),
  });
}

/** The first start's duties, done once (by the only process, or the primary before its workers). */
async function firstStart(db: ReturnType<typeof openCli>["db"], config: ReturnType<typeof openCli>["config"]): Promise<void> {
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
}

/** BACKUP_TO needs a catalog file and Litestream's binary: said before anything starts. */
function requireLitestream(databasePath: string): void {
  if (databasePath === ":memory:") throw new CliError("BACKUP_TO needs a catalog file (DATABASE_PATH), not :memory:");
  try {
    litestreamBinary();
  } catch (err) {
    if (err instanceof LitestreamMissingError) throw new CliError(err.message);
    throw err;
  }
}
