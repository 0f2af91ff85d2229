import { ErrorSchema } from "./record.js";

/** Error responses every keyed operation can give (documented in the OpenAPI document). */
export const KEYED_ERRORS = {
  400: { ...ErrorSchema, description: "INVALID_PARAMETER or INVALID_JSON" },
  401: { ...ErrorSchema, description: "MISSING_API_KEY or INVALID_API_KEY" },
  413: { ...ErrorSchema, description: "BODY_TOO_LARGE (POST body over 16 KiB)" },
  415: { ...ErrorSchema, description: "UNSUPPORTED_MEDIA_TYPE (POST without a JSON content type)" },
  422: {
    ...ErrorSchema,
    description:
      "UNSUPPORTED_PROVIDER or UNSUPPORTED_FILTER: a javinfo.dev provider (javdb, missav, javdatabase) or filter (availability) this service cannot serve",
  },
  429: { ...ErrorSchema, description: "RATE_LIMITED; see the retry-after header" },
  500: { ...ErrorSchema, description: "INTERNAL" },
};

export const KEY_SECURITY: { [label: string]: string[] }[] = [{ serviceKey: [] }, { javinfoKey: [] }];
