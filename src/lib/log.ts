/**
 * The server's logger, as the code calls it. The one logger a serving process makes
 * (server/server-log.ts: pino, which Fastify logs through too) is one; so is a test's
 * stand-in that keeps the lines it is given. A part takes only the calls it makes
 * (`Pick<Log, "warn">`), so a stand-in needs no more than those. The process that composes
 * the parts hands each a child of the one logger, bound to the part's name (`{"part":"ingest"}`),
 * so a line tells which part wrote it.
 */
export interface Log {
  /** A logger whose every line also carries `bindings` (pino's child): each part logs through one naming it. */
  child(bindings: Record<string, unknown>): Log;
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
