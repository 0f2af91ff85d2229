/**
 * What the MetaTube face says of itself: GET / (the app and its version), the
 * providers, and the routes it does not serve (translation, reviews) answered as
 * errors in the envelope, which the plugins log and go past.
 */
import type { FastifyInstance } from "fastify";
import { GFRIENDS, type MtContext } from "./context.js";
import { EnvelopeError } from "../../lib/errors.js";
import { notFound, sendData } from "./envelope.js";
import { metaTubeName } from "../../services/titles/copies.js";
import { siteOf } from "./provider-names.js";

/** MetaTube's provider map: name -> site. DMM data's site is DMM's; a provider the registry does not know has none to give. */
function providerSites(ctx: MtContext): Record<string, string> {
  const sites: Record<string, string> = {};
  for (const p of ctx.knownProviders()) sites[metaTubeName(p)] = siteOf(p);
  return sites;
}

export function registerMetaRoutes(app: FastifyInstance, ctx: MtContext): void {
  app.get("/providers", { config: { mtPublic: true } }, async (_request, reply) => {
    // The actresses are those of the titles: every provider of titles is one of people too; and
    // Gfriends, as MetaTube lists it among its actor providers, with no site: here it is the catalog's own.
    const sites = providerSites(ctx);
    return sendData(reply.header("cache-control", "no-store"), { actor_providers: { ...sites, [GFRIENDS]: "" }, movie_providers: sites });
  });
  app.get("/translate", { config: { mtPublic: true } }, async () => {
    throw new EnvelopeError(501, "translation is not served by video-catalog");
  });
  app.get("/reviews/:provider/:id", { config: { mtAuth: true } }, async () => {
    throw notFound("no reviews");
  });
}
