/**
 * The parts of an FC2 article page (adult.contents.fc2.com/article/{id}/, UTF-8), as its
 * readers take them and as the real pages in test/fixtures/fc2 hold them: the header
 * `div.items_article_headerInfo` (its h3 title, the `by` link to /users/ — the seller —, the
 * stars, 登録数, `section.items_article_TagArea` links, the `div.items_article_softDevice`
 * rows 販売日 / 商品ID, or the older `div.items_article_Releasedate`), the thumbnail and
 * running time (`div.items_article_MainitemThumb span img`, `p.items_article_info`), the sample
 * pictures (`section.items_article_SampleImages ul li a`), the description's iframe
 * (`section.items_article_Contents iframe`), and the ids the page names (og:url, the JSON-LD
 * Product's sku/productID/@id, the 商品ID row). MetaTube's provider/fc2/fc2.go and JavSP's
 * javsp/web/fc2.py read these. Pure.
 */
import type { CheerioAPI } from "cheerio";
import { isObject, nonNegInt, uniq } from "../coerce.js";
import { oneLine } from "../page-text.js";
import { dayInText } from "../site-text.js";

const HEADER = "div.items_article_headerInfo";

/**
 * The spans FC2 puts in a title against scrapers, each holding junk text ("**qnsqyxoz* "):
 * those styled zoom:0.01, display:none or overflow:hidden, as MetaTube removes them.
 */
const HIDDEN = /zoom:0\.01|display:none|overflow:hidden/;

/** The title: the header's h3 without FC2's hidden spans, on one line; "" when there is none. */
export function articleTitle($: CheerioAPI): string {
  const h3 = $(`${HEADER} > h3`).first().clone();
  h3.find("span[style]").each((_, span) => {
    if (HIDDEN.test(($(span).attr("style") ?? "").replace(/\s+/g, "").toLowerCase())) $(span).remove();
  });
  return oneLine(h3.text());
}

/** The seller: the header's `by` link to its /users/ page (JavSP's producer, MetaTube's maker). */
export function sellerName($: CheerioAPI): string | null {
  return oneLine($(`${HEADER} li a[href*="/users/"]`).first().text()) || null;
}

/** The product tags (section.items_article_TagArea), each once. */
export const tagNames = ($: CheerioAPI): string[] =>
  uniq(
    $(`${HEADER} section.items_article_TagArea a`)
      .toArray()
      .map((a) => oneLine($(a).text())),
  );

/** The softDevice rows written "label : value" (販売日 / Sale Day, 商品ID / Product ID), by label. */
function softDeviceRows($: CheerioAPI): Map<string, string> {
  const rows = new Map<string, string>();
  $(`${HEADER} div.items_article_softDevice p`).each((_, p) => {
    const m = /^([^:]+):(.*)$/s.exec(oneLine($(p).text()));
    if (m) rows.set(m[1].trim(), m[2].trim());
  });
  return rows;
}

/** The day it went on sale: the 販売日 row (2026 pages), else div.items_article_Releasedate (2024 pages), as YYYY-MM-DDT00:00:00.000Z. */
export function saleDay($: CheerioAPI): string | null {
  const rows = softDeviceRows($);
  const row = rows.get("販売日") ?? rows.get("Sale Day");
  return dayInText(row ?? $(`${HEADER} div.items_article_Releasedate p`).first().text());
}

/** The number of the 商品ID / Product ID row ("FC2 PPV 4938582"), where the page has one. */
export function productIdRow($: CheerioAPI): string | null {
  const rows = softDeviceRows($);
  const row = rows.get("商品ID") ?? rows.get("Product ID");
  return row === undefined ? null : (/(\d+)\s*$/.exec(row)?.[1] ?? row);
}

/** The running time as the thumbnail writes it: "01:18:55" or "19:27" (minutes and seconds). */
export const runningTime = ($: CheerioAPI): string => oneLine($("div.items_article_MainitemThumb p.items_article_info").first().text());

/** Minutes of "HH:MM:SS" or "MM:SS", to the nearest minute (JavSP's strftime_to_minutes); null otherwise. */
export function runtimeOf(text: string): number | null {
  const parts = /^(?:(\d+):)?(\d+):(\d{2})$/.exec(text.trim());
  if (!parts) return null;
  const seconds = Number(parts[1] ?? 0) * 3600 + Number(parts[2]) * 60 + Number(parts[3]);
  return Math.round(seconds / 60);
}

/** The thumbnail's src (a small picture, 276 pixels wide). */
export const thumbSrc = ($: CheerioAPI): string | undefined => $("div.items_article_MainitemThumb span img").first().attr("src");

/** The sample pictures: each link's href (the picture) and its img's src (the small one). */
export function samplePictures($: CheerioAPI): { full: string; thumb: string | undefined }[] {
  return $("section.items_article_SampleImages ul li a[href]")
    .toArray()
    .map((a) => ({ full: $(a).attr("href") ?? "", thumb: $(a).find("img").attr("src") }));
}

/** The stars (items_article_Star0..5: the class MetaTube and JavSP read) and the number of reviews beside them; null where the page shows none. */
export function stars($: CheerioAPI): { avg: number; count: number | null } | null {
  const link = $(`${HEADER} li.items_article_StarA a.items_article_Stars`).first();
  const star = /\bitems_article_Star(\d)\b/.exec(link.find("p span").first().attr("class") ?? "")?.[1];
  if (star === undefined) return null;
  return { avg: Number(star), count: nonNegInt(link.children("span").first().text().replace(/,/g, "")) };
}

/** 登録数: how many have the article on their list. */
export function registered($: CheerioAPI): number | null {
  const li = $(`${HEADER} li`)
    .toArray()
    .find((x) => $(x).text().includes("登録数"));
  return li === undefined ? null : nonNegInt($(li).find("b").first().text().replace(/,/g, ""));
}

/** The description's iframe (/widget/article/{id}/description?ac=...), where the page has one. */
export const descriptionFrame = ($: CheerioAPI): string | undefined => $("section.items_article_Contents iframe[src]").first().attr("src");

/** The JSON-LD Product's ids (OpenAver's hit check reads sku and @id "article:N"). */
function structuredIds($: CheerioAPI): (string | undefined)[] {
  const ids: (string | undefined)[] = [];
  $('script[type="application/ld+json"]').each((_, s) => {
    try {
      const data: unknown = JSON.parse($(s).text());
      if (!isObject(data) || data["@type"] !== "Product") return;
      ids.push(String(data.sku ?? "") || undefined, String(data.productID ?? "") || undefined);
      ids.push(/^article:(\d+)$/.exec(String(data["@id"] ?? ""))?.[1]);
    } catch {
      // Not JSON: it names nothing.
    }
  });
  return ids;
}

/** Every article id the page names for itself: og:url's /article/N/, the JSON-LD Product's ids, the 商品ID row. */
export function namedIds($: CheerioAPI): string[] {
  const og = /\/article\/(\d+)\/?(?:[?#]|$)/.exec($('meta[property="og:url"]').attr("content") ?? "")?.[1];
  return uniq([og, ...structuredIds($), productIdRow($) ?? undefined]).map((id) => id.replace(/^0+(?=\d)/, ""));
}
