import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { COOKIE_OPTIONS, DASHBOARD_PATH, SESSION_COOKIE, type SessionStore } from "./session.js";

const hmac = (key: string | Buffer, text: string): Buffer => createHmac("sha256", key).update(text, "utf8").digest();

/**
 * The sessions of a read-only replica, whose catalog nothing may write: the cookie
 * holds the session whole (`EXPIRES.NONCE.MAC`), the MAC an HMAC of expiry and nonce
 * under a key drawn from `secret` (the same in every process of this server:
 * VC_REPLICA_SECRET) and from the admin password as it stands (`password()`: its hash
 * in the catalog, or ADMIN_PASSWORD). So any process of the server takes the session,
 * and a new password (reset on the writer, here after a refresh) ends every one, as
 * the writer's reset does. Signing out clears the cookie; a copy of it stays good
 * until it expires, which is why the session is no longer than DASHBOARD_SESSION_HOURS.
 */
export class SignedSessions implements SessionStore {
  constructor(
    private readonly secret: string,
    private readonly password: () => string,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private mac(body: string): Buffer {
    return hmac(hmac(this.secret, `dashboard session\u0000${this.password()}`), body);
  }

  start(reply: FastifyReply): void {
    const body = `${this.now() + this.ttlMs}.${randomBytes(16).toString("base64url")}`;
    reply.setCookie(SESSION_COOKIE, `${body}.${this.mac(body).toString("base64url")}`, { ...COOKIE_OPTIONS, maxAge: Math.floor(this.ttlMs / 1000) });
  }

  current(request: FastifyRequest): string | null {
    const cookie = request.cookies[SESSION_COOKIE];
    if (!cookie) return null;
    const { valid, value } = request.unsignCookie(cookie);
    if (!valid || value === null) return null;
    const m = /^(\d{1,16})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value);
    if (!m) return null;
    const expires = Number(m[1]);
    const now = this.now();
    // Never longer than a session lasts from now: a cookie from a longer-lived setting is not taken.
    if (expires <= now || expires > now + this.ttlMs) return null;
    const given = Buffer.from(m[3], "base64url");
    const right = this.mac(`${m[1]}.${m[2]}`);
    return given.length === right.length && timingSafeEqual(given, right) ? value : null;
  }

  end(_request: FastifyRequest, reply: FastifyReply): void {
    reply.clearCookie(SESSION_COOKIE, { path: DASHBOARD_PATH });
  }
}

/** The secret of cookies (sessions, CSRF) of a replica's dashboard, drawn from its session secret. */
export function replicaCookieSecret(secret: string): string {
  return hmac(secret, "dashboard cookies").toString("base64url");
}

/** The session secret of a replica: given, else from the environment (VC_REPLICA_SECRET), else made by this process (its sessions then hold in it alone). */
export function replicaSessionSecret(given: string | undefined, fromEnv: string): string {
  if (given !== undefined && given !== "") return given;
  return fromEnv !== "" ? fromEnv : randomBytes(32).toString("base64url");
}
