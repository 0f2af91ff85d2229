/**
 * What Litestream says: its JSON log lines (logging type json), and the replica's
 * position from its metrics (Prometheus text on the local `addr`).
 */
import type { ReplicaPosition } from "./backup-lag.js";

export interface LitestreamLine {
  level: "debug" | "info" | "warn" | "error";
  msg: string;
  /** The line's own fields (db, replica, position, error, ...), without time, level and msg. */
  fields: Record<string, unknown>;
}

/** Said at every send to the backup (each second while the catalog changes): debug, not info. */
const CHATTY = new Set(["write wal segment", "wal segment written"]);

export function parseLitestreamLine(line: string): LitestreamLine {
  let parsed: Record<string, unknown> | null = null;
  try {
    const v: unknown = JSON.parse(line);
    if (v !== null && typeof v === "object") parsed = v as Record<string, unknown>;
  } catch {
    // Not JSON: a line from before the config was read (a bad config file), or a Go panic.
  }
  if (parsed === null) return { level: /error|panic|fatal/i.test(line) ? "error" : "info", msg: line.trim(), fields: {} };
  const { time: _time, level, msg, ...fields } = parsed;
  const text = typeof msg === "string" ? msg : "";
  const lv = String(level).toUpperCase();
  return {
    level: lv === "ERROR" ? "error" : lv === "WARN" ? "warn" : lv === "DEBUG" || CHATTY.has(text) ? "debug" : "info",
    msg: text,
    fields,
  };
}

/** The replica's position from the metrics' text, or null before Litestream has synced it once. */
export function parseReplicaPosition(metrics: string): ReplicaPosition | null {
  const value = (name: string) => {
    const m = new RegExp(`^${name}\\{[^}]*\\} (\\S+)$`, "m").exec(metrics);
    return m ? Number(m[1]) : null;
  };
  const index = value("litestream_replica_wal_index");
  const offset = value("litestream_replica_wal_offset");
  return index === null || offset === null || !Number.isFinite(index) || !Number.isFinite(offset) ? null : { index, offset };
}

/** The position from a running Litestream's metrics; null when it does not answer (yet). */
export async function fetchReplicaPosition(addr: string): Promise<ReplicaPosition | null> {
  try {
    const res = await fetch(`http://${addr}/metrics`, { signal: AbortSignal.timeout(1000) });
    return res.ok ? parseReplicaPosition(await res.text()) : null;
  } catch {
    return null;
  }
}
