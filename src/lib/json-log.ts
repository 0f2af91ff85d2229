/**
 * Log lines in pino's shape (`{"level":30,"time":...,"pid":...,"hostname":...,"msg":...}`)
 * for a process without a fastify logger: the primary of several workers, whose lines
 * then read like its workers'.
 */
import { hostname } from "node:os";

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Number.POSITIVE_INFINITY } as const;

export interface JsonLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export function jsonLog(write: (line: string) => void, level: keyof typeof LEVELS): JsonLog {
  const least = LEVELS[level];
  const host = hostname();
  const at = (n: number) => (obj: object, msg: string) => {
    if (n < least) return;
    const fields = Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, v instanceof Error ? { type: v.name, message: v.message } : v]));
    write(`${JSON.stringify({ level: n, time: Date.now(), pid: process.pid, hostname: host, ...fields, msg })}\n`);
  };
  return { info: at(LEVELS.info), warn: at(LEVELS.warn), error: at(LEVELS.error) };
}
