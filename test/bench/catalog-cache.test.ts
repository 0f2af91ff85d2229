import { describe, expect, it } from "vitest";
import { catalogFingerprint } from "../../bench/catalog-cache.js";

describe("bench catalog cache", () => {
  it("fingerprints the catalog code the same way every time", () => {
    expect(catalogFingerprint()).toMatch(/^[0-9a-f]{16}$/);
    expect(catalogFingerprint()).toBe(catalogFingerprint());
  });
});
