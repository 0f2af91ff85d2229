/**
 * The Plex face of the catalog: a Plex Custom Metadata Provider (Plex Media Server 1.43 and
 * later; Plex's docs "Plex Media Provider Object/Metadata Object/API Documentation", copied at
 * pekempy/EncoraPlexProvider docs/), for movie libraries, answered from the catalog by the same
 * services as every other face. Its root answers the MediaProvider object (provider.ts), its
 * features match (match.ts) and metadata (metadata.ts).
 *
 * The URL a person pastes into Plex (Settings > Metadata Agents > Add Provider) is
 * `{public address}/plex/{API key}`. The key is a path segment because Plex is given nothing
 * but that URL (its dialog sets no header) and calls every feature by joining the feature's
 * `key` to that URL's path (provider.ts, with the providers that show it): a segment of the
 * pasted path is in every request Plex makes, the root's and each feature's, whereas a query
 * parameter would have to survive Plex's joining of a path to it, which nothing shows it does.
 * The community providers do the same: creeper2020/metatube-plex-custom-provider's Go
 * provider and its fork feewg/'s are added as `http://host:8080/_metatube/{token}` and answer
 * nothing outside that prefix (provider-go/README_ZH.md, provider-go/plex.go requestPath);
 * creeper2020's Python provider has the same `path_prefix` (provider/metatube_provider/
 * server.py). They also wrote the prefix into the feature keys at first (creeper2020's
 * provider-go/plex.go, provider/metatube_provider/plex.py); feewg's, run against a real Plex,
 * dropped it from them, since Plex puts the keys under the pasted URL already.
 *
 * The key is one of the service's API keys, checked by the one KeyGate as on every face: its
 * rate and its revocation hold, and a request over the rate waits its turn (`pace`, as on the
 * MetaTube routes) rather than meeting a 429, since a library scan is many requests at once
 * and a refused match leaves the file unmatched until Plex asks again. No key, an unknown or a revoked one is a 401: the
 * docs name no status for it, and to Plex any refusal is the same (the provider is not added,
 * the item not matched), while in Plex's log a 401 says the key is wrong where a 404 would say
 * the address is. A key never appears in full in this server's log (lib/key-redact.ts).
 *
 * A URL pasted with a trailing slash (`…/plex/{key}/`) works too: Plex joins the feature keys to
 * it (`…/plex/{key}//library/metadata/matches`), and the router takes duplicate slashes as one
 * (app.ts); a ratingKey as long as rating-key.ts allows reaches its route (framework-error.ts).
 *
 * The pictures are decided once, from PUBLIC_URL (image-urls.ts): on a public address, the
 * MetaTube image routes' cut pictures (public, with their own rate per client address and their
 * rule against fetching anything the catalog does not hold); else the sources' own picture URLs,
 * since Plex's image service on the internet fetches them, which the start's log line says.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Log } from "../../lib/log.js";
import type { ServiceDeps } from "../../services/deps.js";
import type { KeyGate } from "../plugins/auth.js";
import { EnvelopeError } from "../../lib/errors.js";
import { sendEnvelopeError } from "../plugins/envelope-errors.js";
import { sendJson, toPlexError } from "./envelope.js";
import { picturesFor } from "./image-urls.js";
import { registerMatchRoute } from "./match.js";
import { registerMetadataRoutes } from "./metadata.js";
import { mediaProvider } from "./provider.js";

const HIDDEN = { hide: true } as const;
const NO_KEY = "missing API key: the provider URL is {this service's address}/plex/{API key}";

/** Checks the key in the path; throws the refusal. */
async function checkKey(gate: KeyGate, request: FastifyRequest): Promise<void> {
  const { key } = (request.params ?? {}) as { key?: string };
  const checked = await gate.check(key === undefined || key.trim() === "" ? undefined : key, { pace: true });
  if (checked.ok) {
    request.apiKey = checked.key;
    return;
  }
  // For the operator (at debug level): which key, cut short in the log, was refused.
  request.log.debug({ url: request.url, refusal: checked.refusal }, "plex: API key refused");
  if (checked.refusal === "limited") {
    throw new EnvelopeError(429, `rate limit of ${checked.key.ratePerMinute} requests per minute exceeded`, {
      "retry-after": String(checked.retryAfterSeconds),
    });
  }
  throw new EnvelopeError(401, checked.refusal === "missing" ? NO_KEY : "unknown or revoked API key");
}

/**
 * The start's one line when Plex gets the sources' pictures: why, and what to set for the cut
 * posters. Said by the process that says the start's notes (the only one, a primary, a
 * replica's primary), not by each worker that builds this face.
 */
export function sayPlexPictures(publicUrl: string, log: Log): void {
  const pictures = picturesFor(publicUrl);
  if (pictures.from === "cut") return;
  log.info(
    { part: "plex", pictures: "sources", why: pictures.why },
    "plex: the provider names the sources' own pictures, since Plex's image service on the internet cannot reach this service's address; " +
      "for the posters cut from the jackets, set PUBLIC_URL to an https address on a public name that reaches this service (a reverse proxy)",
  );
}

export async function registerPlex(app: FastifyInstance, deps: ServiceDeps, gate: KeyGate, version: string): Promise<void> {
  const pictures = picturesFor(deps.config.publicUrl);
  // The provider's address without a key: the refusal says what to paste.
  for (const url of ["/plex", "/plex/"]) app.all(url, { schema: HIDDEN }, (_request, reply) => sendEnvelopeError(reply, new EnvelopeError(401, NO_KEY)));

  await app.register(
    async (scope) => {
      scope.setErrorHandler((err: Error, request, reply) => {
        const plex = toPlexError(err);
        if (plex.status >= 500 && !(err instanceof EnvelopeError)) request.log.error({ err, url: request.url, reqId: request.id }, "plex request failed");
        return sendEnvelopeError(reply, plex);
      });
      const noSuchPath = () => new EnvelopeError(404, "no such path on this provider");
      scope.setNotFoundHandler((_request, reply) => sendEnvelopeError(reply, noSuchPath()));
      scope.addHook("onRoute", (route) => {
        route.schema = { ...route.schema, ...HIDDEN };
      });
      scope.addHook("onRequest", async (request) => checkKey(gate, request));
      scope.get("/", async (_request, reply) => sendJson(reply, mediaProvider(version)));
      registerMatchRoute(scope, deps, pictures);
      registerMetadataRoutes(scope, deps, pictures);
      // Any other path under the key, as a route: the key is checked first, and a segment as long as
      // a route reads is taken (Fastify's not-found router keeps its own limit of 100 characters).
      scope.all("/*", async () => {
        throw noSuchPath();
      });
    },
    { prefix: "/plex/:key" },
  );
}
