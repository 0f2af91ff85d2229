/**
 * The detail table of an MGStage product page (`div.detail_data table tr`, a `th` label with a
 * full-width colon and its `td`), as MetaTube's provider/mgstage and JavSP's mgstage.py read it:
 * 出演 (performers, linked to a search or plain text: JavSP takes both), メーカー, 収録時間
 * ("63min"), 品番, 配信開始日 then 商品発売日 ("2017/06/20", "DVD未発売"), シリーズ, レーベル (empty
 * on the 261ARA-168 page), ジャンル (links) and 評価 (`td.review`: "4.3 (6 件)"). Pure.
 */
import type { CheerioAPI } from "cheerio";
import { uniq } from "../coerce.js";
import { oneLine } from "../page-text.js";
import { dayInText, personName } from "../site-text.js";

type Sel = ReturnType<CheerioAPI>;

/** The table's cells by their label, the colon taken off (出演, 品番, ...); the first row of a label wins. */
export function detailRows($: CheerioAPI): Map<string, Sel> {
  const rows = new Map<string, Sel>();
  $("div.detail_data table tr").each((_, tr) => {
    const th = $(tr).children("th").first();
    const td = $(tr).children("td").first();
    if (th.length === 0 || td.length === 0) return;
    const label = oneLine(th.text())
      .replace(/[：:]$/, "")
      .trim();
    if (label !== "" && !rows.has(label)) rows.set(label, td);
  });
  return rows;
}

/** A cell's text on one line, null when empty or dashes alone ("----"). */
export function cellText(td: Sel | undefined): string | null {
  const t = td === undefined ? "" : oneLine(td.text());
  return t === "" || /^-+$/.test(t) ? null : t;
}

/** The texts of a cell's links, each once. */
export const cellLinks = ($: CheerioAPI, td: Sel | undefined): string[] =>
  td === undefined
    ? []
    : uniq(
        td
          .find("a")
          .toArray()
          .map((a) => oneLine($(a).text())),
      );

/**
 * The performers of the 出演 cell in their order: its links' texts and its own text lines (a
 * performer the site links to no search), dashes standing for nobody left out.
 */
export function performers($: CheerioAPI, td: Sel | undefined): string[] {
  if (td === undefined) return [];
  const names: string[] = [];
  td.contents().each((_, n) => {
    if (n.type === "text") {
      for (const line of $(n).text().split(/\r?\n/)) names.push(personName(oneLine(line)));
    } else if (n.type === "tag" && n.name === "a") {
      names.push(personName(oneLine($(n).text())));
    }
  });
  return uniq(names);
}

/** The release day: 配信開始日, else 商品発売日 (MetaTube takes the first that is a date); null when neither is. */
export function releaseDay(rows: Map<string, Sel>): string | null {
  return dayInText(cellText(rows.get("配信開始日"))) ?? dayInText(cellText(rows.get("商品発売日")));
}

/** The 評価 cell's average (of 5) and number of reviews; none where it counts no review. */
export function rating(td: Sel | undefined): { avg: number; count: number } | null {
  const m = /(\d+(?:\.\d+)?)\s*\(\s*([\d,]+)\s*件\s*\)/.exec(cellText(td) ?? "");
  if (m === null) return null;
  const avg = Number(m[1]);
  const count = Number(m[2].replaceAll(",", ""));
  return count > 0 && avg >= 0 && avg <= 5 ? { avg, count } : null;
}
