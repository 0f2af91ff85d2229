import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createSession, deleteSession, hashSessionToken, pruneSessions, sessionActive, type Db } from "../../catalog/index.js";

export const SESSION_COOKIE = "vc_dashboard";
export const CSRF_COOKIE = "vc_csrf";
export const DASHBOARD_PATH = "/dashboard";

/** Cookie settings of the dashboard: only its own paths, never sent cross-site, not readable by scripts. */
export const COOKIE_OPTIONS = { path: DASHBOARD_PATH, httpOnly: true, sameSite: "strict", secure: "auto", signed: true } as const;

/** How the dashboard keeps its signed-in sessions: in the catalog (Sessions), or in the cookie alone on a read-only replica (SignedSessions). */
export interface SessionStore {
  /** Starts a session and sets its cookie. */
  start(reply: FastifyReply): void;
  /** The session's token when the request has a valid, signed, unexpired one; else null. */
  current(request: FastifyRequest): string | null;
  /** Ends the request's session (if any) and clears its cookie. */
  end(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * Signed-in sessions: a random token in a signed cookie, and its hash in the catalog
 * (so signing out, or a new admin password, ends it for every server on the catalog).
 */
export class Sessions implements SessionStore {
  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts a session and sets its cookie. */
  start(reply: FastifyReply): void {
    const token = randomBytes(32).toString("base64url");
    const now = this.now();
    pruneSessions(this.db, now);
    createSession(this.db, hashSessionToken(token), now, this.ttlMs);
    reply.setCookie(SESSION_COOKIE, token, { ...COOKIE_OPTIONS, maxAge: Math.floor(this.ttlMs / 1000) });
  }

  /** The session's token when the request has a valid, signed, unexpired one; else null. */
  current(request: FastifyRequest): string | null {
    const cookie = request.cookies[SESSION_COOKIE];
    if (!cookie) return null;
    const { valid, value } = request.unsignCookie(cookie);
    if (!valid || value === null) return null;
    return sessionActive(this.db, hashSessionToken(value), this.now()) ? value : null;
  }

  /** Ends the request's session (if any) and clears its cookie. */
  end(request: FastifyRequest, reply: FastifyReply): void {
    const token = this.current(request);
    if (token !== null) deleteSession(this.db, hashSessionToken(token));
    reply.clearCookie(SESSION_COOKIE, { path: DASHBOARD_PATH });
  }
}
