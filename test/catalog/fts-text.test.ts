import { describe, expect, it } from "vitest";
import { bigrams, indexText, queryTerms } from "../../src/catalog/fts/fts-text.js";
import { buildMatch, codePhrase } from "../../src/catalog/search/fts-match.js";

describe("fts text folding", () => {
  it("rewrites Japanese runs as overlapping bigrams and folds Latin text", () => {
    expect(bigrams("鈴村あいり")).toEqual(["鈴村", "村あ", "あい", "いり"]);
    expect(bigrams("凛")).toEqual(["凛"]);
    expect(indexText("ABC鈴村あいり Café").trim().split(/\s+/)).toEqual(["abc", "鈴村", "村あ", "あい", "いり", "café", "鈴", "村", "り"]);
    expect(indexText("ｱｲﾘ")).toContain("アイ"); // half-width kana folded by NFKC
  });

  it("indexes each kanji alone once per text, and the last character of each run, after the rest", () => {
    const tokens = (t: string) => indexText(t).trim().split(/\s+/);
    // 夏 twice, の twice: each kanji once at the end; kana only where they end a run (の夢 ends in a kanji).
    expect(tokens("夏の夜の夢 abc 夏")).toEqual(["夏の", "の夜", "夜の", "の夢", "abc", "夏", "夜", "夢"]);
    // A kana ending a run is there alone; a kana inside a run is not (a one-kana query is a bigram prefix).
    expect(tokens("エステア")).toEqual(["エス", "ステ", "テア", "ア"]);
    // Extension B ideographs (surrogate pairs) are kanji too.
    expect(tokens("𠀋一")).toEqual(["𠀋一", "𠀋", "一"]);
    // The words of a text stay next to each other: a phrase may run from Japanese into Latin text.
    expect(indexText("あいり café").trim().split(/\s+/).slice(0, 3)).toEqual(["あい", "いり", "café"]);
    expect(indexText("plain text")).toBe("plain text");
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
    // One kanji is a term of its own; one kana a bigram prefix.
    expect(buildMatch("凛")).toBe('"凛"');
    expect(buildMatch("𠀋")).toBe('"𠀋"');
    expect(buildMatch("の")).toBe('"の"*');
    expect(buildMatch("ア")).toBe('"ア"*');
    expect(buildMatch("yui", { prefixLast: false })).toBe('"yui"');
  });

  it("builds the code column phrase of a canonical code", () => {
    expect(codePhrase("ABP-123")).toBe('code : "abp 123"');
    expect(codePhrase("FC2-PPV-1234567")).toBe('code : "fc2 ppv 1234567"');
  });
});
