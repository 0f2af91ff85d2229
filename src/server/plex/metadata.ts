/**
 * GET {provider}/library/metadata/{ratingKey} and .../{ratingKey}/images: the Metadata feature
 * ("API Endpoints.md", "Metadata Feature" and "Image endpoint"): one title's Metadata object
 * in a MediaContainer, and its Image array alone. A ratingKey of no title is a 404; one this
 * provider never makes (rating-key.ts) is a 400. A title not in the catalog is asked of its
 * live provider by its id, as MetaTube's info route does; a provider that fails is a 502.
 *
 * .../{ratingKey}/extras, /children and /grandchildren: an empty MediaContainer, a 200. A movie
 * has no children (the docs ask them of shows and seasons, "Children and Grandchildren
 * Requests") and the catalog holds no extras (trailers, featurettes). Both community MetaTube
 * bridges answer /children and /grandchildren so, `{offset: 0, totalSize: 0, identifier, size:
 * 0, Metadata: []}` (creeper2020/ and feewg/metatube-plex-custom-provider, provider-go/server.go
 * and provider/metatube_provider/server.py `empty_container`); neither routes /extras (feewg's
 * answers it with the item's own Metadata, cutting the path at its first `/`), which gets the
 * same empty container here rather than a 404 in PMS's log. No title is looked up for them:
 * a malformed ratingKey is still a 400.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServiceDeps } from "../../services/deps.js";
import type { Title } from "../../services/titles/title.js";
import { EnvelopeError } from "../../lib/errors.js";
import { badRequest, container, sendJson } from "./envelope.js";
import { type Pictures, titleImages } from "./image-urls.js";
import { shownTitle } from "./metadata-object.js";
import { METADATA_PATH } from "./provider.js";
import { readRatingKey } from "./rating-key.js";
import { viewOf } from "./request.js";
import { plexMetadata, titleByKey } from "./titles.js";

const NOT_OURS = "not a ratingKey of this provider";

async function titleAsked(deps: ServiceDeps, request: FastifyRequest): Promise<Title> {
  const { ratingKey } = request.params as { ratingKey: string };
  const t = await titleByKey(deps, ratingKey);
  if (t === "malformed") throw badRequest(NOT_OURS);
  if (t === null) throw new EnvelopeError(404, "no title has this ratingKey");
  return t;
}

export function registerMetadataRoutes(app: FastifyInstance, deps: ServiceDeps, pictures: Pictures): void {
  app.get(`${METADATA_PATH}/:ratingKey`, async (request, reply) => {
    const t = await titleAsked(deps, request);
    return sendJson(reply, container("Metadata", [await plexMetadata(deps, t, viewOf(request, deps.config, pictures))]));
  });

  app.get(`${METADATA_PATH}/:ratingKey/images`, async (request, reply) => {
    const t = await titleAsked(deps, request);
    const view = viewOf(request, deps.config, pictures);
    return sendJson(reply, container("Image", titleImages(view.pictures, t, shownTitle(t, view))));
  });

  for (const none of ["extras", "children", "grandchildren"]) {
    app.get(`${METADATA_PATH}/:ratingKey/${none}`, async (request, reply) => {
      if (readRatingKey((request.params as { ratingKey: string }).ratingKey) === null) throw badRequest(NOT_OURS);
      return sendJson(reply, container("Metadata", []));
    });
  }
}
