/**
 * GET /: MetaTube's index (the app and its version), and the plugins' external link. The
 * Jellyfin and Emby plugins link each title and actress to `{server}?redirect=PID`, their
 * provider id as they keep it: `PROVIDER:ID`, the id escaped (EscapeDataString), then
 * `:POSITION` and `:UPDATE` when set (jellyfin-plugin-metatube ExternalIds/BaseExternalId.cs,
 * Helpers/ProviderId.cs). MetaTube answers it before any token check, since a browser
 * follows the link and has none, with a 307 to the page of that title or actress
 * (metatube-sdk-go route/redirect.go, which decodes the query first, so `FANZA%3Aid` works
 * too); an id it cannot parse is a 400, an unknown provider or id a 404, in its envelope.
 *
 * Here it goes only to the page of a title or actress the catalog holds (never a live
 * lookup, never a URL the request names: no open redirect), and tells nothing else; each
 * client address spends the image routes' budget on it, as those are public too.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { titleById } from "../../services/titles/find-title.js";
import type { RateBudget } from "../../services/access/rate-budget.js";
import { findActor } from "./actors.js";
import { isGfriends, type MtContext, providersNamed } from "./context.js";
import { EnvelopeError } from "../../lib/errors.js";
import { sendEnvelopeError } from "../plugins/envelope-errors.js";
import { badRequest, INFO_NOT_FOUND, notFound, sendData, toMtError } from "./envelope.js";
import { homepageOf } from "./provider-names.js";

/** The first `name=` parameter of a URL as written, not decoded (undefined when absent), as gin's c.Query reads it but one level less. */
function rawParam(url: string, name: string): string | undefined {
  const query = url.indexOf("?");
  if (query === -1) return undefined;
  for (const pair of url.slice(query + 1).split("&")) {
    const eq = pair.indexOf("=");
    const key = eq === -1 ? pair : pair.slice(0, eq);
    if (decodeOrNull(key) === name) return eq === -1 ? "" : pair.slice(eq + 1);
  }
  return undefined;
}

/** A query text decoded as a form decodes it (`+` a space), or null when its escapes are broken. */
function decodeOrNull(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

const INVALID_PID = "invalid provider/id pair";

/**
 * The provider and id of a link's PID. It is read from the URL as written: the plugin's one
 * level of escaping is the id's, and a `:` it did not escape separates the fields, so an id
 * holding `:` or `%` comes back whole (MetaTube decodes the query, then the id again). A
 * browser or a chat app may escape the link once more (`FANZA%3Asnis00217`, which MetaTube's
 * server, decoding the query first, takes too): a provider name holds neither `:` nor `%`, so
 * an escaped colon before any plain one says the whole value was escaped, and is undone once.
 */
export function parsePid(raw: string): { provider: string; id: string } {
  const escapedColon = raw.search(/%3a/i);
  const plainColon = raw.indexOf(":");
  if (escapedColon !== -1 && (plainColon === -1 || escapedColon < plainColon)) {
    const once = decodeOrNull(raw);
    if (once === null) throw badRequest(INVALID_PID);
    return splitPid(once);
  }
  return splitPid(raw);
}

function splitPid(raw: string): { provider: string; id: string } {
  const [provider, id] = raw.split(":").map(decodeOrNull);
  if (provider == null || id == null || provider.trim() === "" || id.trim() === "") throw badRequest(INVALID_PID);
  return { provider, id };
}

/** The page a link goes to: an absolute http(s) URL the catalog holds, written as a Location header must be. */
function pageUrl(page: string): string {
  if (!/^https?:\/\//i.test(page)) throw notFound("no page for this id");
  try {
    return new URL(page).href;
  } catch {
    throw notFound("no page for this id");
  }
}

/** The page of the title (or, failing one, the actress) a PID names. */
async function pageOf(ctx: MtContext, pid: { provider: string; id: string }): Promise<string> {
  const providers = providersNamed(ctx, pid.provider);
  // Gfriends has actresses only, as MetaTube's; a title comes first, so an id that names both is the title's.
  const title = isGfriends(pid.provider) ? null : await titleById(ctx.deps, pid.id, providers, false);
  if (title !== null) return pageUrl(homepageOf(title));
  const actor = await findActor(ctx, pid.id, providers);
  if (actor === null) throw notFound(INFO_NOT_FOUND);
  return pageUrl(actor.homepage);
}

async function redirect(ctx: MtContext, limiter: RateBudget, raw: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const rate = ctx.deps.config.imageRatePerMinute;
  const wait = await limiter.take(`image:${request.ip}`, rate);
  if (wait > 0) throw new EnvelopeError(429, `rate limit of ${rate} image requests per minute exceeded`, { "retry-after": String(wait) });
  const page = await pageOf(ctx, parsePid(raw));
  return reply.code(307).header("location", page).header("cache-control", "no-store").send();
}

export function registerIndex(app: FastifyInstance, ctx: MtContext, version: string, limiter: RateBudget): void {
  app.get("/", { schema: { hide: true } }, async (request, reply) => {
    const raw = rawParam(request.url, "redirect");
    if (raw === undefined || raw === "") return sendData(reply, { app: "video-catalog", version });
    try {
      return await redirect(ctx, limiter, raw, request, reply);
    } catch (err) {
      // Outside /v1, so not under its error handler: the same envelope, written here.
      const mt = toMtError(err as Error);
      if (mt.status >= 500 && !(err instanceof EnvelopeError)) request.log.error({ err, reqId: request.id }, "redirect failed");
      return sendEnvelopeError(reply, mt);
    }
  });
}
