/**
 * A title as a Kodi movie NFO, the file Kodi, Jellyfin and Emby read beside a video (and
 * Plex through its NFO importer). What each reader takes decides every element (Kodi:
 * xbmc/video/VideoInfoTag.cpp CVideoInfoTag::ParseNative and the wiki's "NFO files/Movies";
 * Jellyfin: MediaBrowser.XbmcMetadata/Parsers/BaseNfoParser.cs, MovieNfoParser.cs and
 * XmlReaderExtensions.GetPersonFromXmlNode):
 * - title, originaltitle, sorttitle, plot, runtime (whole minutes), premiered (YYYY-MM-DD;
 *   both take the year from it, year is for older readers), studio, genre, tag, director:
 *   one element per value. outline is Kodi's alone. Readers split some values again
 *   (Jellyfin a genre at "/", a director at ","; Kodi any list at " / "): names are kept.
 * - set as <set><name>: Kodi 16+ and Jellyfin read the name; Jellyfin reads the plain form
 *   as raw XML, so an escaped "&" would stay "&amp;".
 * - actor: name, order (0 first; Jellyfin also says sortorder) and thumb. A role is the
 *   character played and optional in both, so none is written.
 * - uniqueid type=.. default="true": both keep any type (Kodi shows the default one as the
 *   film's id; Jellyfin keeps it as a provider id of that name). The code is the default.
 * - thumb aspect="poster": Kodi offers each one as a poster, Jellyfin takes the first; the
 *   jacket is a landscape back-and-front, so the source's portrait thumbnail comes first.
 *   fanart/thumb: the whole jacket. Both also find the NAME-poster.jpg beside the video
 *   (Kodi's local art, Jellyfin's LocalImageProvider), which this URL only stands in for.
 * - ratings/rating max=..: Kodi scales the value by max to 0-10, Jellyfin keeps the value
 *   on its 0-10 scale whatever max says, so a 0-5 average is written doubled with max 10.
 * - mpaa XXX: Jellyfin ranks it above every age rating (Localization/Ratings/0-prefer.json),
 *   so a profile limited to any age rating does not see the title.
 * No reader takes a web page (a URL after </movie> is a scraper link to Kodi): none is written.
 */
import type { DetailedRecord } from "../model/record.js";

export interface NfoTitle {
  record: DetailedRecord;
  provider: string;
  pageUrl: string;
  ratingAvg: number | null;
}

export interface NfoMark {
  tool: string;
  version: string;
  digest: string;
}

/** Bump when what buildNfo writes changes, so files written by an older version count as changed. */
export const NFO_FORMAT = 1;

const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
/** A word of the mark: no spaces, no "--" (which ends nothing but is not allowed in an XML comment). */
const TOKEN = "[0-9A-Za-z._+]+(?:-[0-9A-Za-z._+]+)*";
const MARK_TAIL = "rewritten when the title changes; delete this line to keep your edits -->";
/** The mark sits on the line after the declaration, before <movie>, exactly as written: nobody else's file looks so. */
const MARK = new RegExp(
  `^\\uFEFF?<\\?xml version="1\\.0" encoding="UTF-8" standalone="yes"\\?>\\r?\\n` +
    `<!-- written by (${TOKEN}) (${TOKEN}) \\(nfo [0-9]+, record (${TOKEN})\\): ${MARK_TAIL}\\r?\\n<movie>`,
);
const WORD = new RegExp(`^${TOKEN}$`);

/** Characters XML 1.0 forbids, and those it discourages that Jellyfin's own writer strips (C1 controls, U+FEFF, U+FFFE/F). */
const NOT_XML = /(?![\t\n\r])\p{Cc}|\p{Cs}|[\uFEFF\uFFFE\uFFFF]/gu;
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

const clean = (text: string | null | undefined) => (text ?? "").replace(NOT_XML, "").trim();
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
const unique = (values: (string | null)[]) => [...new Set(values.map(clean).filter((v) => v !== ""))];

/** The XML, line by line, two spaces a level. */
class Lines {
  readonly out: string[] = [];
  private depth = 0;
  private tag(name: string, attrs: Record<string, string>) {
    return (
      name +
      Object.entries(attrs)
        .map(([k, v]) => ` ${k}="${escapeXml(clean(v))}"`)
        .join("")
    );
  }
  leaf(name: string, text: string | number, attrs: Record<string, string> = {}) {
    const value = clean(String(text));
    if (value !== "") this.out.push(`${"  ".repeat(this.depth)}<${this.tag(name, attrs)}>${escapeXml(value)}</${name}>`);
  }
  open(name: string, attrs: Record<string, string> = {}) {
    this.out.push(`${"  ".repeat(this.depth++)}<${this.tag(name, attrs)}>`);
  }
  close(name: string) {
    this.out.push(`${"  ".repeat(--this.depth)}</${name}>`);
  }
}

/** A 0-5 average on the 0-10 scale both readers show, to two decimals. */
const tenScale = (avg: number) => String(Math.round(Math.min(Math.max(avg, 0), 5) * 200) / 100);

export function buildNfo(title: NfoTitle, options: { language: "ja" | "en"; mark: NfoMark }): string {
  const { record: r } = title;
  const { mark, language } = options;
  for (const word of [mark.tool, mark.version, mark.digest]) {
    if (!WORD.test(word)) throw new RangeError(`not a word for the NFO's mark: ${JSON.stringify(word)}`);
  }
  const inLanguage = (ja: string | null, en: string | null) => (language === "ja" ? clean(ja) || clean(en) : clean(en) || clean(ja));
  const day = /^\d{4}-\d{2}-\d{2}/.test(r.releaseDate) ? r.releaseDate.slice(0, 10) : "";
  const plot = inLanguage(r.commentJa, r.commentEn);
  const images = new Map(r.extra.actressesRich.map((a) => [clean(a.name), a.image]));
  const x = new Lines();

  x.open("movie");
  x.leaf("title", inLanguage(r.titleJa, r.titleEn) || r.dvdId);
  x.leaf("originaltitle", r.titleJa);
  x.leaf("sorttitle", r.dvdId);
  if (title.ratingAvg !== null && Number.isFinite(title.ratingAvg)) {
    x.open("ratings");
    x.open("rating", { name: title.provider, max: "10", default: "true" });
    x.leaf("value", tenScale(title.ratingAvg));
    x.close("rating");
    x.close("ratings");
  }
  x.leaf("outline", plot);
  x.leaf("plot", plot);
  if (r.runtimeMins > 0) x.leaf("runtime", r.runtimeMins);
  for (const url of unique([r.jacketThumbUrl, r.jacketFullUrl])) x.leaf("thumb", url, { aspect: "poster" });
  if (clean(r.jacketFullUrl) !== "") {
    x.open("fanart");
    x.leaf("thumb", r.jacketFullUrl);
    x.close("fanart");
  }
  x.leaf("mpaa", "XXX");
  x.leaf("uniqueid", r.dvdId, { type: "dvdid", default: "true" });
  x.leaf("uniqueid", r.contentId, { type: "contentid" });
  for (const genre of unique(r.categories)) x.leaf("genre", genre);
  for (const tag of unique([r.label, r.series, ...r.makers])) x.leaf("tag", tag);
  if (clean(r.series) !== "") {
    x.open("set");
    x.leaf("name", clean(r.series));
    x.close("set");
  }
  for (const director of unique(r.directors)) x.leaf("director", director);
  if (day !== "") {
    x.leaf("premiered", day);
    x.leaf("year", day.slice(0, 4));
  }
  x.leaf("studio", r.makers[0] ?? "");
  unique(r.actresses).forEach((name, order) => {
    x.open("actor");
    x.leaf("name", name);
    x.leaf("order", order);
    x.leaf("thumb", images.get(name) ?? "");
    x.close("actor");
  });
  x.close("movie");

  const markLine = `<!-- written by ${mark.tool} ${mark.version} (nfo ${NFO_FORMAT}, record ${mark.digest}): ${MARK_TAIL}`;
  return `${[DECLARATION, markLine, ...x.out].join("\n")}\n`;
}

/** The mark of a file this tool wrote (read from its first 1 KiB), or null for any other file (someone else's NFO, not XML at all). */
export function readNfoMark(head: string): NfoMark | null {
  const m = MARK.exec(head.slice(0, 1024));
  return m === null ? null : { tool: m[1], version: m[2], digest: m[3] };
}
