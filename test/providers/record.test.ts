/** The one record builder every source's parser ends in: empty defaults, validation, the failure it throws. */
import { describe, expect, it } from "vitest";
import { DetailedRecordSchema } from "../../src/model/record.js";
import { ProviderParseError } from "../../src/providers/errors.js";
import { titleRecord } from "../../src/providers/record.js";

describe("titleRecord", () => {
  it("fills what a source did not read with the model's empties, in the model's field order", () => {
    const r = titleRecord({
      provider: "heyzo",
      what: "title 0841",
      record: { contentId: "0841", dvdId: "HEYZO-0841", site: "HEYZO", titleJa: "題", actresses: ["A", "B"] },
      pageUrl: "https://www.heyzo.com/moviepages/0841/index.html",
    });
    expect(r).toEqual({
      provider: "heyzo",
      record: {
        contentId: "0841",
        dvdId: "HEYZO-0841",
        titleEn: "",
        titleJa: "題",
        commentEn: null,
        commentJa: null,
        runtimeMins: 0,
        releaseDate: "",
        makers: [],
        label: "",
        series: null,
        categories: [],
        actresses: ["A", "B"],
        actors: [],
        directors: [],
        authors: [],
        jacketFullUrl: "",
        jacketThumbUrl: "",
        site: "HEYZO",
        serviceCode: "",
        extra: {
          actressesRich: [
            { name: "A", image: null },
            { name: "B", image: null },
          ],
          sampleUrl: null,
          galleryFull: [],
          galleryThumb: [],
        },
      },
      pageUrl: "https://www.heyzo.com/moviepages/0841/index.html",
      ratingAvg: null,
      ratingCount: null,
      popularity: null,
      altNames: {},
      censored: false,
    });
    expect(Object.keys(r.record)).toEqual(Object.keys(DetailedRecordSchema.properties));
  });

  it("throws a ProviderParseError naming the title and every problem, never a record that fails the model", () => {
    const bad = () =>
      titleRecord({ provider: "fc2", what: "article 1", record: { contentId: " ", dvdId: "FC2-PPV-1", site: "FC2", makers: [""] }, pageUrl: "not a url" });
    expect(bad).toThrow(ProviderParseError);
    try {
      bad();
    } catch (err) {
      const e = err as ProviderParseError;
      expect(e.message).toMatch(/^fc2: article 1: /);
      expect(e.problems.length).toBeGreaterThanOrEqual(3);
      expect(e.provider).toBe("fc2");
    }
  });
});
