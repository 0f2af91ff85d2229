/**
 * Titles crediting people as r18.dev and FANZA hand them over (IngestRecord.credits: DMM's
 * actress id, her spellings, her picture; r18.dev's spellings in derived_actress's order:
 * name_romaji, name_kanji, name_kana; FANZA's `名（旧名）` as DMM writes a renamed actress,
 * with its reading) and as a seller without ids names them (its record's names alone). The
 * actresses, their ids and the codes are made up for the tests; only the shapes are the
 * sources'. Pictures are under `actjpgs/` of `at` (test/helpers/cover-server.ts answers
 * every such path with a 125x125 picture).
 */
import type { IngestRecord } from "../../src/model/record.js";
import { makeIngest } from "./build-app.js";

/** The renamed actress: 桜井ゆき (Yuki Sakurai) until 2019, 星野ゆき (Yuki Hoshino) since. */
export const RENAMED = { key: "1099001", ja: "星野ゆき", en: "Yuki Hoshino", former: "桜井ゆき", formerEn: "Yuki Sakurai" } as const;
/** Two actresses both called みなみ, with DMM ids of their own; the first has a picture, the second none. */
export const MINAMI = { first: "1099101", second: "1099102", name: "みなみ" } as const;

export const renamedPicture = (at: string) => `${at}/mono/actjpgs/sakurai_yuki.jpg`;
export const minamiPicture = (at: string) => `${at}/mono/actjpgs/minami1.jpg`;

type Credit = { id: string | null; names: string[]; image: string | null };

function title(provider: string, contentId: string, release: string, actresses: string[], credits?: Credit[]): IngestRecord {
  const rich = actresses.map((name) => ({ name, image: credits?.find((c) => c.names[0] === name || c.names.includes(name))?.image ?? null }));
  return makeIngest(
    {
      contentId,
      dvdId: contentId.replace(/^([a-z]+)0*(\d{3,})$/, (_, l: string, n: string) => `${l.toUpperCase()}-${n}`),
      releaseDate: `${release}T00:00:00.000Z`,
      actresses,
      extra: { actressesRich: rich, sampleUrl: null, galleryFull: [], galleryThumb: [] },
    },
    { provider, ...(credits && { credits }) },
  );
}

/** The people titles: her former name's title (with her picture), her renamed one listing her twice, her newest, a seller's by her former name; the two みなみ. */
export function peopleTitles(at: string): IngestRecord[] {
  const id = RENAMED.key;
  return [
    title(
      "r18dev",
      "pfa00101",
      "2019-03-01",
      [RENAMED.formerEn],
      [{ id, names: [RENAMED.formerEn, RENAMED.former, "さくらいゆき"], image: renamedPicture(at) }],
    ),
    // FANZA: the name as DMM writes a renamed actress, and the same person listed again under her former name.
    title(
      "fanza",
      "pfa00102",
      "2023-05-01",
      [`${RENAMED.ja}（${RENAMED.former}）`, RENAMED.former],
      [
        { id, names: [`${RENAMED.ja}（${RENAMED.former}）`, "ほしのゆき"], image: null },
        { id, names: [RENAMED.former], image: null },
      ],
    ),
    title("r18dev", "pfa00103", "2023-01-01", [RENAMED.en], [{ id, names: [RENAMED.en, RENAMED.ja, "ほしのゆき"], image: null }]),
    // A seller without ids, naming her by her former full name: the one person holding it.
    title("heyzo", "pfa00104", "2021-06-01", [RENAMED.former]),
    title("fanza", "pfa00201", "2020-01-01", [MINAMI.name], [{ id: MINAMI.first, names: [MINAMI.name, "Minami"], image: minamiPicture(at) }]),
    title("fanza", "pfa00202", "2021-01-01", [MINAMI.name], [{ id: MINAMI.second, names: [MINAMI.name], image: null }]),
    aoi(at),
  ];
}

/** A one-word name no person holds, with the picture its record gives: answered from its titles, as before people. */
function aoi(at: string): IngestRecord {
  const t = title("heyzo", "pfa00301", "2021-02-01", ["あおい"]);
  t.record.extra.actressesRich = [{ name: "あおい", image: `${at}/mono/actjpgs/aoi.jpg` }];
  return t;
}
