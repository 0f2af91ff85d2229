import type { FastifyInstance, FastifyReply, FastifySchema } from "fastify";
import type { TSchema } from "typebox";
import { KEY_SECURITY } from "../schemas/responses.js";

export type Where = "querystring" | "body";

/**
 * Registers an operation's GET form (parameters in the query string) and POST form
 * (the same fields as a JSON body), both behind the key check, with one schema.
 * A POST without a body is the same as `{}`.
 */
export function getAndPost<P>(
  app: FastifyInstance,
  path: string,
  params: TSchema,
  doc: { summary: string; response: Record<number, unknown> },
  handle: (p: P, reply: FastifyReply, where: Where) => unknown,
): void {
  const base = { tags: ["catalog"], security: KEY_SECURITY, ...doc } as FastifySchema;
  app.get(path, { schema: { ...base, querystring: params }, config: { auth: true } }, async (req, reply) => handle(req.query as P, reply, "querystring"));
  app.post(
    path,
    {
      schema: { ...base, body: params },
      config: { auth: true },
      preValidation: async (req) => {
        if (req.body === undefined || req.body === null) req.body = {};
      },
    },
    async (req, reply) => handle(req.body as P, reply, "body"),
  );
}
