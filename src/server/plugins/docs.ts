import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { KEY_HEADER, KEY_HEADER_ALIAS } from "./auth.js";

/** OpenAPI 3 built from the route schemas: UI at /docs, the document at /docs/json. */
export async function registerDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "video-catalog",
        version,
        description:
          "Self-hosted, read-only catalog API for Japanese video metadata, compatible with javinfo.dev clients. " +
          "Every catalog operation takes the API key in `x-service-key` (or `x-javinfo-key`). " +
          "Errors have the shape {statusCode, error, code, message}.",
      },
      components: {
        securitySchemes: {
          serviceKey: { type: "apiKey", in: "header", name: KEY_HEADER },
          javinfoKey: { type: "apiKey", in: "header", name: KEY_HEADER_ALIAS },
        },
      },
      tags: [
        { name: "catalog", description: "Lookups, search and random draws (API key required)" },
        { name: "service", description: "Health (no key)" },
      ],
    },
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });
}
