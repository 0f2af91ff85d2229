/**
 * HEYZO against a site that answers wrongly in the ways the fix rules name: the English page
 * failing (optional: the title is kept without it), redirects away from the title's page, and
 * listing pages that are no end of the listing (a 404, an empty first page, an empty page the
 * listing says is followed).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { heyzoProvider as provider } from "../../src/providers/heyzo/index.js";
import { closeAll, codeOf } from "../tools/simulator/helpers.js";
import { type Answer, closeSites, writtenSite } from "./source-helpers.js";

const fixture = (name: string): string => readFileSync(path.resolve("test/fixtures/heyzo", name), "utf8");
afterEach(async () => {
  await closeSites();
  await closeAll();
});

/** A site answering each path from `routes`, the site's 404 page elsewhere; the paths it was asked, in order. */
async function site(routes: Record<string, Answer>) {
  const s = await writtenSite(routes, { status: 404, body: fixture("ja-notfound.html") });
  return { asked: s.asked, ctx: s.ctx() };
}

const JA = "/moviepages/2500/index.html";
const EN = "/en/moviepages/2500/index.html";
/** 0783's English page made 2500's (its own movie id too). */
const en2500 = fixture("en-moviepage-0783.html").replaceAll("0783", "2500");

describe("heyzo: the English page is optional", () => {
  it.each([
    ["a maintenance page", { body: fixture("ja-maintenance.html") }],
    ["a 500", { status: 500, body: "busy" }],
    ["another title's page (0783's)", { body: fixture("en-moviepage-0783.html") }],
    ["a redirect to another title's English page", { status: 302, location: "/en/moviepages/0783/index.html" }],
  ] as [string, Answer][])("keeps the title without it when the English page is %s", async (_name, answer) => {
    const { ctx } = await site({
      [JA]: { body: fixture("ja-moviepage-2500.html") },
      [EN]: answer,
      "/en/moviepages/0783/index.html": { body: fixture("en-moviepage-0783.html") },
    });
    const r = await provider.lookup(codeOf("HEYZO-2500"), ctx);
    if (r.status !== "found") throw new Error(r.status);
    expect(r.record.record).toMatchObject({ contentId: "2500", titleJa: "むっちりボディの爆乳娘はアナルもOKなエロビッチ", titleEn: "" });
    expect(r.record.altNames).toEqual({});
  });

  it("takes the English title when the English page is the title's", async () => {
    const { ctx } = await site({ [JA]: { body: fixture("ja-moviepage-2500.html") }, [EN]: { body: en2500 } });
    const r = await provider.lookup(codeOf("HEYZO-2500"), ctx);
    expect(r.status === "found" && r.record.record.titleEn).toBe("Sex Heaven-Beautiful Girl's Gorgeous Skin-");
  });
});

describe("heyzo: never another title", () => {
  it("answers no_match where the site redirects the title's page to its top or a listing (JavSP's reading)", async () => {
    for (const location of ["/", "/index.html", "/listpages/all_1.html"]) {
      const { ctx, asked } = await site({ [JA]: { status: 302, location }, [location]: { body: fixture("ja-listpage-all-1.html") } });
      expect(await provider.lookup(codeOf("HEYZO-2500"), ctx), location).toEqual({ status: "no_match" });
      expect(asked.includes(EN), location).toBe(false);
    }
  });

  it("fails where the title's page is redirected to another title's page, or the page names another id", async () => {
    const other = { body: fixture("ja-moviepage-2500.html").replaceAll("2500", "2501") };
    const { ctx } = await site({ [JA]: { status: 302, location: "/moviepages/2501/index.html" }, "/moviepages/2501/index.html": other });
    await expect(provider.lookup(codeOf("HEYZO-2500"), ctx)).rejects.toThrow(/not the title's page/);
    const named = await site({ [JA]: other });
    await expect(provider.lookup(codeOf("HEYZO-2500"), named.ctx)).rejects.toThrow(/title 2501's, not 2500's/);
  });

  it("looks a title up by its id in any spelling the reader takes", async () => {
    const { ctx } = await site({ [JA]: { body: fixture("ja-moviepage-2500.html") } });
    for (const id of ["2500", "HEYZO-2500", "heyzo_2500", "heyzo-hd-2500"]) expect((await provider.lookupById!(id, ctx)).status, id).toBe("found");
    expect(await provider.lookupById!("HEYZO-0841", ctx)).toEqual({ status: "no_match" });
  });
});

describe("heyzo: the listing's end is its own", () => {
  const listing = (html: string) => ({ body: html });
  const cards = fixture("ja-listpage-all-1.html");
  const empty = fixture("ja-listpage-past-end.html");

  it("fails on an empty first page, and on an empty page the listing says is followed", async () => {
    const { ctx } = await site({ "/listpages/all_1.html": listing(empty), "/listpages/all_2.html": listing(empty) });
    await expect(provider.crawl(null, {}, ctx)).rejects.toMatchObject({ kind: "not_page", message: expect.stringContaining("holds no titles") });
    // The past-end page says the listing has 131 pages: page 2 of them cannot be empty.
    await expect(provider.crawl('{"page":2}', {}, ctx)).rejects.toMatchObject({ kind: "not_page" });
  });

  it("ends at an empty page past the listing's last page", async () => {
    const { ctx } = await site({ "/listpages/all_132.html": listing(empty) });
    expect(await provider.crawl('{"page":132}', {}, ctx)).toEqual({ records: [], skipped: [], failed: [], nextCursor: null, requests: 1 });
  });

  it("keeps every title it fetched for `since`, also one whose page shows an older day than its card", async () => {
    // 3930's card shows no day (fetched); its page is 2500's, of 2021: kept, never dropped after fetching.
    const page = cards.replace("公開日: 2026-08-07 ～ 2026-08-13", "近日公開");
    const { ctx } = await site({
      "/listpages/all_1.html": listing(page),
      "/moviepages/3930/index.html": { body: fixture("ja-moviepage-2500.html").replaceAll("2500", "3930") },
    });
    const out = await provider.crawl(null, { since: "2026-08-05" }, ctx);
    expect(out.records.map((r) => [r.record.contentId, r.record.releaseDate.slice(0, 10)])).toEqual([["3930", "2021-04-17"]]);
    // 3929 (2026-08-06) is fetched (the site has no such page here); 3928 (2026-08-04) is before `since`, and ends the listing.
    expect(out.skipped).toEqual([{ id: "3929", reason: "no such title" }]);
    expect(out.nextCursor).toBeNull();
  });

  it("lists a card it cannot use in the page's skipped", async () => {
    const page = cards.replace('data-movie-id="3928"', 'data-movie-id="none"').replace("/moviepages/3928/index.html", "/moviepages/none/index.html");
    const { ctx } = await site({ "/listpages/all_1.html": listing(page) });
    const out = await provider.crawl(null, {}, ctx);
    expect(out.skipped).toContainEqual({ id: "none", reason: "card without a HEYZO id" });
  });
});

describe("heyzo: the English host shares the provider's rate", () => {
  it("names en.heyzo.com beside the real site, and nothing beside a base URL serving both", () => {
    expect(provider.rateHosts!("https://www.heyzo.com")).toEqual(["en.heyzo.com"]);
    expect(provider.rateHosts!("http://127.0.0.1:9/heyzo")).toEqual([]);
  });
});
