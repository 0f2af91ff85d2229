import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import type { Db } from "../../../src/catalog/index.js";
import { copyEncode } from "../../../tools/sample-dump/rows.js";
import { tempCatalog } from "../../helpers/build-app.js";

export type Value = string | number | null;

export interface Block {
  table: string;
  columns: string[];
  rows: Value[][];
}

/** A pg_dump-like text: a header, the COPY blocks, and (unless `trailer: false`) pg_dump's closing comment. */
export function dumpText(blocks: Block[], opts: { trailer?: boolean } = {}): string {
  let text = "--\n-- PostgreSQL database dump\n--\n\nSET client_encoding = 'UTF8';\n\n";
  for (const b of blocks) {
    text += `COPY public.${b.table} (${b.columns.join(", ")}) FROM stdin;\n`;
    for (const row of b.rows) text += row.map((v) => copyEncode(v)).join("\t") + "\n";
    text += "\\.\n\n";
  }
  if (opts.trailer !== false) text += "--\n-- PostgreSQL database dump complete\n--\n\n";
  return text;
}

export const VIDEO_COLUMNS = [
  "content_id",
  "dvd_id",
  "title_en",
  "title_ja",
  "comment_en",
  "comment_ja",
  "runtime_mins",
  "release_date",
  "sample_url",
  "maker_id",
  "label_id",
  "series_id",
  "jacket_full_url",
  "jacket_thumb_url",
  "gallery_full_first",
  "gallery_full_last",
  "gallery_thumb_first",
  "gallery_thumb_last",
  "site_id",
  "service_code",
];

type VideoRow = Partial<Record<(typeof VIDEO_COLUMNS)[number], Value>> & { content_id: string; dvd_id: string };

function videoRow(v: VideoRow): Value[] {
  const dir = `digital/video/${v.content_id}/${v.content_id}`;
  const defaults: Record<string, Value> = {
    title_en: `Title of ${v.dvd_id}`,
    title_ja: `${v.dvd_id}のタイトル`,
    comment_en: null,
    comment_ja: null,
    runtime_mins: 120,
    release_date: "2021-03-04",
    sample_url: null,
    maker_id: 40136,
    label_id: 2062442,
    series_id: null,
    jacket_full_url: `${dir}pl`,
    jacket_thumb_url: `${dir}ps`,
    gallery_full_first: `${dir}jp-1`,
    gallery_full_last: `${dir}jp-3`,
    gallery_thumb_first: `${dir}-1`,
    gallery_thumb_last: `${dir}-3`,
    site_id: 2,
    service_code: "digital",
  };
  return VIDEO_COLUMNS.map((c) => (c in v ? (v as Record<string, Value>)[c] : defaults[c]));
}

/**
 * A small dump in r18.dev's format: ABW-013 exactly as in the real excerpt, plus
 * titles with escapes, NULLs and ordered actresses. `videos` adds or replaces rows.
 */
export function baseBlocks(extra: { videos?: VideoRow[] } = {}): Block[] {
  const videos: VideoRow[] = [
    {
      content_id: "118abw00013",
      dvd_id: "ABW-013",
      title_en: "You Can't Make A Sound",
      title_ja: "Airi Suzumura",
      comment_en: null,
      comment_ja: null,
      runtime_mins: 182,
      release_date: "2020-10-02",
      sample_url: "https://cc3001.dmm.co.jp/litevideo/freepv/1/118/118abw013/118abw013_dmb_w.mp4",
      maker_id: 40136,
      label_id: 2062442,
      series_id: 4012940,
      gallery_full_first: "digital/video/118abw00013/118abw00013jp-1",
      gallery_full_last: "digital/video/118abw00013/118abw00013jp-12",
      gallery_thumb_first: "digital/video/118abw00013/118abw00013-1",
      gallery_thumb_last: "digital/video/118abw00013/118abw00013-12",
    },
    {
      content_id: "ssis00001",
      dvd_id: "SSIS-001",
      title_en: "Tab\there, back\\slash \\N and\nnewline",
      title_ja: null,
      comment_en: "Line one\r\nLine two",
      comment_ja: "説明\tです",
      runtime_mins: null,
      sample_url: null,
      series_id: null,
      label_id: 999,
      gallery_full_first: null,
      gallery_full_last: null,
      gallery_thumb_first: null,
      gallery_thumb_last: null,
    },
    { content_id: "ipx00535", dvd_id: "IPX-535", maker_id: 40137, series_id: 4012940 },
  ];
  for (const v of extra.videos ?? []) {
    const i = videos.findIndex((w) => w.content_id === v.content_id);
    if (i >= 0) videos[i] = { ...videos[i], ...v };
    else videos.push(v);
  }
  return [
    {
      table: "derived_actress",
      columns: ["id", "name_romaji", "image_url", "name_kanji", "name_kana"],
      rows: [
        [1019076, "Airi Suzumura", "suzumura_airi.jpg", "鈴村あいり", "すずむらあいり"],
        [1019077, "Yua Mikami", null, "三上悠亜", "みかみゆあ"],
        [1019078, null, "kanji_only.jpg", "漢字だけ", null],
      ],
    },
    {
      table: "derived_maker",
      columns: ["id", "name_en", "name_ja"],
      rows: [
        [40136, "Prestige", "プレステージ"],
        [40137, null, "アイデアポケット"],
      ],
    },
    { table: "derived_label", columns: ["id", "name_en", "name_ja"], rows: [[2062442, "ABSOLUTELY WONDERFUL", "ABSOLUTELY WONDERFUL"]] },
    { table: "derived_series", columns: ["id", "name_en", "name_ja"], rows: [[4012940, "When You Can't Scream Out...", "声が出せない状況で…"]] },
    {
      table: "derived_category",
      columns: ["id", "name_en", "name_ja"],
      rows: [
        [4111, "Cheating Wife", "寝取り・寝取られ・NTR"],
        [5016, "Squirting", "潮吹き"],
      ],
    },
    { table: "derived_director", columns: ["id", "name_kanji", "name_kana", "name_romaji"], rows: [[5001, "監督名", "かんとくめい", "Kantoku Mei"]] },
    { table: "derived_video", columns: VIDEO_COLUMNS, rows: videos.map(videoRow) },
    {
      table: "derived_video_actress",
      columns: ["content_id", "actress_id", "ordinality", "release_date"],
      rows: [
        ["118abw00013", 1019076, 1, "2020-10-02"],
        ["ssis00001", 1019077, 2, null],
        ["ipx00535", 1019078, 1, null],
        ["ssis00001", 1019076, 1, null],
      ],
    },
    {
      table: "derived_video_category",
      columns: ["content_id", "category_id", "release_date"],
      rows: [
        ["118abw00013", 4111, "2020-10-02"],
        ["118abw00013", 5016, "2020-10-02"],
        ["ssis00001", 5016, null],
      ],
    },
    { table: "derived_video_director", columns: ["content_id", "director_id"], rows: [["118abw00013", 5001]] },
  ];
}

export class TempDir {
  readonly path = mkdtempSync(join(tmpdir(), "vc-dump-"));

  write(name: string, content: string | Buffer): string {
    const file = join(this.path, name);
    writeFileSync(file, content);
    return file;
  }

  /** Staging files left in the directory (there should be none after an import). */
  stagingFiles(): string[] {
    return readdirSync(this.path).filter((f) => f.startsWith(".import-dump-"));
  }

  remove(): void {
    rmSync(this.path, { recursive: true, force: true });
  }
}

/** Every catalog row as `provider content_id hash`, sorted: equal snapshots mean equal catalogs. */
export function snapshot(db: Db): string[] {
  return db.prepare("SELECT provider || ' ' || content_id || ' ' || hash FROM movies ORDER BY 1").pluck().all() as string[];
}

/** A temp catalog and a TempDir for the dumps, shared by the tests of the enclosing describe; closed and removed after them. */
export function catalogForSuite(): { db: Db; path: string; files: TempDir } {
  const files = new TempDir();
  const { db, dir, path } = tempCatalog();
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
    files.remove();
  });
  return { db, path, files };
}
