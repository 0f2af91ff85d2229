import type { ApiKeys } from "../../services/access/api-keys.js";
import type { AdminPassword } from "../../services/access/admin-password.js";
import type { ServiceDeps } from "../../services/deps.js";
import type { SessionStore } from "./session.js";
import type { SignInThrottle } from "../../services/access/sign-in-throttle.js";

/** What the dashboard's routes share: the services the API and the CLI use, and its own session state. */
export interface DashboardContext {
  deps: ServiceDeps;
  keys: ApiKeys;
  admin: AdminPassword;
  sessions: SessionStore;
  throttle: SignInThrottle;
  knownProviders: () => string[];
  now: () => number;
  /** On a read-only replica, the writer's address (named where a write is refused, and in every page's banner); else null. */
  writer: string | null;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** A dashboard route open without a session (sign-in, the assets). */
    dashboardPublic?: boolean;
    /** A dashboard route that changes the catalog; what it does, for a replica's refusal ("create keys": "... create keys there"). */
    dashboardWrite?: string;
  }
}

/** A form field as it was sent ("" when absent or repeated). */
export function rawField(body: unknown, name: string): string {
  const v = body !== null && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
  return typeof v === "string" ? v : "";
}

/** A form field, trimmed. */
export const field = (body: unknown, name: string): string => rawField(body, name).trim();

/** Dashboard routes stay out of the API's OpenAPI document. */
export const HIDDEN = { hide: true } as const;
