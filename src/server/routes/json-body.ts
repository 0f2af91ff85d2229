/**
 * An answer's body as it is sent: JSON already as bytes (built by the catalog from the
 * records' stored JSON; the services decide when) goes as it is, typed as the
 * serialiser would type it; anything else goes to the serialiser. Fastify sends a
 * Buffer as it is.
 */
import type { FastifyReply } from "fastify";

const JSON_TYPE = "application/json; charset=utf-8";

export function jsonBody<T>(reply: FastifyReply, body: Buffer | T): Buffer | T {
  if (Buffer.isBuffer(body)) reply.type(JSON_TYPE);
  return body;
}
