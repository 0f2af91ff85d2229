/**
 * Pictures Plex can fetch. Plex hands every picture URL a provider names to its image service
 * on the internet (a PMS 1.43 log committed in Darklyter/Stash-Plex-Metadata-Agent: PMS asks
 * `https://images.plex.tv/photo?…&url=http://192.168.1.71:9999/…`, which answers 400), so an
 * address on the LAN never shows. Decided once from PUBLIC_URL: a public address gets our cut
 * pictures on it; unset or a private one gets the sources' own picture URLs, as the records
 * hold them (real URLs here, none fetched), the poster being the thumbnail where that is the
 * front cover alone. Both cases answered through Plex's documented schema (plex-app.ts `ask`),
 * and the start's one log line.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Log } from "../../src/lib/log.js";
import { picturesFor } from "../../src/server/plex/image-urls.js";
import { sayPlexPictures } from "../../src/server/plex/plugin.js";
import { ratingKeyOf } from "../../src/server/plex/rating-key.js";
import { ask, get, match, type PlexApp, plexApp } from "./plex-app.js";
import { otherSellers } from "./seller-titles.js";

const EN = { "X-Plex-Language": "en-US" };
const DMM = "https://pics.dmm.co.jp/digital/video/snis00217";

/** The one Metadata object of a title's metadata answer (checked against the schema by `get`). */
async function metadataOf(p: PlexApp, ratingKey: string) {
  const { status, body } = await get(p, `/library/metadata/${ratingKey}`, EN);
  expect(status, ratingKey).toBe(200);
  return body.MediaContainer.Metadata[0];
}

describe("which address Plex's image service can reach", () => {
  it("no PUBLIC_URL, or a private, loopback, link-local or local-network one: the sources' pictures, with why", () => {
    const cases: [string, string][] = [
      ["", "PUBLIC_URL is not set"],
      ["http://192.168.1.10:8080", "PUBLIC_URL's host is a private address"],
      ["http://10.0.0.5", "PUBLIC_URL's host is a private address"],
      ["https://172.20.1.1/catalog", "PUBLIC_URL's host is a private address"],
      ["http://127.0.0.1:8080", "PUBLIC_URL's host is a loopback address"],
      ["http://localhost:8080", "PUBLIC_URL's host is a loopback name"],
      ["http://169.254.10.1", "PUBLIC_URL's host is a link-local address"],
      ["http://100.101.102.103", "PUBLIC_URL's host is a shared (carrier-grade NAT, Tailscale) address"],
      ["http://[fd00::5]:8080", "PUBLIC_URL's host is an IPv6 unique local address"],
      ["http://[fe80::1]:8080", "PUBLIC_URL's host is an IPv6 link-local address"],
      ["http://[::1]:8080", "PUBLIC_URL's host is a loopback address"],
      ["http://[::ffff:192.168.1.10]:8080", "PUBLIC_URL's host is a private address"],
      ["http://nas:8080", "PUBLIC_URL's host is a host name without a domain"],
      ["http://nas.local:8080", "PUBLIC_URL's host is a name of a local network (.local)"],
      ["http://nas.lan", "PUBLIC_URL's host is a name of a local network (.lan)"],
      ["https://catalog.home.arpa", "PUBLIC_URL's host is a name of a local network (.home.arpa)"],
      ["https://catalog.internal/x", "PUBLIC_URL's host is a name of a local network (.internal)"],
    ];
    for (const [url, why] of cases) expect(picturesFor(url), url).toEqual({ from: "sources", why });
  });

  it("a public name or address: our cut pictures on it", () => {
    for (const url of ["https://catalog.example.com", "https://nas.example.net/catalog", "http://203.0.114.7:8080", "http://[2001:4860::8888]:8080"])
      expect(picturesFor(url), url).toEqual({ from: "cut", base: url });
  });
});

describe("PUBLIC_URL not public: the sources' own pictures", () => {
  const lines: string[] = [];
  let p: PlexApp;
  beforeAll(async () => {
    p = await plexApp({
      realPictures: true,
      more: otherSellers(),
      env: { PUBLIC_URL: "http://192.168.1.10:8080", LOG_LEVEL: "info" },
      server: { logger: true, logStream: { write: (line: string) => lines.push(line) } },
    });
  });
  afterAll(() => p.close());

  it("SNIS-217: the front cover thumbnail as the poster, the jacket as the art, the gallery and her picture as DMM gives them", async () => {
    const m = await metadataOf(p, "r18dev_snis00217");
    const alt = m.title;
    expect(m.thumb).toBe(`${DMM}/snis00217ps.jpg`);
    expect(m.art).toBe(`${DMM}/snis00217pl.jpg`);
    expect(m.Image).toEqual([
      { type: "coverPoster", url: `${DMM}/snis00217ps.jpg`, alt },
      { type: "background", url: `${DMM}/snis00217pl.jpg`, alt },
      ...Array.from({ length: 10 }, (_, i) => ({ type: "snapshot", url: `${DMM}/snis00217jp-${i + 1}.jpg`, alt })),
    ]);
    expect(m.Role).toEqual([{ tag: "Tia", order: 1, thumb: "https://pics.dmm.co.jp/mono/actjpgs/tia.jpg" }]);
    // The images endpoint and a match name the same.
    const images = await get(p, "/library/metadata/r18dev_snis00217/images", EN);
    expect(images.body.MediaContainer.Image).toEqual(m.Image);
    const matched = await match(p, { type: 1, filename: "/Movies/SNIS-217.mp4" }, EN);
    expect(matched.body.MediaContainer.Metadata[0]).toEqual(m);
  });

  it("each seller: its front cover where its thumbnail is one (DMM's DVD, MGStage, Tokyo-Hot's package), else the jacket", async () => {
    const cases: [string, string, string][] = [
      [
        "fanza_tkmird261",
        "https://pics.dmm.co.jp/mono/movie/adult/tkmird261/tkmird261ps.jpg",
        "https://pics.dmm.co.jp/mono/movie/adult/tkmird261/tkmird261pl.jpg",
      ],
      [
        "mgstage_261ara-168",
        "https://image.mgstage.com/images/ara/261ara/168/pf_o1_261ara-168.jpg",
        "https://image.mgstage.com/images/ara/261ara/168/pb_e_261ara-168.jpg",
      ],
      ["tokyo-hot_n1633", "https://my.cdn.tokyo-hot.com/media/n1633/package/_v.jpg", "https://my.cdn.tokyo-hot.com/media/n1633/jacket/n1633.jpg"],
    ];
    for (const [key, poster, jacket] of cases) {
      const m = await metadataOf(p, key);
      expect([m.thumb, m.art], key).toEqual([poster, jacket]);
    }
    // The package's back (Tokyo-Hot's s2mbd-002 has no front), HEYZO's one still, 10musume's landscape thumbnail: the jacket is the poster too.
    const others = otherSellers().slice(2);
    expect(others.map((t) => t.record.jacketThumbUrl !== t.record.jacketFullUrl)).toEqual([true, false, true]);
    for (const t of others) {
      const r = t.record;
      const key = ratingKeyOf(t.provider, r.contentId);
      const m = await metadataOf(p, key);
      expect(r.jacketFullUrl, key).not.toBe("");
      expect([m.thumb, m.art], key).toEqual([r.jacketFullUrl, r.jacketFullUrl]);
      expect(m.Image.slice(0, 2).map((i: { url: string }) => i.url)).toEqual([r.jacketFullUrl, r.jacketFullUrl]);
    }
  });

  it("says so once, at start: why, and what to set for the cut posters; never from a face being built (each worker builds one)", async () => {
    await metadataOf(p, "r18dev_snis00217");
    const sourcesLine = (l: Record<string, unknown>) => String(l.msg).startsWith("plex: the provider names the sources' own pictures");
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter(sourcesLine)).toEqual([]);
    const said: Record<string, unknown>[] = [];
    const log = { info: (fields: Record<string, unknown>, msg: string) => said.push({ level: 30, ...fields, msg }) };
    sayPlexPictures("http://192.168.1.10:8080", log as unknown as Log);
    sayPlexPictures("https://catalog.example.com", log as unknown as Log);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ level: 30, part: "plex", pictures: "sources", why: "PUBLIC_URL's host is a private address" });
    expect(said[0].msg).toContain("set PUBLIC_URL to an https address on a public name");
  });

  it("unset: the same, whatever the request's Host or X-Forwarded-Host says", async () => {
    const unset = await plexApp({ realPictures: true, env: { TRUST_PROXY: "on" } });
    try {
      const asked: Record<string, string>[] = [
        {},
        { host: "catalog.example.com" },
        { "x-forwarded-host": "catalog.example.com", "x-forwarded-proto": "https" },
      ];
      for (const headers of asked) {
        const { body } = await ask(unset.app, { url: `${unset.root}/library/metadata/r18dev_snis00217`, headers });
        expect(body.MediaContainer.Metadata[0].thumb).toBe(`${DMM}/snis00217ps.jpg`);
      }
    } finally {
      await unset.close();
    }
  });
});

describe("PUBLIC_URL public: our cut pictures on it", () => {
  const lines: string[] = [];
  let p: PlexApp;
  beforeAll(async () => {
    p = await plexApp({
      realPictures: true,
      more: otherSellers(),
      env: { PUBLIC_URL: "https://catalog.example.com/vc", LOG_LEVEL: "info" },
      server: { logger: true, logStream: { write: (line: string) => lines.push(line) } },
    });
  });
  afterAll(() => p.close());

  it("the poster and art cut by the image routes, the gallery and her picture through the backdrop route, for every seller", async () => {
    const m = await metadataOf(p, "r18dev_snis00217");
    const base = "https://catalog.example.com/vc/v1/images";
    expect([m.thumb, m.art]).toEqual([`${base}/primary/FANZA/snis00217`, `${base}/backdrop/FANZA/snis00217`]);
    expect(m.Image[2].url).toBe(`${base}/backdrop/FANZA/snis00217?url=${encodeURIComponent(`${DMM}/snis00217jp-1.jpg`)}`);
    expect(m.Role[0].thumb).toBe(`${base}/backdrop/Gfriends/1015472?url=${encodeURIComponent("https://pics.dmm.co.jp/mono/actjpgs/tia.jpg")}`);
    const mgs = await metadataOf(p, "mgstage_261ara-168");
    expect([mgs.thumb, mgs.art]).toEqual([`${base}/primary/MGS/261ara-168`, `${base}/backdrop/MGS/261ara-168`]);
  });

  it("says nothing of the sources' pictures at start", () => {
    expect(lines.filter((l) => l.includes("sources' own pictures"))).toEqual([]);
  });
});
