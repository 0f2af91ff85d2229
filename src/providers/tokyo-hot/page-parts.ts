/**
 * Parts of a Tokyo-Hot product page that its Japanese (?lang=ja) and English (?lang=en) forms
 * share, as the scrapers read them: the info list (div.infowrapper dl.info, each dd after its
 * dt), the title (#main div.contents h2), the text lines of div.sentence, the performers'
 * links to /cast/N/ (the same N in both languages: JAVMovieScraper's reader takes the cast
 * picture from it), and the ids the page's own pictures are filed under on the CDN
 * (/media/{id}/...: the id in the product's URL, as Javinizer's and JAVMovieScraper's recorded
 * pages show). Pure.
 */
import type { CheerioAPI } from "cheerio";
import { uniq } from "../coerce.js";

export type Sel = ReturnType<CheerioAPI>;

/** A performer as the page links them: the name, and the shop's cast id. */
export interface Cast {
  name: string;
  id: string;
}

/** The info list's entries by their label, each dd with the dt before it. */
export function infoList($: CheerioAPI): Map<string, Sel> {
  const out = new Map<string, Sel>();
  $("#main div.infowrapper dl dt").each((_, dt) => {
    const label = $(dt).text().trim();
    const dd = $(dt).nextAll("dd").first();
    if (label !== "" && dd.length > 0 && !out.has(label)) out.set(label, dd);
  });
  return out;
}

/** Every piece of text in an entry, trimmed (the names of its links, or its plain text), as MetaTube's ParseTexts. */
export function texts($: CheerioAPI, dd: Sel | undefined): string[] {
  if (dd === undefined) return [];
  const out: string[] = [];
  const walk = (nodes: Sel) =>
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
export function linkText(dd: Sel | undefined): string | null {
  if (dd === undefined) return null;
  const a = dd.find("a").first();
  const t = (a.length > 0 ? a.text() : dd.text()).trim();
  return t === "" ? null : t;
}

/** The page's title heading, "" when it has none. */
export const heading = ($: CheerioAPI): string => $("#main div.contents h2").first().text().trim();

/** The description: the text lines of div.sentence (its <br> split them), as MetaTube keeps them. */
export function sentence($: CheerioAPI): string | null {
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

/** The performers the info list links (/cast/N/), in order, each once. */
export function castLinks($: CheerioAPI): Cast[] {
  const out: Cast[] = [];
  $("#main div.infowrapper dl dd a[href*='/cast/']").each((_, a) => {
    const id = /\/cast\/(\d+)/.exec($(a).attr("href") ?? "")?.[1];
    const name = $(a).text().trim();
    if (id !== undefined && name !== "" && !out.some((c) => c.id === id)) out.push({ id, name });
  });
  return out;
}

/**
 * The product ids the page's own pictures and sample are filed under (the player's poster and
 * source, the package links), lowercase; none where it shows none.
 */
export function ownIds($: CheerioAPI): string[] {
  const ids: (string | undefined)[] = [];
  const media = (url: string | undefined, shape: RegExp): void => {
    ids.push(shape.exec(url ?? "")?.[1]?.toLowerCase());
  };
  const player = $("div.flowplayer").first();
  media(player.find("video").attr("poster"), /\/media\/([^/]+)\//);
  media(player.find("source").attr("src"), /\/media\/samples\/([^/]+)\.mp4/);
  $("li.package a").each((_, a) => media($(a).attr("href"), /\/media\/([^/]+)\/(?:jacket|package)\//));
  return uniq(ids);
}
