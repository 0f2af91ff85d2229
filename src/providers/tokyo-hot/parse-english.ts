/**
 * A Tokyo-Hot product's English page (the same /product/{id}/ with ?lang=en): the same layout
 * as the Japanese with the info list's labels in English (Model or Actress, Play or Category,
 * Release Date, Duration, Product ID: the labels JAVMovieScraper's, javinizer-go's and a 2026
 * crawler's readers of it look for). What is taken from it is what the Japanese page lacks: the
 * English title and description, and the performers' English names, paired with the Japanese
 * by their /cast/N/ ids. No label is relied on: the page is this product's when it names the
 * product's number in its info list and files its pictures under the product's id. Anything
 * else (a maintenance page, another product's page, a page of neither) is no English page.
 * Pure.
 */
import { load } from "cheerio";
import { str } from "../coerce.js";
import { sameNumber } from "./numbers.js";
import { type Cast, castLinks, heading, ownIds, sentence } from "./page-parts.js";

export interface EnglishPage {
  title: string | null;
  description: string | null;
  cast: Cast[];
}

/** The product page's layout, in whatever language (its info list). */
export function isProductLayout(text: string): boolean {
  return /class="[^"]*\binfowrapper\b/.test(text) && /<dl[^>]*class="[^"]*\binfo\b/.test(text);
}

/** The English page of product `id` numbered `number`, or null when the page is not that. */
export function readEnglishPage(html: string, id: string, number: string): EnglishPage | null {
  if (!isProductLayout(html)) return null;
  const $ = load(html);
  const values = $("#main div.infowrapper dl dd")
    .toArray()
    .map((dd) => $(dd).text().trim());
  const named = values.some((v) => v.toLowerCase() === number.toLowerCase() || sameNumber(v, number));
  if (!named || ownIds($).some((x) => x !== id)) return null;
  return { title: str(heading($)), description: sentence($), cast: castLinks($) };
}
