/**
 * A replica's state (REPLICA_OF), as /health shows it: kept by the replica's primary,
 * asked for by its workers.
 */
import type { Config } from "../../config/load.js";

export interface ReplicaState {
  /** REPLICA_OF, as set. */
  from: string;
  /** The writer's address (REPLICA_WRITER, else the backup's). */
  writer: string;
  /** The backup generation of the copy served; null when unknown (a copy of an earlier start, served while the backup was unreachable). */
  generation: string | null;
  /** generation/index/offset of the copy served (Litestream's WAL index and offset, in hexadecimal). */
  position: string | null;
  /** When the backup wrote what the copy served holds last (Litestream's time, to the second). */
  positionWrittenAt: string | null;
  /** When this copy began to be served. */
  servedSince: string | null;
  /** The last switch to a new copy. */
  lastRefreshAt: string | null;
  /** The last time the backup was read (whether it moved or not). */
  lastCheckAt: string | null;
  /** The last refresh's error (the copy served stays); null when none since the start. */
  lastError: string | null;
  lastErrorAt: string | null;
  /** Copies switched to since the start (the first included). */
  refreshes: number;
}

export function newReplicaState(config: Config): ReplicaState {
  return {
    from: config.replicaOf,
    writer: config.replicaWriter || config.replicaOf,
    generation: null,
    position: null,
    positionWrittenAt: null,
    servedSince: null,
    lastRefreshAt: null,
    lastCheckAt: null,
    lastError: null,
    lastErrorAt: null,
    refreshes: 0,
  };
}

/** Where the state is read from: the replica's primary, which keeps it. */
export interface ReplicaStatus {
  state(): Promise<ReplicaState>;
}
