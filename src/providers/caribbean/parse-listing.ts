/**
 * A page of a site's listing of all its titles, newest first (Caribbeancom's
 * `/listpages/all<N>.htm`, Premium's `/listpages/<N>.html`). Each title is a card
 * `div.grid-item` whose `a[itemprop="url"]` links its page `/moviepages/<id>/index.html`, with
 * its day in `.meta-data` (EastSunrise/tools-py's internet/adult/d2pass.py and a scrapy spider
 * read Caribbeancom's so); the pagination is a row of `.pagination-item`, the last of which
 * (the next page's) is `is-disabled` on the last page (EastSunrise), or a `div.pagination-large`
 * with an `a[rel="next"]` (the scrapy spider). Premium's listing markup is documented nowhere
 * found (test/fixtures/caribbean/README.md): without grid cards, only cards the listing's
 * microdata marks are read (a schema.org VideoObject item, as an older Caribbeancom listing
 * was read; a title link around an `img[itemprop="thumbnail"]`, as FSS reads Caribbeancom's),
 * never every title link of the page (rankings, sidebars).
 */
import { type CheerioAPI, load } from "cheerio";
import { dayInText } from "../site-text.js";
import { type CaribbeanSite, dayOfId, isSiteId } from "./site.js";

export interface ListingEntry {
  id: string;
  /** The day the listing gives, else the id's (MMDDYY); null when neither says one. */
  day: string | null;
}

export interface ListingPage {
  entries: ListingEntry[];
  /** Cards whose link is no title id of this site (another site's shape), reported, not fetched. */
  skipped: { id: string; reason: string }[];
  /** Whether the pagination says a next page follows (its next control), or null when the page has none. */
  more: boolean | null;
}

const TITLE_LINK = /\/moviepages\/([^/?#]+)\/(?:index\.html?)?(?:[?#].*)?$/;

const titleIdOf = (href: string | undefined): string | null => TITLE_LINK.exec(href ?? "")?.[1] ?? null;

/** A card of the listing: its title id, and the day it shows (null when it shows none). */
interface Card {
  id: string;
  day: string | null;
}

/**
 * The listing's cards: its grid items, else the items its microdata marks, else its marked
 * title links; each card's id is its `itemprop="url"` link's, else its first title link's.
 */
function cardsOf($: CheerioAPI): Card[] {
  const read = (selector: string): Card[] =>
    $(selector)
      .toArray()
      .map((el) => {
        const card = $(el);
        const isLink = card.is("a");
        const links = isLink ? [el] : [...card.find('a[itemprop="url"][href]').toArray(), ...card.find("a[href]").toArray()];
        const id = links.map((a) => titleIdOf($(a).attr("href"))).find((x) => x !== null) ?? null;
        return id === null ? null : { id, day: isLink ? null : dayInText(card.find(".meta-data").first().text()) };
      })
      .filter((c): c is Card => c !== null);
  for (const selector of [".grid-item", '[itemtype$="schema.org/VideoObject"]', 'a[itemprop="url"][href], a[href]:has(img[itemprop="thumbnail"])']) {
    const cards = read(selector);
    if (cards.length > 0) return cards;
  }
  return [];
}

/**
 * Whether a page is a listing: it has the listing's cards or its pagination. A maintenance or
 * error page served 200, even one carrying the site's menu, has neither.
 */
export function isListingPage(html: string): boolean {
  const $ = load(html);
  return $(".pagination-item, .pagination-large").length > 0 || cardsOf($).length > 0;
}

/**
 * Whether a next page follows: the last `.pagination-item` (the next control) not disabled
 * (EastSunrise), else a next link in `.pagination-large` (the scrapy spider); null without
 * either. The page numbers are not read: no reader does, and a window of them need not reach
 * the last page.
 */
function moreOf($: CheerioAPI): boolean | null {
  const items = $(".pagination-item");
  if (items.length > 0) return !items.last().hasClass("is-disabled");
  const large = $(".pagination-large");
  return large.length > 0 ? large.find('a[rel~="next"][href]').length > 0 : null;
}

export function parseListingPage(html: string, site: CaribbeanSite): ListingPage {
  const $ = load(html);
  const entries: ListingEntry[] = [];
  const skipped: ListingPage["skipped"] = [];
  for (const card of cardsOf($)) {
    if (entries.some((e) => e.id === card.id) || skipped.some((s) => s.id === card.id)) continue;
    if (isSiteId(site, card.id)) entries.push({ id: card.id, day: card.day ?? dayOfId(card.id) });
    else skipped.push({ id: card.id, reason: `listing entry: not a ${site.site} id` });
  }
  return { entries, skipped, more: moreOf($) };
}
