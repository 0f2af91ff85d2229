/**
 * GET {provider}/library/metadata/{ratingKey} and .../{ratingKey}/images: the Metadata feature
 * ("API Endpoints.md", "Metadata Feature" and "Image endpoint"): one title's Metadata object
 * in a MediaContainer, and its Image array alone. A ratingKey of no title is a 404; one this
 * provider never makes (rating-key.ts) is a 400. A title not in the catalog is asked of its
 * live provider by its id, as MetaTube's info route does; a provider that fails is a 502.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServiceDeps } from "../../services/deps.js";
import type { Title } from "../../services/title.js";
import { badRequest, container, PlexError, sendJson } from "./envelope.js";
import { titleImages } from "./image-urls.js";
import { shownTitle } from "./metadata-object.js";
import { METADATA_PATH } from "./provider.js";
import { viewOf } from "./request.js";
import { plexMetadata, titleByKey } from "./titles.js";

async function titleAsked(deps: ServiceDeps, request: FastifyRequest): Promise<Title> {
  const { ratingKey } = request.params as { ratingKey: string };
  const t = await titleByKey(deps, ratingKey);
  if (t === "malformed") throw badRequest("not a ratingKey of this provider");
  if (t === null) throw new PlexError(404, "no title has this ratingKey");
  return t;
}

export function registerMetadataRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(`${METADATA_PATH}/:ratingKey`, async (request, reply) => {
    const t = await titleAsked(deps, request);
    return sendJson(reply, container("Metadata", [plexMetadata(deps, t, viewOf(request, deps.config))]));
  });

  app.get(`${METADATA_PATH}/:ratingKey/images`, async (request, reply) => {
    const t = await titleAsked(deps, request);
    const view = viewOf(request, deps.config);
    return sendJson(reply, container("Image", titleImages(view.base, t, shownTitle(t, view))));
  });
}
