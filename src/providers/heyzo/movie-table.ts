/**
 * The `table.movieInfo` of a HEYZO title page. Its rows are known by their label, in Japanese
 * (公開日, 出演, シリーズ, 評価 as metatube-sdk-go reads them) or English (Released, Actress(es),
 * Series, Review(s): the saved en.heyzo.com pages), or by their class where the page gives one
 * (table-release-day, table-actor, ...: the Japanese pages as the Python scrapers read them; the
 * 2026 English pages have none). The site's categories are every `category_N` link of the table,
 * whatever its row is called (女優タイプ; the English Type, Sex Styles, Theme, and any other). The
 * tags are the page's `ul.tag-keyword-list` and the synopsis its `p.memo`, wherever they are
 * (MetaTube's reading).
 */
import type { CheerioAPI } from "cheerio";
import { num, str } from "../coerce.js";
import { oneLine } from "../page-text.js";

/** A name and the site's id of it (actor_431, category_216, series_188, provider_4188), where linked. */
export interface Linked {
  name: string;
  id: string | null;
}

export interface TableFields {
  /** The first day of the 公開日 cell (a limited title's is a range), YYYY-MM-DD. */
  day: string | null;
  actresses: Linked[];
  series: Linked | null;
  /** The site's categories: every category_N link of the table, in its order. */
  categories: Linked[];
  /** タグキーワード: the site's search words, in its two lists (small and big) alike. */
  keywords: string[];
  /** The title's provider where the table links one (heydouga.com's provider pages). */
  provider: Linked | null;
  rating: number | null;
  memo: string | null;
}

/** A selection of the page. */
type Sel = ReturnType<CheerioAPI>;

type Row = "day" | "actress" | "series" | "rating";

const BY_CLASS: readonly [string, Row][] = [
  ["table-release-day", "day"],
  ["table-actor", "actress"],
  ["table-series", "series"],
  ["table-estimate", "rating"],
];

const BY_LABEL: Readonly<Record<string, Row>> = {
  公開日: "day",
  Released: "day",
  出演: "actress",
  "Actress(es)": "actress",
  シリーズ: "series",
  Series: "series",
  評価: "rating",
  "Review(s)": "rating",
};

/** A series or name cell that says "none": a run of dashes. */
const isNone = (s: string): boolean => /^-*$/.test(s);

function rowKind($: CheerioAPI, tr: Sel): Row | null {
  const classes = tr.attr("class") ?? "";
  for (const [cls, kind] of BY_CLASS) if (classes.split(/\s+/).includes(cls)) return kind;
  const label = oneLine(tr.children("td").first().text()).replace(/[:：]$/, "");
  return BY_LABEL[label] ?? null;
}

/**
 * The links of a cell, with the site's id of each where its href names one (`actor_431_1.html`
 * -> 431); with `onlyKind`, only the links that name one.
 */
function linked($: CheerioAPI, cell: Sel, kind: string, onlyKind = false): Linked[] {
  const out: Linked[] = [];
  cell.find("a").each((_, a) => {
    const name = oneLine($(a).text());
    const id = new RegExp(`${kind}_(\\d+)`).exec($(a).attr("href") ?? "")?.[1] ?? null;
    if (onlyKind && id === null) return;
    if (name !== "" && !isNone(name) && !out.some((o) => o.name === name)) out.push({ name, id });
  });
  return out;
}

/** The value cell of a row: its second cell, or its only one (a colspan row). */
const valueCell = (tr: Sel): Sel => {
  const cells = tr.children("td");
  return cells.length > 1 ? cells.eq(1) : cells.first();
};

export function readMovieTable($: CheerioAPI): TableFields {
  const fields: TableFields = {
    day: null,
    actresses: [],
    series: null,
    categories: [],
    keywords: [],
    provider: null,
    rating: null,
    memo: null,
  };
  const table = $("table.movieInfo").first();
  table.find("tr").each((_, el) => {
    const tr = $(el);
    const cell = valueCell(tr);
    switch (rowKind($, tr)) {
      case "day":
        fields.day ??= /\d{4}-\d{2}-\d{2}/.exec(cell.text())?.[0] ?? null;
        break;
      case "actress":
        if (fields.actresses.length === 0) fields.actresses = linked($, cell, "actor");
        break;
      case "series": {
        const name = linked($, cell, "series")[0] ?? { name: oneLine(cell.text()), id: null };
        if (fields.series === null && !isNone(name.name)) fields.series = name;
        break;
      }
      case "rating":
        fields.rating ??= num(cell.find('[itemprop="ratingValue"]').first().text());
        break;
    }
  });
  fields.categories = linked($, table, "category", true);
  $("ul.tag-keyword-list li").each((_, li) => {
    const word = oneLine($(li).text());
    if (word !== "" && !fields.keywords.includes(word)) fields.keywords.push(word);
  });
  const memo = $("p.memo").first();
  fields.memo = memo.length > 0 ? str(memoText($, memo)) : null;
  fields.provider = linked($, table, "provider", true)[0] ?? null;
  return fields;
}

/** A synopsis keeps its line breaks (`<br>` and newlines), each line trimmed. */
function memoText($: CheerioAPI, memo: Sel): string {
  const html = memo.html() ?? "";
  const text = $(`<div>${html.replace(/<br\s*\/?>/gi, "\n")}</div>`).text();
  return text
    .split("\n")
    .map((line) => oneLine(line))
    .filter((line) => line !== "")
    .join("\n");
}
