/**
 * The external link of the Jellyfin/Emby plugin's items, `{server}?redirect=PID`
 * (test/metatube/plugin-requests.ts jellyfinExternalUrl), followed as a browser follows it:
 * no token, a 307 to the title's (or actress's) page as MetaTube answers it
 * (metatube-sdk-go route/redirect.go), and only to a page the catalog holds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePid } from "../../src/server/metatube/redirect.js";
import { buildTestApp, type TestApp } from "../helpers/build-app.js";
import { sampleTitles } from "../helpers/sample-titles.js";
import { jellyfinExternalUrl } from "./plugin-requests.js";

const SERVER = "http://192.168.1.10:8080";

describe("?redirect=, the plugins' external link", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(sampleTitles(), { IMAGE_RATE_PER_MINUTE: "1000" });
  });
  afterAll(() => t?.close());

  /** What the browser asks of the link: its path and query, no token. */
  const follow = (link: string) => {
    const u = new URL(link);
    return t.app.inject({ url: u.pathname + u.search, headers: { accept: "text/html" } });
  };
  const refused = async (link: string, status: number) => {
    const res = await follow(link);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers.location).toBeUndefined();
    return JSON.parse(res.body).error as { code: number; message: string };
  };

  it("a title's link, with or without the poster position the plugin keeps in it, goes to its page", async () => {
    for (const position of [undefined, 0.8, 1]) {
      const res = await follow(jellyfinExternalUrl(SERVER, "FANZA", "snis00217", position));
      expect(res.statusCode, res.body).toBe(307);
      expect(res.headers.location).toBe("https://video.dmm.co.jp/av/content/?id=snis00217");
    }
    // The DVD's page is DMM's mono page.
    expect((await follow(jellyfinExternalUrl(SERVER, "FANZA", "tkmird261"))).headers.location).toBe("https://www.dmm.co.jp/mono/dvd/-/detail/=/cid=tkmird261/");
  });

  it("a link whose colons a browser escaped (FANZA%3Aid, as MetaTube's server takes it) goes to the same page", async () => {
    const plain = jellyfinExternalUrl(SERVER, "FANZA", "snis00217", 0.8);
    const pid = plain.slice(plain.indexOf("=") + 1);
    for (const escaped of [encodeURIComponent(pid), pid.replace(":", "%3a")]) {
      const res = await follow(`${SERVER}/?redirect=${escaped}`);
      expect(res.statusCode, escaped).toBe(307);
      expect(res.headers.location).toBe("https://video.dmm.co.jp/av/content/?id=snis00217");
    }
    const actress = jellyfinExternalUrl(SERVER, "FANZA", "ティア");
    const res = await follow(`${SERVER}/?redirect=${encodeURIComponent(actress.slice(actress.indexOf("=") + 1))}`);
    expect(res.headers.location).toBe(`https://www.dmm.co.jp/search/=/searchstr=${encodeURIComponent("ティア")}/`);
  });

  it("an actress's link goes to her page: DMM's page of her titles, by the name the answers give her", async () => {
    for (const id of ["ティア", "Tia"]) {
      const res = await follow(jellyfinExternalUrl(SERVER, "FANZA", id));
      expect(res.statusCode, res.body).toBe(307);
      expect(res.headers.location).toBe(`https://www.dmm.co.jp/search/=/searchstr=${encodeURIComponent("ティア")}/`);
    }
  });

  it("an unknown provider or id is MetaTube's 404, a value it cannot read a 400: in its envelope, never a redirect", async () => {
    expect(await refused(jellyfinExternalUrl(SERVER, "FANZA", "abc99999"), 404)).toEqual({ code: 404, message: "info not found" });
    expect(await refused(jellyfinExternalUrl(SERVER, "JavBus", "snis00217"), 404)).toEqual({ code: 404, message: "provider not found" });
    // A URL where an id belongs is an id the catalog does not hold.
    await refused(jellyfinExternalUrl(SERVER, "FANZA", "https://evil.example/"), 404);
    for (const pid of ["FANZA", ":snis00217", "FANZA:", "FANZA:%E0%A4%A", "FANZA%3A", "%3Asnis00217", "FANZA%3A%E0%A4%A", "FANZA%253Asnis00217"]) {
      expect(await refused(`${SERVER}?redirect=${pid}`, 400), pid).toEqual({ code: 400, message: "invalid provider/id pair" });
    }
  });

  it("without a redirect, / is MetaTube's index", async () => {
    for (const url of ["/", "/?redirect=", "/?other=1"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.body).data).toEqual({ app: "video-catalog", version: expect.any(String) });
    }
  });

  it("each client address spends the public image routes' budget on it", async () => {
    const limited = await buildTestApp(sampleTitles(), { IMAGE_RATE_PER_MINUTE: "2" });
    try {
      const link = new URL(jellyfinExternalUrl(SERVER, "FANZA", "snis00217"));
      const statuses: number[] = [];
      for (let i = 0; i < 2; i++) statuses.push((await limited.app.inject({ url: link.pathname + link.search })).statusCode);
      const over = await limited.app.inject({ url: link.pathname + link.search });
      expect([...statuses, over.statusCode]).toEqual([307, 307, 429]);
      expect(JSON.parse(over.body).error.code).toBe(429);
      expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
      // The same budget as the pictures'.
      expect((await limited.app.inject({ url: "/v1/images/primary/FANZA/snis00217" })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("reads the id at the plugin's one level of escaping, so an id holding : or % comes back whole", () => {
    expect(parsePid("FANZA:snis00217:0.8")).toEqual({ provider: "FANZA", id: "snis00217" });
    expect(parsePid("FANZA:100%25")).toEqual({ provider: "FANZA", id: "100%" });
    expect(parsePid("AVBASE:dmm%3Assis899:0.99")).toEqual({ provider: "AVBASE", id: "dmm:ssis899" });
    expect(parsePid("FANZA:Yua%20Mikami::True")).toEqual({ provider: "FANZA", id: "Yua Mikami" });
    // The same links escaped once more, whole: the id's own escaping survives the first decoding.
    expect(parsePid("FANZA%3Asnis00217%3A0.8")).toEqual({ provider: "FANZA", id: "snis00217" });
    expect(parsePid("FANZA%3A100%2525")).toEqual({ provider: "FANZA", id: "100%" });
    expect(parsePid("AVBASE%3Admm%253Assis899%3A0.99")).toEqual({ provider: "AVBASE", id: "dmm:ssis899" });
    expect(parsePid("FANZA%3Asnis00217:0.8")).toEqual({ provider: "FANZA", id: "snis00217" });
  });
});
