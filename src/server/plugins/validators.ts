import { AjvCompiler } from "@fastify/ajv-compiler";
import type { FastifyServerOptions } from "fastify";

const AJV_OPTIONS = { removeAdditional: false, useDefaults: true } as const;

/** One Ajv per set of options for every server of the process (the tests build many): a route's schema compiles once. */
const pool = AjvCompiler();

/**
 * Parameters come as text in a query string (`num=5`: the schema's types are read from
 * it), and as JSON in a body, where a value of the wrong type is the client's mistake:
 * `POST /movie {"q": 5}` is a 400, not a lookup of "5". Two Ajv instances, one per
 * part: the query string coerces (and repeated parameters become arrays), the body
 * does not.
 */
export function validatorsByPart(): NonNullable<FastifyServerOptions["schemaController"]> {
  return {
    compilersFactory: {
      buildValidator(externalSchemas, ajvServerOption) {
        const base = (ajvServerOption ?? {}) as { customOptions?: object };
        const options = (coerceTypes: false | "array") =>
          ({ ...base, customOptions: { ...base.customOptions, ...AJV_OPTIONS, coerceTypes } }) as Parameters<typeof pool>[1];
        const text = pool(externalSchemas, options("array"));
        const json = pool(externalSchemas, options(false));
        return (route) => (route.httpPart === "body" ? json(route) : text(route));
      },
    },
  };
}
