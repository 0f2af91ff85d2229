/**
 * The requests of FC2 (adult.contents.fc2.com): an article's page (required), its description
 * widget (FC2_DESCRIPTION), and the list pages. What an article's address answers:
 * - the article, at its own address: the record;
 * - FC2's "not found" page (200, page-kind.ts), on the site: the article is removed or was never
 *   there, a "no match" (null), never a failure, whatever the breaker counts;
 * - a 404: a failure. FC2 answers a removed article 200 with its "not found" page; a 404 is
 *   where its login wall ends for an address outside Japan (/article/N/ → 302
 *   /lk/services/id/login → fc2.com/ja/login.php → error.fc2.com/other/, "FC2 - 404 Error", a
 *   probe of 2026-09-20 in the code index), which must never read as "no such title";
 * - a redirect elsewhere (the login, id.fc2.com as JavSP's SiteBlocked reads it, another
 *   article) or a page that is none of these (a login form, a maintenance page: not_page, asked
 *   again by the client), a 5xx or a challenge: a failure.
 */

import { type CheerioAPI, load } from "cheerio";
import type { IngestRecord } from "../../model/record.js";
import { UpstreamError } from "../../net/index.js";
import { optionalPart } from "../errors.js";
import { mustBeAt, notAsked, sitePath } from "../final-url.js";
import { type Counter, getCountedPage, type ListingPage, listingPageMissing } from "../listing-crawl.js";
import type { ProviderContext } from "../types.js";
import { descriptionUrl, isDescriptionPage, readDescription } from "./description.js";
import { type ArticleList, isListPage, type ListedArticle, parseArticleList } from "./listing.js";
import { isArticleAnswer, isNotFoundPage } from "./page-kind.js";
import { descriptionFrame } from "./page-parts.js";
import { articlePageUrl, articleUrl, PROVIDER, readArticle } from "./parse.js";
import { descriptionWanted } from "./settings.js";

/** Where FC2 sends a client it asks to log in (its login wall for addresses outside Japan). */
const LOGIN_PATH = /^\/lk\//;

/** The article's description from its widget, or null where there is none or it fails: the title is kept without it. */
async function description($: CheerioAPI, id: string, ctx: ProviderContext, counter: Counter): Promise<string | null> {
  const url = descriptionUrl(descriptionFrame($), ctx.baseUrl, articlePageUrl(ctx.baseUrl, id), id);
  if (url === null) return null;
  return optionalPart(ctx, async () => {
    const res = await getCountedPage(url, ctx, counter, isDescriptionPage);
    if (res === null || sitePath(res.finalUrl, ctx.baseUrl) !== sitePath(url, ctx.baseUrl)) return null;
    return readDescription(res.text);
  });
}

export interface ArticleOptions {
  /** Read its description too (default: FC2_DESCRIPTION). */
  description?: boolean;
}

/** Article `id`'s record, or null when FC2 answers that it has no such article (removed, delisted, never there). */
export async function fetchArticle(id: string, ctx: ProviderContext, counter: Counter, options: ArticleOptions = {}): Promise<IngestRecord | null> {
  const url = articleUrl(ctx.baseUrl, id);
  const res = await getCountedPage(url, ctx, counter, isArticleAnswer);
  if (res === null) {
    throw new UpstreamError(`${url} answered 404: FC2 answers a removed article with its "not found" page; a 404 is the end of its login wall`, {
      kind: "http_status",
      url,
      retryable: false,
      httpStatus: 404,
    });
  }
  const path = sitePath(res.finalUrl, ctx.baseUrl);
  const own = path !== null && new RegExp(`^/article/${id}/?$`).test(path);
  if (isNotFoundPage(res.text) && path !== null && !LOGIN_PATH.test(path)) return null;
  if (!own) throw notAsked(PROVIDER, url, res.finalUrl, "the article's page");
  const $ = load(res.text);
  const text = (options.description ?? descriptionWanted(ctx)) ? await description($, id, ctx, counter) : null;
  return readArticle($, ctx.baseUrl, id, text);
}

/** A list page (the newest-first listing's or the search's) at `url`, as page `page`. */
export async function fetchList(url: string, page: number, ctx: ProviderContext, counter: Counter): Promise<ListingPage<ListedArticle>> {
  const res = await getCountedPage(url, ctx, counter, isListPage);
  if (res === null) throw listingPageMissing(url);
  mustBeAt(PROVIDER, url, res.finalUrl, ctx.baseUrl, (path) => path === "/search/", "the list asked for");
  const list: ArticleList = parseArticleList(res.text, page);
  return { url, entries: list.items, more: list.more, skipped: list.skipped };
}
