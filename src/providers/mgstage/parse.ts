/**
 * An MGStage product page (/product/product_detail/{id}/, UTF-8) into a record, as MetaTube's
 * provider/mgstage and JavSP's mgstage.py read it: the title (`div.common_detail_cover h1`), the
 * detail table (detail-table.ts), the description (`#introduction dd p`, the "…すべてを見る" link's
 * p.more left out, a <br> a new line, as JavSP keeps it), the package (`#EnlargeImage` href the
 * jacket, the detail photo's `h2 img` the thumb) and the sample pictures (`a.sample_image`: the
 * href full, its img the thumb). The sample video is not on the page (a button to the sample
 * player, whose address MetaTube and JavSP ask of sampleRespons.php: one more request a title,
 * not made), so none is kept. A page is the product asked for only when its 品番 names the same
 * code as the id and its canonical link, where it has one, is the id's page. Pure.
 */
import { type CheerioAPI, load } from "cheerio";
import { parseCode } from "../../codes/index.js";
import type { IngestRecord } from "../../model/record.js";
import { runtimeMinutes } from "../coerce.js";
import { ProviderParseError } from "../errors.js";
import { oneLine } from "../page-text.js";
import { titleRecord } from "../record.js";
import { siteUrl } from "../site-url.js";
import { cellLinks, cellText, detailRows, performers, rating, releaseDay } from "./detail-table.js";
import { sameTitle } from "../same-title.js";
import { contentIdOf, isProductPath, PROVIDER, productPath, siteId } from "./ids.js";

/** The record's site. */
export const SITE = "MGStage";

/** The page's address: the id in the site's spelling. */
export const productUrl = (baseUrl: string, id: string): string => baseUrl + productPath(id);

/** The description: each paragraph's lines (a <br> breaks one), trimmed, on lines of their own. */
function description($: CheerioAPI): string | null {
  const lines: string[] = [];
  $("#introduction dd p")
    .not(".more")
    .each((_, p) => {
      let line = "";
      $(p)
        .contents()
        .each((_, n) => {
          if (n.type === "tag" && n.name === "br") {
            lines.push(line);
            line = "";
          } else {
            line += $(n).text();
          }
        });
      lines.push(line);
    });
  const kept = lines.map((l) => oneLine(l)).filter((l) => l !== "");
  return kept.length > 0 ? kept.join("\n") : null;
}

interface Pictures {
  jacket: string | null;
  thumb: string | null;
  galleryFull: string[];
  galleryThumb: string[];
}

function pictures($: CheerioAPI, baseUrl: string, pageUrl: string): Pictures {
  const url = (href: string | undefined) => siteUrl(baseUrl, pageUrl, href);
  const galleryFull: string[] = [];
  const galleryThumb: string[] = [];
  $("a.sample_image").each((_, a) => {
    const full = url($(a).attr("href"));
    if (full === null || galleryFull.includes(full)) return;
    galleryFull.push(full);
    galleryThumb.push(url($(a).find("img").attr("src")) ?? full);
  });
  return {
    jacket: url($("#EnlargeImage").attr("href")),
    thumb: url($("div.detail_data div.detail_photo h2 img").first().attr("src")),
    galleryFull,
    galleryThumb,
  };
}

/** The page's own id where it names one (its canonical link), upper case; null where it names none. */
function canonicalId($: CheerioAPI): string | null {
  const href = $('link[rel="canonical"]').attr("href");
  if (href === undefined) return null;
  try {
    return /\/product\/product_detail\/([^/?#]+)/.exec(new URL(href).pathname)?.[1]?.toUpperCase() ?? "";
  } catch {
    return "";
  }
}

/**
 * The record of product `id`'s page. A page with no 品番, one naming another code than `id`'s,
 * one whose canonical link is another page, or whose record fails validation is a
 * ProviderParseError: never another title filed under `id`.
 */
export function parseProductPage(html: string, baseUrl: string, id: string): IngestRecord {
  const contentId = contentIdOf(id);
  const pageUrl = productUrl(baseUrl, id);
  const $ = load(html);
  const rows = detailRows($);
  const number = cellText(rows.get("品番"));
  if (number === null) throw new ProviderParseError(PROVIDER, `product ${siteId(id)}: no 品番 on the page`);
  if (!sameTitle(number, id)) throw new ProviderParseError(PROVIDER, `product ${siteId(id)}: the page is ${number}'s`);
  const canonical = canonicalId($);
  if (canonical !== null && !isProductPath(`/product/product_detail/${canonical}/`, id)) {
    throw new ProviderParseError(PROVIDER, `product ${siteId(id)}: the page's canonical address is ${canonical || "another page"}'s`);
  }
  const code = parseCode(number);
  const actresses = performers($, rows.get("出演"));
  const maker = cellText(rows.get("メーカー"));
  const series = cellText(rows.get("シリーズ"));
  const pics = pictures($, baseUrl, pageUrl);
  const stars = rating(rows.get("評価"));
  const day = releaseDay(rows);

  return titleRecord({
    provider: PROVIDER,
    what: `product ${siteId(id)}`,
    record: {
      contentId,
      dvdId: code?.dvdId ?? number,
      titleJa: oneLine($("div.common_detail_cover h1").first().text()),
      commentJa: description($),
      runtimeMins: runtimeMinutes(cellText(rows.get("収録時間"))) ?? 0,
      releaseDate: day ?? "",
      makers: maker === null ? [] : [maker],
      label: cellText(rows.get("レーベル")) ?? "",
      series,
      categories: cellLinks($, rows.get("ジャンル")),
      actresses,
      jacketFullUrl: pics.jacket ?? pics.thumb ?? "",
      jacketThumbUrl: pics.thumb ?? pics.jacket ?? "",
      site: SITE,
      extra: { galleryFull: pics.galleryFull, galleryThumb: pics.galleryThumb },
    },
    pageUrl,
    ratingAvg: stars?.avg ?? null,
    ratingCount: stars?.count ?? null,
    censored: code?.censored ?? true,
  });
}
