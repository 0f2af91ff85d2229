import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { catalogCounts, turnSnapshot } from "../../catalog/index.js";
import type { RouteContext } from "./context.js";

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** The backup's state (BACKUP_TO): see services/backup-state.ts for what each field means. */
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

/** A read-only replica's state (REPLICA_OF): see services/replica-state.ts for what each field means. */
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

const HealthSchema = Type.Object({
  status: Type.String(),
  catalog: Type.Object({
    records: Type.Integer(),
    providers: Type.Record(Type.String(), Type.Integer()),
  }),
  backup: Type.Optional(BackupSchema),
  replica: Type.Optional(ReplicaSchema),
});

export function registerHealthRoute(app: FastifyInstance, ctx: RouteContext): void {
  app.get(
    "/health",
    {
      schema: {
        tags: ["service"],
        summary: "Liveness, catalog size, and the backup's or the replica's state (no key needed)",
        response: { 200: HealthSchema },
      },
    },
    async () => {
      // The turn's read transaction: the catalog's version is then read without taking and dropping the file locks.
      turnSnapshot(ctx.deps.db);
      const providers = catalogCounts(ctx.deps.db);
      const records = Object.values(providers).reduce((a, b) => a + b, 0);
      const [backup, replica] = await Promise.all([ctx.deps.backup?.state(), ctx.deps.replica?.state()]);
      return { status: "ok", catalog: { records, providers }, ...(backup && { backup }), ...(replica && { replica }) };
    },
  );
}
