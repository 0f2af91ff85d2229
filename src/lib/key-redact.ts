/**
 * API keys out of the server's log and answers. The Plex provider's URL carries a key as a path
 * segment (`/plex/{key}/...`: server/plex/plugin.ts says why), so any log line or answer that
 * writes a request's URL would write a key. Fastify writes one in its request serializer
 * (`req.url`), in messages (a route not found, a reply sent twice) and in the errors it makes
 * of them; the dashboard and the error handlers write `url` fields, and the API's and the
 * dashboard's "no such route" answers name the path asked. Every log line passes through the
 * logger's options below, and those answers through redactPlexKeys: the segment after `/plex/`
 * keeps the first characters the dashboard shows of a key (its prefix, enough to tell which key
 * it was) and loses the rest: `/plex/vc_AbCdEfG…/...`. Below every room: the logger, the error
 * handlers and each face use it.
 */

/** As many characters as the dashboard shows of a key (catalog keys' keyPrefix). */
const SHOWN = 10;
/**
 * A `/plex/` segment that may be a key: a key's characters, 8 or more, or anything starting
 * as our keys do; a shorter word (`/plex/src` in a stack trace's file path) is no key. The
 * router reads `/plex//KEY` as `/plex/KEY` (duplicate slashes ignored: app.ts), so the slashes
 * before the segment are taken as one, and `/PLEX/` as `/plex/` for good measure.
 */
const PLEX_SEGMENT = /(\/plex\/+)([^/?#\s"'\\]+)/gi;
const MAYBE_KEY = /^(?:vc_|[A-Za-z0-9_-]{8})/;
const ELLIPSIS = "…";

function shortened(key: string): string {
  if (key.endsWith(ELLIPSIS) || !MAYBE_KEY.test(key)) return key;
  return key.slice(0, key.length >= 2 * SHOWN ? SHOWN : 4) + ELLIPSIS;
}

/** `text` with the key in every `/plex/{key}` cut short. */
export function redactPlexKeys(text: string): string {
  return /\/plex\//i.test(text) ? text.replace(PLEX_SEGMENT, (_m, at: string, key: string) => at + shortened(key)) : text;
}

const redactIn = (v: unknown): unknown => (typeof v === "string" ? redactPlexKeys(v) : v);

/**
 * An error as pino's serializer reads it, its message, stack and raw bytes redacted: a copy
 * of the same class (so its `type` is as it was). The bytes are those of a request Node's
 * parser refused (`rawPacket`), which Fastify logs at trace level ("client error") and pino
 * would write as numbers: they are written as text, redacted.
 */
function redactedError(err: Error): Error {
  const message = redactPlexKeys(err.message);
  const stack = typeof err.stack === "string" ? redactPlexKeys(err.stack) : err.stack;
  const raw = (err as { rawPacket?: unknown }).rawPacket;
  const packet = raw instanceof Uint8Array ? Buffer.from(raw).toString("latin1") : undefined;
  const rawPacket = packet === undefined ? undefined : redactPlexKeys(packet);
  if (message === err.message && stack === err.stack && rawPacket === packet) return err;
  const copy = Object.create(Object.getPrototypeOf(err)) as Error & Record<string, unknown>;
  for (const [k, v] of Object.entries(err)) copy[k] = redactIn(v);
  Object.defineProperty(copy, "message", { value: message, writable: true, configurable: true });
  copy.stack = stack;
  if (rawPacket !== undefined) copy.rawPacket = rawPacket;
  return copy;
}

/** A log call's merging object with its `url`, `msg` and `err` redacted (a copy: the caller's object is left alone). */
function redactedObject(o: Record<string, unknown>): Record<string, unknown> {
  let out = o;
  const set = (k: string, v: unknown) => {
    if (v === o[k]) return;
    if (out === o) out = { ...o };
    out[k] = v;
  };
  set("url", redactIn(o.url));
  set("msg", redactIn(o.msg));
  if (o.err instanceof Error) set("err", redactedError(o.err));
  return out;
}

interface RawRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/**
 * The logger options that redact: Fastify's request serializer with the URL redacted (its
 * fields otherwise as Fastify's own), and a hook over every log call's arguments.
 */
export const LOG_REDACTION = {
  serializers: {
    req: (req: RawRequest) => ({
      method: req.method,
      url: typeof req.url === "string" ? redactPlexKeys(req.url) : req.url,
      version: req.headers?.["accept-version"] as string | undefined,
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    }),
  },
  hooks: {
    logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void): void {
      const redacted = args.map((a) =>
        typeof a === "string"
          ? redactPlexKeys(a)
          : a instanceof Error
            ? redactedError(a)
            : a !== null && typeof a === "object"
              ? redactedObject(a as Record<string, unknown>)
              : a,
      );
      method.apply(this, redacted);
    },
  },
};
