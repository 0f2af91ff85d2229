import { describe, expect, it } from "vitest";
import { parseFilterText } from "../../../src/server/params/filter-terms.js";
import { parseFilter } from "../../../src/server/params/filter-parse.js";
import { AppError } from "../../../src/lib/errors.js";

describe("filter text", () => {
  it("reads key:value terms with quoted values and repeated keys", () => {
    expect(parseFilterText('maker:"S1 NO.1 STYLE" releaseAfter:2021-01-01 actress:"Yua \\"Mikami\\"" genre:a genre:b')).toEqual({
      maker: "S1 NO.1 STYLE",
      releaseAfter: "2021-01-01",
      actress: 'Yua "Mikami"',
      genre: ["a", "b"],
    });
  });

  it("reads JSON object text", () => {
    expect(parseFilterText('{"maker":"Prestige","runtimeMin":60}')).toEqual({ maker: "Prestige", runtimeMin: 60 });
  });

  it.each(["maker", 'maker:"open', "maker:", "{bad json", "[1,2]", ":x"])("rejects %j with a 400", (text) => {
    const e = (() => {
      try {
        parseFilterText(text);
      } catch (err) {
        return err;
      }
    })();
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe("INVALID_PARAMETER");
  });
});

describe("parseFilter", () => {
  const known = ["file", "sample"];
  it("folds names and validates every key", () => {
    const f = parseFilter('actress:"  Airi   SUZUMURA " censored:uncensored runtimeMin:60 releaseBefore:2020-02-29', null, known);
    expect(f.names).toEqual([{ kind: "actress", name: "airi suzumura" }]);
    expect(f.censored).toBe(false);
    expect(f.runtimeMin).toBe(60);
    expect(f.releaseBefore).toBe("2020-02-29");
  });

  it("intersects the provider key with the providers parameter", () => {
    expect(parseFilter({ provider: "file" }, ["file", "sample"], known).providers).toEqual(["file"]);
    expect(parseFilter({ provider: "file" }, ["sample"], known).providers).toEqual([]);
    expect(parseFilter({ provider: "file" }, null, known).providers).toEqual(["file"]);
  });

  it.each([
    [{ nope: "x" }, /unknown filter key "nope"/],
    [{ releaseAfter: "2021-02-30" }, /YYYY-MM-DD/],
    [{ runtimeMax: "-5" }, /whole number/],
    [{ censored: "maybe" }, /censored or uncensored/],
    [{ provider: "ghost" }, /unknown provider "ghost"/],
    [{ maker: { nested: true } }, /string, number or boolean/],
    [{ maker: [] }, /1 to 20 values/],
  ])("rejects %j", (input, message) => {
    expect(() => parseFilter(input, null, known)).toThrow(message);
  });
});
