/**
 * The one logger of a serving process, made before anything else: pino at LOG_LEVEL,
 * with the API keys taken out of its lines (lib/key-redact.ts), writing each line to
 * `stream` (serve's LogSink, lib/log-sink.ts: a stalled or vanished reader never blocks
 * the server, and what it drops is counted and said; without one, pino's own stdout).
 * Fastify logs through it (buildServer's `log`), and so does all else the process runs:
 * the single process, each worker, the primary of several and a replica's primary.
 */
import { type Logger, pino } from "pino";
import type { Config } from "../config/load.js";
import { LOG_REDACTION } from "../lib/key-redact.js";

export type ServerLog = Logger;

export function serverLog(level: Config["logLevel"], stream?: { write(line: string): unknown }): ServerLog {
  return pino({ level, ...LOG_REDACTION }, stream);
}
