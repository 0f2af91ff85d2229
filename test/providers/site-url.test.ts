import { describe, expect, it } from "vitest";
import { siteUrl } from "../../src/providers/site-url.js";

const BASE = "https://www.1pondo.tv";
const PAGE = "https://www.1pondo.tv/moviepages/071319_870/index.html";

describe("siteUrl", () => {
  it.each([
    ["/moviepages/071319_870/images/str.jpg", "https://www.1pondo.tv/moviepages/071319_870/images/str.jpg"],
    // D2Pass's broken absolute URL is the site's own path.
    ["https:///moviepages/071319_870/images/str.jpg", "https://www.1pondo.tv/moviepages/071319_870/images/str.jpg"],
    ["//fms.1pondo.tv/sample/071319_870/mb.m3u8", "https://fms.1pondo.tv/sample/071319_870/mb.m3u8"],
    ["images/l_l.jpg", "https://www.1pondo.tv/moviepages/071319_870/images/l_l.jpg"],
    ["https://cdn.example.com/a b.jpg", "https://cdn.example.com/a%20b.jpg"],
    ["", null],
    ["javascript:void(0)", null],
    ["#gallery", null],
    [null, null],
  ])("%s -> %s", (href, want) => {
    expect(siteUrl(BASE, PAGE, href)).toBe(want);
  });

  it("keeps the base URL's own path for root-relative paths (a mirror's, the simulator's prefix)", () => {
    expect(siteUrl("http://127.0.0.1:9300/1pondo/", "http://127.0.0.1:9300/1pondo/movies/1/", "/assets/x.jpg")).toBe(
      "http://127.0.0.1:9300/1pondo/assets/x.jpg",
    );
  });
});
