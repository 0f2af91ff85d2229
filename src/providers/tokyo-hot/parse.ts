/**
 * Tokyo-Hot's product page (my.tokyo-hot.com/product/{id}/?lang=ja, UTF-8) into a record, as
 * MetaTube's provider/tokyo-hot reads it: the title (#main div.contents h2), the text of
 * div.sentence, the package pictures (li.package a: the jacket is the cover, package/_v.jpg the
 * thumb), the flowplayer's poster and sample video, the sample pictures (a[rel=cap]) and the info
 * list (div.infowrapper dl: 出演者, プレイ内容, タグ, シリーズ, レーベル, 配信開始日, 収録時間, 作品番号).
 * Pure: no fetching here.
 */
import { load, type CheerioAPI } from "cheerio";
import type { IngestRecord } from "../../model/record.js";
import { validateIngestRecord } from "../../model/validate.js";
import { calendarDay, runtimeMinutes, uniq } from "../coerce.js";
import { encodeSourceId, ProviderParseError } from "../errors.js";
import { siteUrl } from "../site-url.js";
import { dvdIdOfNumber } from "./numbers.js";

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

/** The URL of a product's Japanese page. */
export function productUrl(baseUrl: string, id: string): string {
  return `${baseUrl}/product/${encodeSourceId(PROVIDER, id)}/?lang=ja`;
}

/** The info list's entries by their label, each dd with the dt before it. */
function infoList($: CheerioAPI): Map<string, ReturnType<CheerioAPI>> {
  const out = new Map<string, ReturnType<CheerioAPI>>();
  $("#main div.infowrapper dl dt").each((_, dt) => {
    const label = $(dt).text().trim();
    const dd = $(dt).nextAll("dd").first();
    if (label !== "" && dd.length > 0 && !out.has(label)) out.set(label, dd);
  });
  return out;
}

/** Every piece of text in an entry, trimmed (the names of its links, or its plain text), as MetaTube's ParseTexts. */
function texts($: CheerioAPI, dd: ReturnType<CheerioAPI> | undefined): string[] {
  if (dd === undefined) return [];
  const out: string[] = [];
  const walk = (nodes: ReturnType<CheerioAPI>) =>
    nodes.each((_, n) => {
      if (n.type === "text") {
        const t = $(n).text().trim();
        if (t !== "") out.push(t);
      } else walk($(n).contents());
    });
  walk(dd.contents());
  return out;
}

/** An entry's link text (series, label), else its own text; null when empty. */
function linkText(dd: ReturnType<CheerioAPI> | undefined): string | null {
  if (dd === undefined) return null;
  const a = dd.find("a").first();
  const t = (a.length > 0 ? a.text() : dd.text()).trim();
  return t === "" ? null : t;
}

/** The description: the text lines of div.sentence (its <br> split them), as MetaTube keeps them. */
function sentence($: CheerioAPI): string | null {
  const lines: string[] = [];
  $("#main div.sentence")
    .first()
    .contents()
    .each((_, n) => {
      if (n.type !== "text") return;
      const t = $(n).text().trim();
      if (t !== "") lines.push(t);
    });
  return lines.length > 0 ? lines.join("\n") : null;
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

/**
 * The record of a product page. `id` is the product's id in its URL (the record's contentId,
 * lowercase as MetaTube keeps it). A page with no product number, or whose record fails
 * validation, is a ProviderParseError.
 */
export function parseProductPage(html: string, baseUrl: string, id: string): IngestRecord {
  const contentId = id.trim().toLowerCase();
  const pageUrl = productUrl(baseUrl, contentId);
  const $ = load(html);
  const info = infoList($);
  const number = linkText(info.get("作品番号")) ?? (/^\d+$/.test(contentId) ? null : contentId);
  if (number === null) throw new ProviderParseError(PROVIDER, `product ${contentId}: no 作品番号 on the page`);

  const vendor = linkText(info.get("レーベル"));
  const series = linkText(info.get("シリーズ"));
  const pics = pictures($, baseUrl, pageUrl);
  // MetaTube's fallbacks: the player's poster where no jacket is linked, then cover and thumb for each other.
  const cover = pics.cover ?? pics.poster ?? pics.thumb;
  const thumb = pics.thumb ?? cover;

  const ingest: IngestRecord = {
    provider: PROVIDER,
    record: {
      contentId,
      dvdId: dvdIdOfNumber(number),
      titleEn: "",
      titleJa: $("#main div.contents h2").first().text().trim(),
      commentEn: null,
      commentJa: sentence($),
      runtimeMins: runtimeMinutes(linkText(info.get("収録時間"))) ?? 0,
      releaseDate: calendarDay(linkText(info.get("配信開始日"))?.replaceAll("/", "-")) ?? "",
      makers: [vendor !== null && !OWN_VENDORS.has(vendor.toLowerCase()) ? vendor : MAKER],
      label: vendor ?? "",
      series: series !== null && !NO_SERIES.test(series) ? series : null,
      categories: uniq([...texts($, info.get("プレイ内容")), ...texts($, info.get("タグ"))]),
      actresses: uniq(texts($, info.get("出演者")).filter((n) => n !== UNKNOWN_PERFORMER)),
      actors: [],
      directors: [],
      authors: [],
      jacketFullUrl: cover ?? "",
      jacketThumbUrl: thumb ?? "",
      site: SITE,
      serviceCode: "",
      extra: { actressesRich: [], sampleUrl: pics.sample, galleryFull: pics.galleryFull, galleryThumb: pics.galleryThumb },
    },
    pageUrl,
    ratingAvg: null,
    ratingCount: null,
    popularity: null,
    altNames: {},
    censored: false,
  };
  ingest.record.extra.actressesRich = ingest.record.actresses.map((name) => ({ name, image: null }));
  const problems = validateIngestRecord(ingest);
  if (problems.length > 0) throw new ProviderParseError(PROVIDER, `product ${contentId}: ${problems.join("; ")}`, problems);
  return ingest;
}
