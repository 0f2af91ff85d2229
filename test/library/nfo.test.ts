/**
 * buildNfo on the providers' real samples, in both languages: every NFO is well-formed,
 * and each field is what the record says, as Kodi and Jellyfin read it.
 */
import { describe, expect, it } from "vitest";
import type { NfoTitle } from "../../src/library/nfo.js";
import { sampleTitles } from "../helpers/sample-titles.js";
import { build, expectFields, type Node, parseNfo } from "./read-nfo.js";

const SAMPLE_TITLES: NfoTitle[] = sampleTitles();

describe("buildNfo on the providers' samples", () => {
  it("parses the five samples into titles with actresses, series and pictures", () => {
    expect(SAMPLE_TITLES.map((t) => t.record.dvdId)).toEqual(["SNIS-217", "ROYD-191", "MIDE-799", "SONE-708", "TKMIRD-261"]);
  });

  for (const language of ["ja", "en"] as const) {
    it.each(SAMPLE_TITLES.map((t) => [t.record.dvdId, t] as const))(`%s (${language}): every field as the record says`, (_, t) => {
      expectFields(parseNfo(build(t, language)), t, language);
    });
  }

  it("writes the source's rating on 0-10 (max 10), which Kodi scales by max and Jellyfin takes as it is", () => {
    const rated = SAMPLE_TITLES.filter((t) => t.ratingAvg !== null);
    expect(rated.length).toBeGreaterThan(0);
    for (const t of rated) {
      const rating = (parseNfo(build(t)).ratings as Node).rating as Node;
      expect(rating["@name"]).toBe(t.provider);
      expect(rating["@max"]).toBe("10");
      expect(rating["@default"]).toBe("true");
      expect(Number(rating.value)).toBeCloseTo((t.ratingAvg as number) * 2, 2);
    }
    const unrated = SAMPLE_TITLES.find((t) => t.ratingAvg === null) as NfoTitle;
    expect(parseNfo(build(unrated)).ratings).toBeUndefined();
  });

  it("is UTF-8 XML with the declaration, the mark next, two-space indentation and a trailing newline", () => {
    const xml = build(SAMPLE_TITLES[0]);
    const lines = xml.split("\n");
    expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>');
    expect(lines[1]).toMatch(/^<!-- written by video-catalog 0\.1\.0 \(nfo \d+, record 3f2a9c0d41b7e865\): .* -->$/);
    expect(lines[2]).toBe("<movie>");
    expect(lines[3]).toMatch(/^ {2}<title>/);
    expect(lines.at(-2)).toBe("</movie>");
    expect(xml.endsWith("</movie>\n")).toBe(true);
    expect(xml).not.toMatch(/\t|\r/);
    expect(Buffer.from(xml, "utf8").toString("utf8")).toBe(xml);
  });
});
