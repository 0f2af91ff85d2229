/**
 * Jellyfin's people as the client reads them from a stand-in: a library's titles page after
 * page (StartIndex, Limit, up to TotalRecordCount), the counts of a person's credits, a person
 * item missing, and answers that are not Jellyfin's.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createMediaServerHttp, itemsCrediting, libraryItems, type MediaServer, MediaServerError, personItem } from "../../src/mediaservers/index.js";
import { testConfig } from "../helpers/build-app.js";
import { standIn } from "../helpers/media-server-stand-ins.js";
import { peopleStandIn } from "../helpers/people-stand-in.js";

const TOKEN = "abcdefabcdefabcdef";
const closing: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const c of closing.splice(0)) await c.close();
});

const http = () => {
  const h = createMediaServerHttp(testConfig(), { maxRetries: 0 });
  closing.push(h);
  return h;
};
const serverAt = (url: string): MediaServer => ({ kind: "jellyfin", url, token: TOKEN, sections: [], pathMap: [] });

describe("Jellyfin's people, read", () => {
  it("reads a library's titles page after page, with their people, paths and provider ids", async () => {
    const items = ["ABC-001", "ABC-002", "ABC-003"].map((code, i) => ({
      id: `i${i}`,
      name: code,
      path: `/jav/${code}.mp4`,
      providerIds: { dvdid: code },
      cast: [`Actress ${i}`],
    }));
    const jellyfin = await peopleStandIn("jellyfin", TOKEN, [{ id: "lib", name: "JAV", collectionType: null, items }]);
    closing.push(jellyfin);
    const pages = [];
    for await (const page of libraryItems(http(), serverAt(jellyfin.url), "lib", undefined, 2)) pages.push(page);
    expect(pages.map((p) => p.map((i) => i.name))).toEqual([["ABC-001", "ABC-002"], ["ABC-003"]]);
    expect(pages[1][0]).toEqual({
      id: "i2",
      name: "ABC-003",
      path: "/jav/ABC-003.mp4",
      providerIds: { dvdid: "ABC-003" },
      people: [{ id: jellyfin.personId("Actress 2"), name: "Actress 2", type: "Actor" }],
    });
    const asked = jellyfin.got.map((g) => new URL(g.url, "http://x").searchParams);
    expect(asked.map((q) => [q.get("ParentId"), q.get("Recursive"), q.get("IncludeItemTypes"), q.get("Fields"), q.get("StartIndex"), q.get("Limit")])).toEqual([
      ["lib", "true", "Movie", "People,Path,ProviderIds", "0", "2"],
      ["lib", "true", "Movie", "People,Path,ProviderIds", "2", "2"],
    ]);
  });

  it("counts a person's credits in a library and anywhere, and reads a missing person as none", async () => {
    const jellyfin = await peopleStandIn("jellyfin", TOKEN, [
      { id: "jav", name: "JAV", collectionType: null, items: [{ id: "i1", name: "ABC-001", path: "/jav/a.mp4", cast: ["Mia"] }] },
      { id: "mov", name: "Movies", collectionType: "movies", items: [{ id: "m1", name: "Film", path: "/m/f.mkv", cast: ["Mia"] }] },
    ]);
    closing.push(jellyfin);
    const h = http();
    const s = serverAt(jellyfin.url);
    const mia = jellyfin.personId("Mia");
    expect(await itemsCrediting(h, s, mia, "jav")).toBe(1);
    expect(await itemsCrediting(h, s, mia, null)).toBe(2);
    expect(await personItem(h, s, "No One")).toBeNull();
    expect((await personItem(h, s, "Mia"))?.Id).toBe(mia);
  });

  it("an answer that is not a QueryResult is a bad answer, not an empty library", async () => {
    const other = await standIn((_r, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"hello":"world"}'));
    closing.push(other);
    const failure = await libraryItems(http(), serverAt(other.url), "lib")
      .next()
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MediaServerError);
    expect((failure as MediaServerError).kind).toBe("bad_answer");
  });
});
