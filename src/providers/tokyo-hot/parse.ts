/**
 * Tokyo-Hot's product page (my.tokyo-hot.com/product/{id}/?lang=ja, UTF-8) into a record, as
 * MetaTube's provider/tokyo-hot reads it: the title (#main div.contents h2), the text of
 * div.sentence, the package pictures (li.package a: the jacket is the cover, package/_v.jpg the
 * thumb), the flowplayer's poster and sample video, the sample pictures (a[rel=cap]) and the info
 * list (div.infowrapper dl: 出演者, プレイ内容, タグ, シリーズ, レーベル, 配信開始日, 収録時間, 作品番号);
 * with the English page's title, description and performers' names where it was read
 * (parse-english.ts). Pure: no fetching here.
 */
import { type CheerioAPI, load } from "cheerio";
import type { IngestRecord } from "../../model/record.js";
import { calendarDay, runtimeMinutes, uniq } from "../coerce.js";
import { encodeSourceId, ProviderParseError } from "../errors.js";
import { titleRecord } from "../record.js";
import { siteUrl } from "../site-url.js";
import { dvdIdOfNumber } from "./numbers.js";
import { castLinks, heading, infoList, linkText, ownIds, sentence, texts } from "./page-parts.js";
import { type EnglishPage, readEnglishPage } from "./parse-english.js";

export const PROVIDER = "tokyo-hot";
export const SITE = "Tokyo-Hot";
/** The maker of the shop's own titles (MetaTube's, for every title). */
export const MAKER = "TOKYO-HOT";
/** What the shop calls itself as a vendor (レーベル links to /product/?vendor=東熱 on the Japanese pages). */
const OWN_VENDORS = new Set(["東熱", "東京熱", "tokyo-hot", "tokyo hot", "tokyohot"]);
/** What the info list says where it knows no performer. */
const UNKNOWN_PERFORMER = "不明";
/** A series the page leaves empty. */
const NO_SERIES = /^-+$/;

/** The product page as the site answers it: anything else served 200 (maintenance, a block page) is no page. */
export function isProductPage(text: string): boolean {
  return /class="[^"]*\binfowrapper\b/.test(text) && text.includes("作品番号");
}

/** The URL of a product's page in the shop's `lang` (ja: the record's page). */
export function productUrl(baseUrl: string, id: string, lang: "ja" | "en" = "ja"): string {
  return `${baseUrl}/product/${encodeSourceId(PROVIDER, id)}/?lang=${lang}`;
}

interface Pictures {
  cover: string | null;
  thumb: string | null;
  poster: string | null;
  sample: string | null;
  galleryFull: string[];
  galleryThumb: string[];
}

function pictures($: CheerioAPI, baseUrl: string, pageUrl: string): Pictures {
  const url = (href: string | undefined) => siteUrl(baseUrl, pageUrl, href);
  let cover: string | null = null;
  let thumb: string | null = null;
  $("li.package a").each((_, a) => {
    const href = url($(a).attr("href"));
    if (href === null) return;
    if (cover === null && (/L\.jpg$/.test(href) || href.includes("jacket"))) cover = href;
    else if (thumb === null && (/v\.jpg$/.test(href) || /vb\.jpg$/.test(href) || href.includes("package"))) thumb = href;
  });
  const player = $("div.flowplayer").first();
  const galleryFull: string[] = [];
  const galleryThumb: string[] = [];
  $("a[rel=cap]").each((_, a) => {
    const full = url($(a).attr("href"));
    if (full === null || galleryFull.includes(full)) return;
    galleryFull.push(full);
    galleryThumb.push(url($(a).find("img").attr("src")) ?? full);
  });
  return {
    cover,
    thumb,
    poster: url(player.find("video").attr("poster")),
    sample: url(player.find("source").attr("src")),
    galleryFull,
    galleryThumb,
  };
}

/** The English text where the English page gives its own (the same text as the Japanese is none). */
const other = (en: string | null | undefined, ja: string | null): string | null => (en && en !== ja ? en : null);

/**
 * The record of a product page, with its English page's text where `englishHtml` is given and
 * is this product's (else without it). `id` is the product's id in its URL (the record's
 * contentId, lowercase as MetaTube keeps it). A page with no product number, whose pictures are
 * another product's, or whose record fails validation, is a ProviderParseError.
 */
export function parseProductPage(html: string, baseUrl: string, id: string, englishHtml: string | null = null): IngestRecord {
  const contentId = id.trim().toLowerCase();
  const pageUrl = productUrl(baseUrl, contentId);
  const $ = load(html);
  const info = infoList($);
  const number = linkText(info.get("作品番号")) ?? (/^\d+$/.test(contentId) ? null : contentId);
  if (number === null) throw new ProviderParseError(PROVIDER, `product ${contentId}: no 作品番号 on the page`);
  const foreign = ownIds($).find((x) => x !== contentId);
  if (foreign !== undefined) throw new ProviderParseError(PROVIDER, `product ${contentId}: the page's pictures are product ${foreign}'s`);
  const en: EnglishPage | null = englishHtml === null ? null : readEnglishPage(englishHtml, contentId, number);

  const vendor = linkText(info.get("レーベル"));
  const series = linkText(info.get("シリーズ"));
  const pics = pictures($, baseUrl, pageUrl);
  // MetaTube's fallbacks: the player's poster where no jacket is linked, then cover and thumb for each other.
  const cover = pics.cover ?? pics.poster ?? pics.thumb;
  const thumb = pics.thumb ?? cover;
  const titleJa = heading($);
  const commentJa = sentence($);
  const actresses = uniq(texts($, info.get("出演者")).filter((n) => n !== UNKNOWN_PERFORMER));
  // The English names of the same performers, paired by their cast ids.
  const actressEn = uniq(castLinks($).map((c) => en?.cast.find((e) => e.id === c.id)?.name)).filter((n) => !actresses.includes(n));

  return titleRecord({
    provider: PROVIDER,
    what: `product ${contentId}`,
    record: {
      contentId,
      dvdId: dvdIdOfNumber(number),
      titleEn: other(en?.title, titleJa) ?? "",
      titleJa,
      commentEn: other(en?.description, commentJa),
      commentJa,
      runtimeMins: runtimeMinutes(linkText(info.get("収録時間"))) ?? 0,
      releaseDate: calendarDay(linkText(info.get("配信開始日"))?.replaceAll("/", "-")) ?? "",
      makers: [vendor !== null && !OWN_VENDORS.has(vendor.toLowerCase()) ? vendor : MAKER],
      label: vendor ?? "",
      series: series !== null && !NO_SERIES.test(series) ? series : null,
      categories: uniq([...texts($, info.get("プレイ内容")), ...texts($, info.get("タグ"))]),
      actresses,
      jacketFullUrl: cover ?? "",
      jacketThumbUrl: thumb ?? "",
      site: SITE,
      extra: { sampleUrl: pics.sample, galleryFull: pics.galleryFull, galleryThumb: pics.galleryThumb },
    },
    pageUrl,
    altNames: actressEn.length > 0 ? { actress: actressEn } : {},
  });
}
