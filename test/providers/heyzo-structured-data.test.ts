/** HEYZO's structured data (structured-data.ts) as the site writes it: lenient JSON, the scripted movie_obj, only a Movie. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTitlePage } from "../../src/providers/heyzo/read-page.js";
import { lenientJson, readStructuredData } from "../../src/providers/heyzo/structured-data.js";

const text = (name: string): string => readFileSync(path.join(path.resolve("test/fixtures/heyzo"), name), "utf8");

describe("the structured data as the site writes it", () => {
  it("reads JSON with raw control characters in strings and keys doubled in quotes", () => {
    expect(lenientJson('{"description":"line one\nline two\tend"}')).toEqual({ description: "line one\nline two\tend" });
    expect(lenientJson('{""name"":"x","n":1}')).toEqual({ name: "x", n: 1 });
    expect(lenientJson("{not json")).toBeNull();
  });

  it("puts movie_obj's variables in place, and only outside strings", () => {
    const script = `var person = {"name":"A"};
var aggregateRating = {"ratingValue":"4.5"}
var movie_obj = { "@type": "Movie", "name": "Part: person, two", "actor":person, "aggregateRating":aggregateRating, "x":unknown, "ok":true };`;
    expect(readStructuredData([], [script])).toEqual({
      movie: { "@type": "Movie", name: "Part: person, two", actor: { name: "A" }, aggregateRating: { ratingValue: "4.5" }, x: null, ok: true },
      scripted: true,
    });
    expect(readStructuredData(['{"@type":"Movie","name":"static"}'], [script])).toEqual({ movie: { "@type": "Movie", name: "static" }, scripted: false });
    expect(readStructuredData(["[]"], ["var x = {}"])).toBeNull();
  });

  it("takes only an object of @type Movie, never another block that has a name", () => {
    const breadcrumb = '{"@type":"BreadcrumbList","name":"HEYZO"}';
    expect(readStructuredData([breadcrumb, '{"@type":"Movie","name":"the title"}'], [])?.movie.name).toBe("the title");
    expect(readStructuredData([breadcrumb], ['var movie_obj = {"@type":"WebSite","name":"HEYZO"};'])).toBeNull();
    const page = text("ja-moviepage-2500.html").replace('"@type": "Movie"', '"@type": "WebPage"');
    expect(page).not.toBe(text("ja-moviepage-2500.html"));
    // The title then comes from the heading, not from the other block's name.
    expect(readTitlePage(page).title).toBe("むっちりボディの爆乳娘はアナルもOKなエロビッチ");
    expect(readTitlePage(page).runtimeMins).toBe(62);
  });
});
