/**
 * The runtimes' URL writing that plugin-encoding.ts copies. Plex's side is measured: each
 * expected URL is what CPython 2.7.18 with the agent's own requests 2.27.1 and urllib3 1.26.18
 * sent (test/fixtures/plugin-encoding/measure.py and README.md). .NET's is read from the
 * dotnet/runtime source and issues named on each case; no .NET runs here.
 */
import { describe, expect, it } from "vitest";
import { composeUrl, dotnetPath, dotnetR, escapeDataString, pathCombine, pyFloat } from "./plugin-encoding.js";
import { plexUrl } from "./plugin-requests.js";

describe("Plex: api_client.py prepare_url, as requests sends it", () => {
  const movie = "/v1/movies/{0}/{1}";
  const cases: [string, string[], Record<string, string | null>, string][] = [
    // No parameters: no `?` (urlunparse writes none for an empty query).
    [movie, ["FANZA", "snis00217"], {}, "/v1/movies/FANZA/snis00217"],
    [
      "/v1/actors/search",
      [],
      { q: "ティア x", fallback: "False", provider: "Gfriends" },
      "/v1/actors/search?q=%E3%83%86%E3%82%A3%E3%82%A2+x&fallback=False&provider=Gfriends",
    ],
    [
      "/v1/images/primary/{0}/{1}",
      ["Gfriends", "Mai / 麻衣"],
      { url: "http://p/a b~c.jpg?x=1&y=(2)!*'", auto: "True", badge: null, ratio: "1.0", pos: null },
      // quote_plus escapes `~` (Python 2) and requote_uri unescapes it again.
      "/v1/images/primary/Gfriends/Mai%20/%20%E9%BA%BB%E8%A1%A3?url=http%3A%2F%2Fp%2Fa+b~c.jpg%3Fx%3D1%26y%3D%282%29%21%2A%27&auto=True&ratio=1.0",
    ],
    // urllib3 escapes `[` `]`; an invalid escape makes it escape every `%`.
    [movie, ["FANZA", "a[b]c%zz d"], {}, "/v1/movies/FANZA/a%5Bb%5Dc%25zz%20d"],
    [movie, ["FANZA", "a%41b%2fc"], { q: "%41~" }, "/v1/movies/FANZA/aAb%2Fc?q=%2541~"],
    [movie, ["FANZA", "a?b=c#d"], { q: "x" }, "/v1/movies/FANZA/a?b=c&q=x"],
    [movie, ["FANZA", "../x/./y"], {}, "/v1/movies/x/y"],
    [movie, ["FANZA", 'a;b"<>`{}|\\^'], {}, "/v1/movies/FANZA/a;b%22%3C%3E%60%7B%7D%7C%5C%5E"],
    [movie, ["FANZA", "a?"], {}, "/v1/movies/FANZA/a"],
    [movie, ["FANZA", "a;"], { q: "" }, "/v1/movies/FANZA/a?q="],
    [movie, ["FANZA", "%7e%2f%zz"], { q: "%" }, "/v1/movies/FANZA/%257E%252F%25zz?q=%25"],
    [movie, ["FANZA", "x"], { q: "aé😀" }, "/v1/movies/FANZA/x?q=a%C3%A9%F0%9F%98%80"],
  ];
  it.each(cases)("%s %j %j", (template, paths, params, sent) => {
    expect(plexUrl("http://h:8", template, paths, params)).toBe(`http://h:8${sent}`);
  });

  it("writes a float as Python 2's str()", () => {
    const measured: [number, string][] = [
      [1.0, "1.0"],
      [0.5, "0.5"],
      [-1.0, "-1.0"],
      [-0, "-0.0"],
      [0.1 + 0.2, "0.3"],
      [1 / 3, "0.333333333333"],
      [0.0001, "0.0001"],
      [0.00001, "1e-05"],
      [99999999999.9, "99999999999.9"],
      [1e11, "1e+11"],
      [1e16, "1e+16"],
      [123.456, "123.456"],
    ];
    expect(measured.map(([n]) => pyFloat(n))).toEqual(measured.map(([, s]) => s));
  });
});

describe(".NET: ApiClient.ComposeUrl, as HttpClient sends it", () => {
  it("joins the path as Path.Combine on Linux does", () => {
    expect(pathCombine("/v1/movies", "FANZA", "snis00217")).toBe("/v1/movies/FANZA/snis00217");
    // An empty part is skipped; a rooted one starts the path again (Path.cs CombineInternal).
    expect(pathCombine("/v1/movies", "", "x")).toBe("/v1/movies/x");
    expect(pathCombine("/v1/actors", "FANZA", "/etc")).toBe("/etc");
  });

  it("escapes the path as UriBuilder.Path does", () => {
    // `\` to `/`; `?` `#` and a `%` that starts no escape escaped, upper-case; an escape kept.
    expect(dotnetPath("/a b\\c%41%zz?#!$&'()*+,;=:@[]~")).toBe("/a%20b/c%41%25zz%3F%23!$&'()*+,;=:@[]~");
    expect(dotnetPath("/ティア")).toBe("/%E3%83%86%E3%82%A3%E3%82%A2");
  });

  it("writes the query as HttpUtility does, then as HttpClient's Uri sends it", () => {
    // HttpUtility: lower-case hex, space as `+`, `!()*` kept, a null value's key left out.
    expect(
      composeUrl("", "/v1/x", [
        ["url", null],
        ["q", "a b!()*'/:"],
        ["e", ""],
      ]),
    ).toBe("/v1/x?q=a+b!()*%27%2f%3a&e=");
    // Uri re-creates a string holding an escaped non-ASCII byte: those come out upper-case
    // (dotnet/runtime#79198), an escaped reserved character as written.
    expect(
      composeUrl("", "/v1/actors/search", [
        ["q", "ティア/"],
        ["provider", ""],
        ["fallback", "True"],
      ]),
    ).toBe("/v1/actors/search?q=%E3%83%86%E3%82%A3%E3%82%A2%2f&provider=&fallback=True");
    // ... and an escaped unreserved character unescaped (dotnet/runtime#72632), `<` upper-case.
    expect(composeUrl("", "/v1/x", [["q", "a~<"]])).toBe("/v1/x?q=a~%3C");
    // Without either, the string goes as HttpUtility wrote it.
    expect(composeUrl("", "/v1/x", [["q", "a<"]])).toBe("/v1/x?q=a%3c");
    // No parameters, no `?` (UriBuilder.Query).
    expect(composeUrl("http://h:8", "/v1/x", [])).toBe("http://h:8/v1/x");
  });

  it('escapes an id as Uri.EscapeDataString, and writes a double as ToString("R")', () => {
    expect(escapeDataString("Mai ／ 麻衣!*'()~-._")).toBe("Mai%20%EF%BC%8F%20%E9%BA%BB%E8%A1%A3%21%2A%27%28%29~-._");
    expect([0.5, 1, -1, 0.8].map(dotnetR)).toEqual(["0.5", "1", "-1", "0.8"]);
    expect(() => dotnetR(1e-5)).toThrow(/exponent/);
  });
});
