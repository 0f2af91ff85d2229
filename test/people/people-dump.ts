/**
 * The generated dump of issue 44's proof, in r18.dev's dump format (the COPY blocks of
 * test/import/dump/helpers.ts, whose columns are the real dump's): an actress whose names
 * change between two dumps (DMM id 7001: 旧姓ゆかり / Yukari Kyusei, then 新姓ゆかり / Yukari
 * Shinsei), two actresses both called みなみ (7002 and 7003, each her own id), and one with
 * no picture of the sources (7005, 藤原れな) for the picture tree. Dated rows: each video's
 * derived_video_actress row carries its release date, as the real dump's do.
 */
import { type Block, dumpText, VIDEO_COLUMNS } from "../import/dump/helpers.js";

type Actress = [id: number, romaji: string | null, image: string | null, kanji: string | null, kana: string | null];

const BEFORE: Actress = [7001, "Yukari Kyusei", "kyusei_yukari.jpg", "旧姓ゆかり", "きゅうせいゆかり"];
const AFTER: Actress = [7001, "Yukari Shinsei", "shinsei_yukari.jpg", "新姓ゆかり", "しんせいゆかり"];
const OTHERS: Actress[] = [
  [7002, "Minami", "minami_a.jpg", "みなみ", "みなみ"],
  [7003, "Minami", null, "みなみ", "みなみ"],
  [7005, "Rena Fujiwara", null, "藤原れな", "ふじわられな"],
];

/** [content id, code, release, actress ids] */
const VIDEOS: [string, string, string, number[]][] = [
  ["ppl00001", "PPL-001", "2019-05-01", [7001]],
  ["ppl00002", "PPL-002", "2020-06-01", [7001, 7002]],
  ["ppl00003", "PPL-003", "2021-01-01", [7003]],
  ["ppl00005", "PPL-005", "2022-02-01", [7005]],
  ["ppl00004", "PPL-004", "2023-03-01", [7001]],
];

function video(cid: string, code: string, release: string): (string | number | null)[] {
  const dir = `digital/video/${cid}/${cid}`;
  const v: Record<string, string | number | null> = {
    content_id: cid,
    dvd_id: code,
    title_en: `Title of ${code}`,
    title_ja: `${code}のタイトル`,
    comment_en: null,
    comment_ja: null,
    runtime_mins: 120,
    release_date: release,
    sample_url: null,
    maker_id: 40136,
    label_id: null,
    series_id: null,
    jacket_full_url: `${dir}pl`,
    jacket_thumb_url: `${dir}ps`,
    gallery_full_first: null,
    gallery_full_last: null,
    gallery_thumb_first: null,
    gallery_thumb_last: null,
    site_id: 2,
    service_code: "digital",
  };
  return VIDEO_COLUMNS.map((c) => v[c]);
}

/** The dump as of `when`: "before" holds the videos up to 2022 and her old names; "after" all of them and her new ones. */
export function peopleDump(when: "before" | "after"): string {
  const videos = when === "before" ? VIDEOS.filter(([, , release]) => release < "2023") : VIDEOS;
  const blocks: Block[] = [
    { table: "derived_actress", columns: ["id", "name_romaji", "image_url", "name_kanji", "name_kana"], rows: [when === "before" ? BEFORE : AFTER, ...OTHERS] },
    { table: "derived_maker", columns: ["id", "name_en", "name_ja"], rows: [[40136, "Prestige", "プレステージ"]] },
    { table: "derived_video", columns: VIDEO_COLUMNS, rows: videos.map(([cid, code, release]) => video(cid, code, release)) },
    {
      table: "derived_video_actress",
      columns: ["content_id", "actress_id", "ordinality", "release_date"],
      rows: videos.flatMap(([cid, , release, ids]) => ids.map((id, i) => [cid, id, i + 1, release])),
    },
  ];
  return dumpText(blocks);
}
