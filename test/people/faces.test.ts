/**
 * A person as every face shows her (issue 44, item 3): MetaTube's movie info, search and
 * actor routes (and its Gfriends provider), the Plex provider's Role and the NFO's <actor>
 * name a renamed actress once, by her current name, with her one picture; two actresses
 * both called みなみ stay two, each with her own picture or none (a picture tree holding
 * a みなみ lends it to neither); the id an older answer gave (her name) still finds her; a
 * name no person holds is answered from its titles, as before. The titles are
 * test/helpers/people-titles.ts, their pictures on a local server (test/helpers/cover-server.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PictureTree } from "../../src/images/index.js";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildNfo } from "../../src/library/sidecars/nfo.js";
import { writeSidecars } from "../../src/library/sidecars/sidecars.js";
import { creditedPeople } from "../../src/services/people/person.js";
import { titlesByContentId } from "../../src/services/titles/find-title.js";
import { titleNames } from "../../src/services/titles/title-names.js";
import { testConfig } from "../helpers/build-app.js";
import { MINAMI, minamiPicture, peopleTitles, RENAMED, renamedPicture } from "../helpers/credited-people.js";
import { list, parseNfo } from "../library/sidecars/read-nfo.js";
import { get, type PlexApp, pathOf, plexApp } from "../plex/plex-app.js";

const PUBLIC = "https://catalog.example.com";
/** A picture tree holding a picture for みなみ: a name two persons hold, so it is neither's. */
const TREE: PictureTree = { pictureFor: async (name) => (name === MINAMI.name ? "https://tree.example/みなみ.jpg" : null) };

describe("a person on every face", () => {
  let p: PlexApp;
  let her: string;
  let minami: string;
  beforeAll(async () => {
    p = await plexApp({ more: peopleTitles("https://pics.dmm.co.jp"), env: { PUBLIC_URL: PUBLIC }, deps: { pictureTree: TREE } });
    her = renamedPicture(p.covers.base);
    minami = minamiPicture(p.covers.base);
  });
  afterAll(() => p?.close());

  const mt = async (path: string, query: Record<string, string> = {}) => {
    const qs = new URLSearchParams(query).toString();
    const res = await p.app.inject({ url: `${path}${qs ? `?${qs}` : ""}`, headers: { authorization: `Bearer ${p.key}` } });
    return { status: res.statusCode, ...(res.json() as { data?: any; error?: any }) };
  };
  const picture = async (url: string) => {
    const res = await p.app.inject({ url: pathOf(url) });
    expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
  };

  describe("MetaTube", () => {
    it("movie info and search name her once, by her current name, on every title of hers, under any name it credits", async () => {
      for (const [provider, id] of [
        ["FANZA", "pfa00101"],
        ["FANZA", "pfa00102"],
        ["FANZA", "pfa00103"],
        ["HEYZO", "pfa00104"],
      ]) {
        expect((await mt(`/v1/movies/${provider}/${id}`)).data.actors, id).toEqual([RENAMED.ja]);
      }
      const found = await mt("/v1/movies/search", { q: "PFA-102" });
      expect(found.data.map((r: { actors: string[] }) => r.actors)).toEqual([[RENAMED.ja]]);
    });

    it("her actor search by any of her names answers her person: her key, her current name, her other names, her one picture", async () => {
      for (const q of [RENAMED.ja, RENAMED.former, RENAMED.en, RENAMED.formerEn, `${RENAMED.ja}（${RENAMED.former}）`, RENAMED.key]) {
        const { status, data } = await mt("/v1/actors/search", { q });
        expect(status, q).toBe(200);
        expect(data, q).toHaveLength(1);
        expect(data[0], q).toMatchObject({ id: RENAMED.key, name: RENAMED.ja, provider: "FANZA", images: [her] });
        expect(data[0].aliases, q).toEqual(expect.arrayContaining([RENAMED.former, RENAMED.en, RENAMED.formerEn]));
        expect(data[0].aliases, q).not.toContain(RENAMED.ja);
      }
      const info = await mt(`/v1/actors/FANZA/${RENAMED.key}`);
      expect(info.data).toMatchObject({ id: RENAMED.key, name: RENAMED.ja, images: [her] });
      // The ids media servers kept from before (her name, even her former one) still find her.
      for (const old of [RENAMED.former, RENAMED.ja, RENAMED.formerEn]) {
        expect((await mt(`/v1/actors/FANZA/${encodeURIComponent(old)}`)).data, old).toMatchObject({ id: RENAMED.key, name: RENAMED.ja });
      }
      await picture(`${PUBLIC}/v1/images/primary/FANZA/${RENAMED.key}`);
      await picture(`${PUBLIC}/v1/images/primary/FANZA/${encodeURIComponent(RENAMED.former)}?url=${encodeURIComponent(her)}`);
    });

    it("Gfriends answers the same person, by key or any name, with her picture at the name Plex's plugin asks it by", async () => {
      const byKey = await mt(`/v1/actors/Gfriends/${RENAMED.key}`);
      expect(byKey.data).toMatchObject({ id: RENAMED.key, name: RENAMED.ja, provider: "Gfriends", images: [her] });
      const [first] = (await mt("/v1/actors/search", { q: RENAMED.former, provider: "Gfriends", fallback: "False" })).data;
      expect(first).toMatchObject({ id: RENAMED.key, name: RENAMED.ja, provider: "Gfriends", images: [her] });
      await picture(`${PUBLIC}/v1/images/primary/Gfriends/${encodeURIComponent(RENAMED.ja)}?url=${encodeURIComponent(her)}&ratio=1.0`);
      // Nothing but her picture is cut at her id.
      const other = await p.app.inject({ url: `/v1/images/primary/Gfriends/${RENAMED.key}?url=${encodeURIComponent(minami)}` });
      expect(other.statusCode).toBe(400);
    });

    it("the two みなみ stay two: each by her key with her own picture or none; a search by the name answers both, and neither's picture", async () => {
      expect((await mt(`/v1/actors/FANZA/${MINAMI.first}`)).data).toMatchObject({ id: MINAMI.first, name: MINAMI.name, images: [minami] });
      expect((await mt(`/v1/actors/FANZA/${MINAMI.second}`)).data).toMatchObject({ id: MINAMI.second, name: MINAMI.name, images: [] });
      const both = (await mt("/v1/actors/search", { q: MINAMI.name })).data as { id: string; images: string[] }[];
      expect(both.map((a) => a.id).sort()).toEqual([MINAMI.first, MINAMI.second]);
      expect(both.flatMap((a) => a.images)).toEqual([]);
      // The name an older answer gave as an id names two persons: neither's picture.
      expect((await mt(`/v1/actors/FANZA/${encodeURIComponent(MINAMI.name)}`)).data).toMatchObject({ name: MINAMI.name, images: [] });
      for (const id of ["pfa00201", "pfa00202"]) expect((await mt(`/v1/movies/FANZA/${id}`)).data.actors).toEqual([MINAMI.name]);
    });

    it("a name no person holds is gathered from its titles, its name its id, as before", async () => {
      const [aoi] = (await mt("/v1/actors/search", { q: "あおい" })).data;
      expect(aoi).toMatchObject({ id: "あおい", name: "あおい", provider: "HEYZO", images: [`${p.covers.base}/mono/actjpgs/aoi.jpg`] });
    });
  });

  describe("Plex", () => {
    const roles = async (ratingKey: string, language = "ja-JP") => {
      const { status, body } = await get(p, `/library/metadata/${ratingKey}?X-Plex-Language=${language}`);
      expect(status).toBe(200);
      return body.MediaContainer.Metadata[0].Role as { tag: string; order: number; thumb?: string }[];
    };

    it("Role names her once, by her current name in the language, with her picture through the image routes", async () => {
      const thumb = `${PUBLIC}/v1/images/backdrop/Gfriends/${RENAMED.key}?url=${encodeURIComponent(her)}`;
      for (const key of ["r18dev_pfa00101", "fanza_pfa00102", "heyzo_pfa00104"]) {
        expect(await roles(key), key).toEqual([{ tag: RENAMED.ja, order: 1, thumb }]);
      }
      expect(await roles("fanza_pfa00102", "en-US")).toEqual([{ tag: RENAMED.en, order: 1, thumb }]);
      await picture(thumb);
    });

    it("the two みなみ: each her own picture, or none", async () => {
      expect(await roles("fanza_pfa00201")).toEqual([
        { tag: MINAMI.name, order: 1, thumb: `${PUBLIC}/v1/images/backdrop/Gfriends/${MINAMI.first}?url=${encodeURIComponent(minami)}` },
      ]);
      expect(await roles("fanza_pfa00202")).toEqual([{ tag: MINAMI.name, order: 1 }]);
    });
  });

  describe("NFO", () => {
    const nfoOf = async (contentId: string, language: "ja" | "en" = "ja") => {
      const deps = { db: p.db, config: testConfig(), live: null, pool: null, ingest: null, pictureTree: TREE };
      const [t] = titlesByContentId(deps, contentId, null);
      const names = titleNames(deps, t, language);
      const people = await creditedPeople(deps, t, names.actresses, language);
      const xml = buildNfo(
        { record: t.record, provider: t.provider, pageUrl: t.pageUrl, ratingAvg: t.ratingAvg, names, people },
        { language, mark: { tool: "video-catalog", version: "0.0.0", digest: "test" } },
      );
      return list(parseNfo(xml).actor);
    };

    it("one <actor> per person: her current name and her picture", async () => {
      expect(await nfoOf("pfa00102")).toEqual([{ name: RENAMED.ja, role: "女優", order: "0", thumb: her }]);
      expect(await nfoOf("pfa00104", "en")).toEqual([{ name: RENAMED.en, role: "Actress", order: "0", thumb: her }]);
      expect(await nfoOf("pfa00201")).toEqual([{ name: MINAMI.name, role: "女優", order: "0", thumb: minami }]);
      expect(await nfoOf("pfa00202")).toEqual([{ name: MINAMI.name, role: "女優", order: "0" }]);
    });

    it("scan --write nfo writes the people it is handed, and writes the file again when a person's name or picture changes", async () => {
      const root = mkdtempSync(join(tmpdir(), "vc-people-nfo-"));
      try {
        const deps = { db: p.db, pictureTree: TREE };
        const [t] = titlesByContentId({ ...deps, config: testConfig(), live: null, pool: null, ingest: null }, "pfa00104", null);
        const write = (people: typeof creditedPeople) =>
          writeSidecars(t, [{ rel: "PFA-104.mp4", part: null }], {
            root,
            kinds: ["nfo"],
            force: false,
            dryRun: false,
            language: "ja",
            images: null,
            people: (title, shown) => people(deps, title, shown, "ja"),
          });
        expect((await write(creditedPeople)).map((r) => r.action)).toEqual(["written"]);
        const actor = list(parseNfo(readFileSync(join(root, "PFA-104.nfo"), "utf8")).actor);
        expect(actor).toEqual([{ name: RENAMED.ja, role: "女優", order: "0", thumb: her }]);
        expect((await write(creditedPeople)).map((r) => r.action)).toEqual(["unchanged"]);
        const renamed: typeof creditedPeople = async (...a) => (await creditedPeople(...a)).map((c) => ({ ...c, name: "星野ゆきな" }));
        expect((await write(renamed)).map((r) => r.action)).toEqual(["updated"]);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });
  });
});
