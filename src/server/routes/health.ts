import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { catalogCounts, turnSnapshot, type WatchHealth, watchHealth } from "../../catalog/index.js";
import type { RouteContext } from "./context.js";

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** The backup's state (BACKUP_TO): see services/operations/backup-state.ts for what each field means. */
const BackupSchema = Type.Object({
  to: Type.String(),
  running: Type.Boolean(),
  lagSeconds: Type.Number(),
  lagBytes: Type.Integer(),
  lastSyncAt: Nullable(Type.String()),
  lastError: Nullable(Type.String()),
  lastErrorAt: Nullable(Type.String()),
  restarts: Type.Integer(),
});

/** A read-only replica's state (REPLICA_OF): see services/operations/replica-state.ts for what each field means. */
const ReplicaSchema = Type.Object({
  from: Type.String(),
  writer: Type.String(),
  generation: Nullable(Type.String()),
  position: Nullable(Type.String()),
  positionWrittenAt: Nullable(Type.String()),
  servedSince: Nullable(Type.String()),
  lastRefreshAt: Nullable(Type.String()),
  lastCheckAt: Nullable(Type.String()),
  lastError: Nullable(Type.String()),
  lastErrorAt: Nullable(Type.String()),
  refreshes: Type.Integer(),
});

/** The file watcher (`watch`, or WATCH_INBOX with `serve`), from the beat it writes into the catalog every turn of its loop. */
const WatchSchema = Type.Object({
  running: Type.Boolean({ description: "A watcher beat recently (within three of its beat intervals), from this or another process" }),
  inbox: Type.String({ description: "The folder it watches (the last watcher's, when none runs)" }),
  lastBeatAt: Type.String({ description: "When it last said it runs" }),
  settling: Type.Integer({ description: "Files seen in the inbox whose downloads have not settled yet, at its last beat" }),
  waiting: Type.Integer({ description: "Files not yet where they go: ready, being placed, or pending" }),
  pending: Type.Integer({ description: "Files whose title the catalog does not hold yet (part of waiting): tried again when it gains titles" }),
  failed: Type.Integer({ description: "Files a step could not place (retry them on the dashboard's Watch page)" }),
  conflicts: Type.Integer({ description: "Files another file's place in the library kept where they are" }),
});

const HealthSchema = Type.Object({
  status: Type.String(),
  catalog: Type.Object({
    records: Type.Integer(),
    providers: Type.Record(Type.String(), Type.Integer()),
  }),
  backup: Type.Optional(BackupSchema),
  replica: Type.Optional(ReplicaSchema),
  /** Absent when no watcher ever ran on this catalog. */
  watch: Type.Optional(WatchSchema),
});

function watchOf(w: WatchHealth | null) {
  if (w === null) return null;
  const { at, ...rest } = w;
  return { ...rest, lastBeatAt: new Date(at).toISOString() };
}

export function registerHealthRoute(app: FastifyInstance, ctx: RouteContext): void {
  app.get(
    "/health",
    {
      schema: {
        tags: ["service"],
        summary: "Liveness, catalog size, the backup's or the replica's state, and the file watcher's (no key needed)",
        response: { 200: HealthSchema },
      },
    },
    async () => {
      // The turn's read transaction: the catalog's version is then read without taking and dropping the file locks.
      turnSnapshot(ctx.deps.db);
      const providers = catalogCounts(ctx.deps.db);
      const records = Object.values(providers).reduce((a, b) => a + b, 0);
      const watch = watchOf(watchHealth(ctx.deps.db, Date.now()));
      const [backup, replica] = await Promise.all([ctx.deps.backup?.state(), ctx.deps.replica?.state()]);
      return { status: "ok", catalog: { records, providers }, ...(backup && { backup }), ...(replica && { replica }), ...(watch && { watch }) };
    },
  );
}
