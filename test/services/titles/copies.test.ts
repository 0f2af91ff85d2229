/**
 * A title's copies and the one a face answers with, as both media-server faces pick it:
 * MetaTube's search one per source name and id (test/metatube/copies.test.ts asks it over
 * HTTP), Plex's match every copy of a content id, the preferred first (test/plex/match.test.ts).
 * The records are the test helper's (a DMM-shaped record under the provider named).
 */
import { describe, expect, it } from "vitest";
import { copyRank, metaTubeName, preferredCopies, preferredFirst, sameContentId, sameSourceAndId } from "../../../src/services/titles/copies.js";
import { fromLive, type Title } from "../../../src/services/titles/title.js";
import { makeIngest } from "../../helpers/build-app.js";

const title = (provider: string, contentId: string): Title => fromLive(makeIngest({ contentId }, { provider }));
const named = (titles: Title[]) => titles.map((t) => `${t.provider}:${t.record.contentId}`);

// As a code search answers them: the catalog's copies of two codes, an import's among them.
const TITLES = [title("fanza", "snis00217"), title("file", "mide00799"), title("r18dev", "SNIS00217"), title("fanza", "mide00799")];

describe("a title's copies", () => {
  it("DMM's data goes by MetaTube's FANZA whichever source holds it; an import's provider by its own name", () => {
    expect(["fanza", "r18dev", "1pondo", "file"].map(metaTubeName)).toEqual(["FANZA", "FANZA", "1Pondo", "file"]);
  });

  it("the FANZA API's Japanese copy is preferred in Japanese, r18.dev's English one in English; any other source's ranks first", () => {
    expect(["fanza", "r18dev", "file"].map((p) => copyRank(p, "ja"))).toEqual([0, 1, 0]);
    expect(["fanza", "r18dev", "file"].map((p) => copyRank(p, "en"))).toEqual([1, 0, 0]);
  });

  it("MetaTube: one copy per source name and id (any case), the preferred, where the first copy stood", () => {
    expect(named(preferredCopies(TITLES, "ja", sameSourceAndId))).toEqual(["fanza:snis00217", "file:mide00799", "fanza:mide00799"]);
    expect(named(preferredCopies(TITLES, "en", sameSourceAndId))).toEqual(["r18dev:SNIS00217", "file:mide00799", "fanza:mide00799"]);
  });

  it("Plex: every copy, each content id's together where its first stood, the preferred first, ties in the order they came", () => {
    expect(named(preferredFirst(TITLES, "ja", sameContentId))).toEqual(["fanza:snis00217", "r18dev:SNIS00217", "file:mide00799", "fanza:mide00799"]);
    expect(named(preferredFirst(TITLES, "en", sameContentId))).toEqual(["r18dev:SNIS00217", "fanza:snis00217", "file:mide00799", "fanza:mide00799"]);
  });

  it("leaves the list it is given as it was", () => {
    const given = [...TITLES];
    preferredFirst(given, "en", sameContentId);
    preferredCopies(given, "en", sameSourceAndId);
    expect(given).toEqual(TITLES);
  });
});
