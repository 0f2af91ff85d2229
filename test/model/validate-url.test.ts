import { describe, expect, it } from "vitest";
import { isHttpUrl } from "../../src/model/formats.js";

/** What the check must agree with: the WHATWG URL parser. */
function byUrlParser(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

describe("isHttpUrl", () => {
  it("agrees with new URL() on plain and tricky URLs", () => {
    const cases = [
      "https://pics.dmm.co.jp/digital/video/118abp00056/118abp00056jp-1.jpg",
      "https://cc3001.dmm.co.jp/litevideo/freepv/1/118/118abp00056/118abp00056_dmb_w.mp4",
      "http://a/",
      "https://1.2.3.4/x",
      "https://1.2.3.999/x",
      "https://a.0x1f/x",
      "https://0x1f/x",
      "https://xn--/x",
      "https://xn--bcher-kva.example/x",
      "https://a-.example/x",
      "https://example.com:99999/x",
      "https://example.com:8080/x",
      "https://Example.COM/x",
      "https://example.com/a b",
      "https://example.com/%zz\\\\x?y#z",
      "https:///x",
      "https://@/x",
      "ftp://example.com/x",
      "https://例え.jp/x",
      "HTTPS://example.com/x",
    ];
    for (const c of cases) expect(isHttpUrl(c), c).toBe(byUrlParser(c) && /^https?:\/\//i.test(c));
  });

  it("agrees with new URL() on generated strings", () => {
    const parts = ["a", "1", "-", ".", "..", "/", "%", "%zz", "\\", "[", "?", "#", "@", ":", "99999", "xn--", "0x1", "e", " ", "é", "~", "A", "--", "08"];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    for (let i = 0; i < 20_000; i++) {
      let s = i % 2 ? "https://" : "http://";
      for (let k = 1 + Math.floor(random() * 8); k > 0; k--) s += parts[Math.floor(random() * parts.length)];
      expect(isHttpUrl(s), s).toBe(byUrlParser(s));
    }
  });
});
