/** A person's overview as people push writes it: her names with their kinds, her titles and their span, in the language asked. */
import { describe, expect, it } from "vitest";
import type { PersonName, PersonRecord } from "../../../src/catalog/index.js";
import { overviewOf } from "../../../src/services/people/overview.js";

const name = (n: string, script: PersonName["script"], kind: PersonName["kind"]): PersonName => ({
  name: n,
  folded: n.toLowerCase(),
  script,
  kind,
  sources: ["fanza"],
  firstRelease: null,
  lastRelease: null,
});

const person = (names: PersonName[], titles: number, first: string | null, last: string | null): PersonRecord => ({
  id: 1,
  key: "1001",
  dmmId: "1001",
  picture: null,
  names,
  titles,
  firstRelease: first,
  lastRelease: last,
  merged: [],
  madeBy: "source",
});

describe("overviewOf", () => {
  const renamed = person(
    [name("新名ゆき", "kanji", "current"), name("Yuki Shinmei", "latin", "current"), name("旧名ゆき", "kanji", "former"), name("ゆきち", "kana", "alias")],
    12,
    "2019-04-01",
    "2023-02-01",
  );

  it("names her current names, the language's first, then her former names and aliases, her titles and their span", () => {
    expect(overviewOf(renamed, "ja")).toBe("新名ゆき（Yuki Shinmei）。旧名: 旧名ゆき。別名: ゆきち。出演 12 作（2019-04-01〜2023-02-01）。");
    expect(overviewOf(renamed, "en")).toBe("Yuki Shinmei (新名ゆき). Formerly: 旧名ゆき. Also known as: ゆきち. 12 titles (2019-04-01 to 2023-02-01).");
  });

  it("says one name alone, and no titles when she has none", () => {
    expect(overviewOf(person([name("葵さき", "kanji", "current")], 0, null, null), "ja")).toBe("葵さき。");
    expect(overviewOf(person([name("Saki Aoi", "latin", "current")], 1, "2021-01-01", "2021-01-01"), "en")).toBe("Saki Aoi. 1 title (2021-01-01).");
  });
});
