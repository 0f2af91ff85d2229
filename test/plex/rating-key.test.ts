/**
 * ratingKeys: only [A-Za-z0-9_-] (docs/Metadata.md, "ratingKey component"), one per copy of a
 * title, readable for the sources' own names and ids, and read back to the same provider and
 * content id whatever an import named them, with one spelling accepted per title.
 */
import { describe, expect, it } from "vitest";
import { PROVIDERS } from "../../src/providers/registry.js";
import { ratingKeyOf, readRatingKey } from "../../src/server/plex/rating-key.js";

describe("ratingKey", () => {
  it("is `{provider}_{contentId}` as the sources store them", () => {
    expect(ratingKeyOf("r18dev", "snis00217")).toBe("r18dev_snis00217");
    expect(ratingKeyOf("tokyo-hot", "n1234")).toBe("tokyo-hot_n1234");
    expect(ratingKeyOf("fanza", "h_086mesu00103")).toBe("fanza_h_086mesu00103");
    expect(ratingKeyOf("caribbean", "010120-001")).toBe("caribbean_010120-001");
    for (const p of PROVIDERS) expect(ratingKeyOf(p.name, "abc00001"), p.name).toBe(`${p.name}_abc00001`);
  });

  it("reads back every provider and content id, an import's odd names included, in Plex's characters only", () => {
    const pairs: [string, string][] = [
      ["r18dev", "snis00217"],
      ["1pondo", "010120_001"],
      ["my_import", "ABC-123"],
      ["file", "fc2-ppv-1234567"],
      ["file", "タイトル 01"],
      ["x", "a.b/c?d#e%f"],
      ["zz", "zZ0041"],
    ];
    for (const [provider, contentId] of pairs) {
      const key = ratingKeyOf(provider, contentId);
      expect(key, key).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(readRatingKey(key), key).toEqual({ provider, contentId });
    }
  });

  it("refuses what it never makes", () => {
    for (const key of [
      "",
      "snis00217",
      "_snis00217",
      "r18dev_",
      "R18dev_snis00217",
      "r18dev_snisZ0030",
      "r18dev_snisZ00",
      "r18dev_snis 217",
      "r18dev_snis.217",
      `r18dev_${"a".repeat(600)}`,
    ])
      expect(readRatingKey(key), key).toBeNull();
  });
});
