/**
 * A title as a Kodi movie NFO, the file Kodi, Jellyfin and Emby read beside a video, and
 * Plex through its NFO importer. What each reader takes decides every element (Kodi:
 * xbmc/video/VideoInfoTag.cpp CVideoInfoTag::ParseNative and the wiki's "NFO files/Movies";
 * Jellyfin: MediaBrowser.XbmcMetadata/Parsers/BaseNfoParser.cs, MovieNfoParser.cs and
 * MediaBrowser.Controller/Extensions/XmlReaderExtensions.cs GetPersonFromXmlNode; the
 * importer: XBMCnfoMoviesImporter.bundle Contents/Code/__init__.py, its update()):
 * - title, originaltitle, sorttitle, plot, runtime (whole minutes), premiered (YYYY-MM-DD;
 *   all take the year from it, year is for older readers), studio, genre, tag, director:
 *   one element per value. Kodi and Jellyfin take every studio (a title of two makers is in
 *   both makers' lists), the importer the first. outline is Kodi's, and the importer's first
 *   choice for the summary. Readers split some values again (Jellyfin and the importer a
 *   genre, director or credit at "/", Jellyfin a director also at ","; Kodi any list at
 *   " / "): names are kept.
 * - credits: the record's authors (原作), each a writer to all three.
 * - set as <set><name>: Kodi 16+, Jellyfin and the importer (a Plex collection) read the name;
 *   Jellyfin reads the plain form as raw XML, so an escaped "&" would stay "&amp;". The
 *   importer also makes a collection of each <tag> while its `collectionsfromtags` is on.
 * - actor: name, role, order (0 first) and thumb, one per person credited (her current name
 *   in the language and her one picture: services/people creditedPeople, handed in with the
 *   title), a credit no person holds as the title names it. The role is what each reader shows beside
 *   the name ("Actress"/"女優" in MEDIA_LANGUAGE): without one the importer shows
 *   "Unknown Role N", and it numbers a repeated role ("Actress 1").
 * - uniqueid type=.. default="true": Kodi and Jellyfin keep any type (Kodi shows the default
 *   one as the film's id; Jellyfin keeps it as a provider id of that name). The code is the
 *   default. id: the code again, for the importer, which ignores uniqueid and makes Plex's
 *   id from <id> (else a hash of the title and year). Kodi reads <id> only without any
 *   uniqueid, Jellyfin only an IMDb "tt" id: neither takes this one.
 * - thumb aspect="poster": Kodi offers each one as a poster and Jellyfin takes the first, but
 *   both only where no NAME-poster.jpg is beside the video: Kodi adds local art before the
 *   NFO's (VideoInfoScannerArt::GetArtwork: `!art.contains(aspect)`), Jellyfin registers
 *   local images before it reads the NFO and skips an NFO image of a type it already has
 *   (MetadataService.RefreshWithProviders). So these URLs stand in for a poster that is not
 *   written, and the source's portrait thumbnail (a poster's shape) comes first; the jacket
 *   is a landscape back-and-front. A bare file name of the cut poster would reach Kodi only
 *   (Jellyfin takes an absolute URI or logs an error). fanart/thumb: the whole jacket.
 *   The importer reads no movie thumb.
 * - ratings/rating max=.. with value and votes: Kodi scales the value by max to 0-10 and
 *   reads votes there; Jellyfin keeps the value on its 0-10 scale whatever max says, so a
 *   0-5 average is written doubled with max 10; the importer takes the first value. A
 *   source without reviews gives no rating (Jellyfin would show a 0; Kodi drops 0 itself).
 * - mpaa XXX: Jellyfin ranks it above every age rating (Localization/Ratings/0-prefer.json),
 *   so a profile limited to any age rating does not see the title.
 * No reader takes a web page (a URL after </movie> is a scraper link to Kodi): none is written.
 */
import { fileURLToPath } from "node:url";
import type { DetailedRecord } from "../../model/record.js";
import type { CreditedPerson } from "../../services/people/person.js";
import { namesIn, type TitleNames } from "../../services/titles/title-names.js";

export interface NfoTitle {
  record: DetailedRecord;
  provider: string;
  pageUrl: string;
  /** The source's average of its reviews, 0 to 5. */
  ratingAvg: number | null;
  /** How many reviews it is the average of. */
  ratingCount?: number | null;
  /**
   * Its names in the NFO's language (services/titles/title-names.ts), as the MetaTube face gives
   * them, so a person is one spelling in every file; absent, the record's own.
   */
  names?: TitleNames;
  /** Its actresses as the persons credited, in the NFO's language; absent, the names' actresses with the record's pictures. */
  people?: readonly CreditedPerson[];
}

export interface NfoMark {
  tool: string;
  version: string;
  digest: string;
}

/** Bump when what buildNfo writes changes, so files written by an older version count as changed. */
export const NFO_FORMAT = 3;

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

/** What each reader shows beside an actress's name. */
const ROLE = { ja: "女優", en: "Actress" } as const;

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
  const names = title.names ?? namesIn(r, {}, language);
  const x = new Lines();

  x.open("movie");
  x.leaf("title", inLanguage(r.titleJa, r.titleEn) || r.dvdId);
  x.leaf("originaltitle", r.titleJa);
  x.leaf("sorttitle", r.dvdId);
  ratings(x, title);
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
  x.leaf("id", r.dvdId);
  for (const genre of unique(names.categories)) x.leaf("genre", genre);
  for (const tag of unique([names.label, names.series, ...names.makers])) x.leaf("tag", tag);
  if (clean(names.series) !== "") {
    x.open("set");
    x.leaf("name", clean(names.series));
    x.close("set");
  }
  for (const director of unique(names.directors)) x.leaf("director", director);
  for (const author of unique(names.authors)) x.leaf("credits", author);
  if (day !== "") {
    x.leaf("premiered", day);
    x.leaf("year", day.slice(0, 4));
  }
  for (const maker of unique(names.makers)) x.leaf("studio", maker);
  [...(title.people === undefined ? actressesOf(r, names) : peopleOf(title.people)).values()].forEach(({ name, picture }, order) => {
    x.open("actor");
    x.leaf("name", name);
    x.leaf("role", ROLE[language]);
    x.leaf("order", order);
    x.leaf("thumb", picture ?? "");
    x.close("actor");
  });
  x.close("movie");

  const markLine = `<!-- written by ${mark.tool} ${mark.version} (nfo ${NFO_FORMAT}, record ${mark.digest}): ${MARK_TAIL}`;
  return `${[DECLARATION, markLine, ...x.out].join("\n")}\n`;
}

function ratings(x: Lines, title: NfoTitle): void {
  // The sources' scales start at 1 star: an average of 0 is no reviews.
  if (title.ratingAvg === null || !Number.isFinite(title.ratingAvg) || title.ratingAvg <= 0) return;
  const votes = title.ratingCount ?? 0;
  x.open("ratings");
  x.open("rating", { name: title.provider, max: "10", default: "true" });
  x.leaf("value", tenScale(title.ratingAvg));
  if (Number.isSafeInteger(votes) && votes > 0) x.leaf("votes", votes);
  x.close("rating");
  x.close("ratings");
}

interface NfoActor {
  name: string;
  picture: string | null;
}

/** Each actress once, by the name shown, with her picture. */
function actressesOf(r: NfoTitle["record"], names: TitleNames): Map<string, NfoActor> {
  // Pictures are the record's, by its own spelling of each actress: `names` pairs with it by position.
  const pictures = new Map(r.extra.actressesRich.map((a) => [clean(a.name), a.image]));
  const actresses = new Map<string, NfoActor>();
  r.actresses.forEach((own, i) => {
    const shown = clean(names.actresses[i] ?? own);
    if (shown !== "" && !actresses.has(shown)) actresses.set(shown, { name: shown, picture: pictures.get(clean(own)) ?? null });
  });
  return actresses;
}

/** Each person credited once (by her key), each other credit once by its name. */
/** A picture of the tree on this machine as the file's path (what Kodi and Jellyfin read in an actor's thumb), any other as it is. */
const thumbOf = (picture: string | null): string | null => (picture?.startsWith("file:") ? fileURLToPath(picture) : picture);

function peopleOf(people: readonly CreditedPerson[]): Map<string, NfoActor> {
  const actors = new Map<string, NfoActor>();
  for (const p of people) {
    const name = clean(p.name);
    const once = p.person === null ? `name:${name}` : p.person.key;
    if (name !== "" && !actors.has(once)) actors.set(once, { name, picture: thumbOf(p.picture) });
  }
  return actors;
}

/** The mark of a file this tool wrote (read from its first 1 KiB), or null for any other file (someone else's NFO, not XML at all). */
export function readNfoMark(head: string): NfoMark | null {
  const m = MARK.exec(head.slice(0, 1024));
  return m === null ? null : { tool: m[1], version: m[2], digest: m[3] };
}
