/**
 * What FC2 answered for an article's address, by the marks its pages carry (each a class of
 * the real pages in test/fixtures/fc2):
 * - an article: `section.items_article_header` (librefanza's Fc2Page takes a page for an
 *   article only when it holds `items_article_header`; JavSP raises MovieNotFound without
 *   `div.items_article_left`, which holds it);
 * - FC2's "not found" page, what it answers 200 for an article it removed or never had
 *   (OpenAver's real capture of FC2-PPV-1723985, "お探しの商品が見つかりませんでした",
 *   "こちらのページは一時的にアクセスできないか、削除された可能性があります"): its
 *   `div.items_notfound_header`, the mark SJVA's fc2com scraper waits for beside the article's
 *   `items_article_headerInfo`. The class, not the wording (OpenAver's README: a reworded
 *   text would silently read a removed article as found).
 * Anything else served 200 (a maintenance page, a login form, a challenge) is neither: the
 * HTTP client asks again, then fails. Pure.
 */

const ARTICLE = /class="[^"]*\bitems_article_header\b[^"]*"/;
const NOT_FOUND = /class="[^"]*\bitems_notfound_header\b[^"]*"/;

/** An article's page. */
export const isArticlePage = (html: string): boolean => ARTICLE.test(html);

/** FC2's page for an article it does not have (removed, delisted, or never there). */
export const isNotFoundPage = (html: string): boolean => NOT_FOUND.test(html) && !ARTICLE.test(html);

/** What may answer an article's address: the article, or FC2's "not found" page. */
export const isArticleAnswer = (html: string): boolean => isArticlePage(html) || isNotFoundPage(html);
