import { describe, expect, it } from "vitest";
import { failureKind, isSourceFailure, ProviderParseError } from "../../src/providers/errors.js";
import { FanzaApiError } from "../../src/providers/fanza/parse.js";
import { UpstreamError } from "../../src/net/index.js";

describe("what counts as a failure of the source", () => {
  it("FANZA's own busy or rate-limit answer (on an HTTP 200) is one, to ask again from the checkpoint; its refusals of the request are not", () => {
    for (const status of [503, 500, 429, null]) {
      const err = new FanzaApiError("busy", status);
      expect(isSourceFailure(err), String(status)).toBe(true);
      expect(failureKind(err)).toBe("api_error");
    }
    for (const status of [400, 401, 404]) {
      expect(isSourceFailure(new FanzaApiError("bad request", status)), String(status)).toBe(false);
      expect(failureKind(new FanzaApiError("bad request", status))).toBe("error");
    }
  });

  it("the HTTP client's failures and unparseable payloads are; a bug is not", () => {
    expect(failureKind(new UpstreamError("x", { kind: "timeout", url: "http://x", retryable: true }))).toBe("timeout");
    expect(failureKind(new ProviderParseError("fanza", "no items"))).toBe("parse");
    expect(isSourceFailure(new TypeError("undefined is not a function"))).toBe(false);
  });
});
