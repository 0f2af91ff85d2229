/**
 * serve with REPLICA_OF: a read-only replica. The replica's primary process
 * restores the backup into copies beside DATABASE_PATH and runs the workers, each of
 * which opens its copy read-only (no migration, no first-start duty, no schedule, no
 * checkpoint, no backup of its own) and answers HTTP as the writer would.
 */
import cluster from "node:cluster";
import { checkCopy, openDatabase } from "../catalog/index.js";
import { primaryLine } from "../cluster/ipc.js";
import { LitestreamMissingError, litestreamBinary } from "../cluster/litestream/bin.js";
import { RestoreError } from "../cluster/litestream/restore.js";
import { runReplica } from "../cluster/replica/replica.js";
import type { ReplicaState } from "../services/operations/replica-state.js";
import type { Config } from "../config/load.js";
import type { ServerOptions } from "../server/app.js";
import { sayPlexPictures } from "../server/plex/plugin.js";
import type { ServerLog } from "../server/server-log.js";
import { CliError, out } from "./context.js";
import { serveHttp } from "./serve-http.js";

export async function serveReplica(config: Config, log: ServerLog, options: Pick<ServerOptions, "routes">): Promise<void> {
  const workers = Math.max(1, config.workers);
  if (cluster.isWorker) {
    const call = primaryLine();
    const db = openDatabase(config.databasePath, { readonly: true, cacheSizeMb: config.cacheSizeMb, mmapSizeMb: config.mmapSizeMb });
    // The first worker on a new copy checks it; the primary answers the others once it passed.
    const { check } = (await call("replica.open")) as { check: boolean };
    if (check) {
      const problems = checkCopy(db);
      await call("replica.checked", problems);
      if (problems.length > 0) {
        db.close();
        process.exit(1);
      }
    }
    const replica = { state: async () => (await call("replica.state")) as ReplicaState };
    return serveHttp(config, db, log, { primary: { call, workers }, replica }, options);
  }
  if (config.backupTo) {
    throw new CliError(
      "REPLICA_OF and BACKUP_TO are both set: a replica writes nothing, so it has nothing to back up (the writer's BACKUP_TO is the replicas' REPLICA_OF)",
    );
  }
  if (config.databasePath === ":memory:")
    throw new CliError("REPLICA_OF needs DATABASE_PATH to name a file: the replica keeps its copies of the catalog beside it");
  try {
    litestreamBinary();
  } catch (err) {
    if (err instanceof LitestreamMissingError) throw new CliError(err.message.replace("BACKUP_TO needs", "REPLICA_OF needs"));
    throw err;
  }
  sayPlexPictures(config.publicUrl, log);
  try {
    await runReplica({
      config,
      log,
      onListening: (address) =>
        out(`video-catalog listening on ${address} (docs: ${address}/docs; read-only replica of ${config.replicaOf}; ${workers} worker processes)`),
    });
  } catch (err) {
    if (err instanceof RestoreError) throw new CliError(`REPLICA_OF: ${err.message}`);
    throw err;
  }
}
