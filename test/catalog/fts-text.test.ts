import { describe, expect, it } from "vitest";
import { bigrams, indexText, queryTerms } from "../../src/catalog/search/fts-text.js";
import { buildMatch, codePhrase } from "../../src/catalog/search/fts-match.js";

describe("fts text folding", () => {
  it("rewrites Japanese runs as overlapping bigrams and folds Latin text", () => {
    expect(bigrams("鈴村あいり")).toEqual(["鈴村", "村あ", "あい", "いり"]);
    expect(bigrams("凛")).toEqual(["凛"]);
    expect(indexText("ABC鈴村あいり Café").trim().split(/\s+/)).toEqual(["abc", "鈴村", "村あ", "あい", "いり", "り", "café"]);
    expect(indexText("ｱｲﾘ")).toContain("アイ"); // half-width kana folded by NFKC
  });

  it("splits queries into words and CJK runs only", () => {
    expect(queryTerms('"AND" NEAR( col:x *')).toEqual([
      { kind: "word", text: "and" },
      { kind: "word", text: "near" },
      { kind: "word", text: "col" },
      { kind: "word", text: "x" },
    ]);
    expect(queryTerms("凛音 yui")).toEqual([
      { kind: "cjk", chars: 2, grams: ["凛音"] },
      { kind: "word", text: "yui" },
    ]);
  });
});

describe("buildMatch", () => {
  it("quotes every term so FTS5 syntax in user text is inert", () => {
    expect(buildMatch('"')).toBeNull();
    expect(buildMatch("*")).toBeNull();
    expect(buildMatch("NEAR(a b)")).toBe('"near" AND "a" AND "b"*');
    expect(buildMatch("title:foo")).toBe('"title" AND "foo"*');
    expect(buildMatch("鈴村あいり")).toBe('"鈴村 村あ あい いり"');
    expect(buildMatch("凛")).toBe('"凛"*');
    expect(buildMatch("yui", { prefixLast: false })).toBe('"yui"');
  });

  it("builds the code column phrase of a canonical code", () => {
    expect(codePhrase("ABP-123")).toBe('code : "abp 123"');
    expect(codePhrase("FC2-PPV-1234567")).toBe('code : "fc2 ppv 1234567"');
  });
});
