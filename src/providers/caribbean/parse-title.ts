/**
 * A title page of Caribbeancom or Caribbeancom Premium (`/moviepages/<id>/index.html`,
 * EUC-JP, decoded by the HTTP client) as a validated record. The fields are read as
 * metatube-sdk-go reads them (provider/caribbeancom/core/core.go): the `itemprop` name and
 * description with the `#moviepages` fallback (Premium's have no itemprop), the list of
 * `<li><span>label</span><span>value</span></li>` under `#moviepages`, the poster and the
 * sample from the scripts (page-scripts.ts), else the cover every public reader takes, the
 * gallery under `div.gallery-ratio`.
 */
import { load, type CheerioAPI } from "cheerio";
import { parseCode } from "../../codes/index.js";
import type { IngestRecord } from "../../model/record.js";
import { runtimeMinutes, str, uniq } from "../coerce.js";
import { ProviderParseError } from "../errors.js";
import { titleRecord } from "../record.js";
import { sameTitle } from "../same-title.js";
import { siteUrl } from "../site-url.js";
import { dayInText, personName } from "../site-text.js";
import { movieObject, posterPath, sampleVideo } from "./page-scripts.js";
import { type CaribbeanSite, dayOfId, titlePath } from "./site.js";

/** One line of the page's list: its value's text and the texts of its links. */
interface Spec {
  text: string;
  links: string[];
}

/** Whether a page is a title page at all (and not a maintenance or error page served 200). */
export function isTitlePage(html: string): boolean {
  return /id=["']?moviepages\b/.test(html);
}

const oneLine = (s: string): string => s.replace(/[ \t\r\n]+/g, " ").trim();

/** The list's lines by label, the label without its colon ("出演:" and "出演" alike). */
function specsOf($: CheerioAPI): Map<string, Spec> {
  const specs = new Map<string, Spec>();
  $("#moviepages li").each((_, li) => {
    const spans = $(li).children("span");
    if (spans.length < 2) return;
    const label = oneLine(spans.first().text()).replace(/[:：]$/, "");
    const value = spans.eq(1);
    const links = value
      .find("a")
      .map((_, a) => oneLine($(a).text()))
      .get();
    if (label !== "" && !specs.has(label)) specs.set(label, { text: oneLine(value.text()), links });
  });
  return specs;
}

/**
 * Names in a line: its links, else its text cut at commas. "-" stands for nobody (MetaTube
 * trims dashes) and "他" ("and others") is no name (Movie Data Capture drops it).
 */
function namesOf(spec: Spec | undefined): string[] {
  if (spec === undefined) return [];
  const raw = spec.links.length > 0 ? spec.links : spec.text.split(/[、,/]/);
  return uniq(raw.map(personName).filter((n) => n !== "他"));
}

const firstName = (spec: Spec | undefined): string | null => (spec === undefined ? null : (str(spec.links[0]) ?? str(spec.text)));

/** YYYY/MM/DD (or with dashes) anywhere in the value. */
const dayOf = (spec: Spec | undefined): string | null => dayInText(spec?.text);

/** The user rating as stars (★★★★☆ is 4); none when it shows no filled star. */
function starsOf(spec: Spec | undefined): number | null {
  const stars = spec === undefined ? 0 : [...spec.text].filter((c) => c === "★").length;
  return stars > 0 && stars <= 5 ? stars : null;
}

function titleOf($: CheerioAPI): string {
  return oneLine($('h1[itemprop="name"]').first().text()) || oneLine($("#moviepages h1").first().text());
}

/** The description: itemprop's, else the paragraph after the heading (Premium), else the section's first. */
function commentOf($: CheerioAPI): string | null {
  const candidates = [$('p[itemprop="description"]').first(), $("#moviepages .heading").first().nextAll("p").first(), $("#moviepages .movie-info p").first()];
  for (const p of candidates) {
    const text = p.text().trim();
    if (text !== "") return text;
  }
  return null;
}

/** Sample pictures anyone may see: a member-only one links under /member/ (left out, as MetaTube does). */
function galleryOf($: CheerioAPI, base: string, pageUrl: string): { full: string[]; thumb: string[] } {
  let anchors = $("div.gallery-ratio > a");
  if (anchors.length === 0) anchors = $("a.fancy-gallery");
  const full: (string | null)[] = [];
  const thumb: (string | null)[] = [];
  anchors.each((_, a) => {
    const href = $(a).attr("href") ?? "";
    if (/member/i.test(href) || $(a).attr("data-is_sample") === "0") return;
    full.push(siteUrl(base, pageUrl, href));
    const src = $(a).find("img").first().attr("src");
    if (src !== undefined && !/member/i.test(src)) thumb.push(siteUrl(base, pageUrl, src));
  });
  return { full: uniq(full), thumb: uniq(thumb) };
}

/**
 * The page of `id` on `site` as a validated record; throws ProviderParseError when it cannot be
 * one, or when the page names another title (its `Movie` object's movie_id) than the one asked.
 */
export function parseTitlePage(html: string, site: CaribbeanSite, id: string, baseUrl: string): IngestRecord {
  const provider = site.provider;
  if (!isTitlePage(html)) throw new ProviderParseError(provider, `${id}: not a title page`);
  const $ = load(html);
  const titleJa = titleOf($);
  if (titleJa === "") throw new ProviderParseError(provider, `${id}: the page has no title`);
  const pageUrl = siteUrl(baseUrl, baseUrl, titlePath(id)) ?? "";
  const scripts = $("script")
    .map((_, s) => $(s).text())
    .get();
  const movie = movieObject(scripts);
  // The page's own id where it says one: a page of another title is never this one's.
  const own = str(movie?.movie_id);
  if (own !== null && !sameTitle(own, id)) throw new ProviderParseError(provider, `${id}: the page is the title ${own}'s`);
  const contentId = id;
  const specs = specsOf($);
  // Without the player's script, the picture every public reader takes for the cover (l_l.jpg:
  // Movie Data Capture's carib.py and caribpr.py, sgyx/JavSP's carib.py, EastSunrise/tools-py).
  const poster = siteUrl(baseUrl, pageUrl, posterPath(scripts, contentId) ?? `/moviepages/${contentId}/images/l_l.jpg`) ?? "";
  const sample = sampleVideo(movie);
  const gallery = galleryOf($, baseUrl, pageUrl);
  const release = dayOf(specs.get("配信日")) ?? dayOf(specs.get("販売日")) ?? dayOfId(contentId);
  const series = firstName(specs.get("シリーズ"));

  return titleRecord({
    provider,
    what: contentId,
    record: {
      contentId,
      dvdId: parseCode(contentId)?.dvdId ?? contentId,
      titleJa,
      commentJa: commentOf($),
      runtimeMins: runtimeMinutes(specs.get("再生時間")?.text) ?? 0,
      releaseDate: release ?? "",
      makers: [firstName(specs.get("スタジオ")) ?? site.maker],
      series,
      categories: namesOf(specs.get("タグ")),
      actresses: namesOf(specs.get("出演")),
      jacketFullUrl: poster,
      jacketThumbUrl: poster,
      site: site.site,
      extra: { sampleUrl: sample === null ? null : siteUrl(baseUrl, pageUrl, sample), galleryFull: gallery.full, galleryThumb: gallery.thumb },
    },
    pageUrl,
    ratingAvg: starsOf(specs.get("ユーザー評価")),
  });
}
