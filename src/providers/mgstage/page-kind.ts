/**
 * What an answer of MGStage is, by the marks of the real pages (the libredmm captures of
 * 2020-05-25, test/fixtures/mgstage/README.md): a product page holds `div.common_detail_cover`
 * (its title's h1, MetaTube's and JavSP's readers) and the detail table's 品番 row; every page of
 * the site holds its header (`<header id="header">`) with the site's search box
 * (`name="search_word"`), which the top page a removed product is redirected to must have too.
 *
 * The age-check page the site answers a request without the `adc=1` cookie (JavSP: "否则会被
 * 重定向到认证页面") is not on record anywhere the search index holds: it is never recognised by
 * its own marks, only as "not the product page, not the site's layout" (a not_page failure the
 * client asks again), and where it carries the site's header, as "not the product page" at the
 * product's own address (fetch.ts). Pure.
 */

/** A product page: the detail cover and its table's 品番 row. */
export function isProductPage(text: string): boolean {
  return /class="common_detail_cover"/.test(text) && /<th>\s*品番：?\s*<\/th>/.test(text);
}

/** A page in the site's layout: its header with the search box (the top page, a list, a product page). */
export function isSiteLayout(text: string): boolean {
  return /<header\b[^>]*\bid="header"/.test(text) && /name="search_word"/.test(text);
}

/** What may answer a product's address: its page, or the site's top page where the product is gone. */
export const isProductAnswer = (text: string): boolean => isProductPage(text) || isSiteLayout(text);
