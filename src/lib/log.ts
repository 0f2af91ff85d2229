/**
 * The server's logger, as the code calls it. The one logger a serving process makes
 * (server/server-log.ts: pino, which Fastify logs through too) is one; so is a test's
 * stand-in that keeps the lines it is given. A part takes only the calls it makes
 * (`Pick<Log, "warn">`), so a stand-in needs no more than those.
 */
export interface Log {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
