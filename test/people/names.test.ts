import { describe, expect, it } from "vitest";
import { isFullName, scriptOf, splitFormer } from "../../src/people/names.js";

describe("a person's names", () => {
  it("reads DMM's 名（旧名） and leaves other names whole", () => {
    expect(splitFormer("新名ゆき（旧名ゆき）")).toEqual({ name: "新名ゆき", former: ["旧名ゆき"] });
    expect(splitFormer("新名ゆき(旧名ゆき、別名ゆき)")).toEqual({ name: "新名ゆき", former: ["旧名ゆき", "別名ゆき"] });
    expect(splitFormer("三上悠亜")).toEqual({ name: "三上悠亜", former: [] });
    expect(splitFormer("（旧名）")).toEqual({ name: "（旧名）", former: [] });
  });

  it("knows the script of a name", () => {
    expect(scriptOf("紗倉まな")).toBe("kanji");
    expect(scriptOf("みなみ")).toBe("kana");
    expect(scriptOf("Yua Mikami")).toBe("latin");
  });

  it("holds a one-word or short name too common to join a person without an id", () => {
    for (const one of ["みなみ", "つぼみ", "Minami", "葵", "沙也加", "A K"]) expect(isFullName(one), one).toBe(false);
    for (const full of ["三上悠亜", "紗倉まな", "Yua Mikami", "葵 つかさ", "波多野結衣"]) expect(isFullName(full), full).toBe(true);
  });
});
