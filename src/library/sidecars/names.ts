/**
 * Where the sidecars of one title's video files in one folder go, as each reader looks for
 * them. A single file: its own name without the extension (`ABP-123.mp4` -> `ABP-123.nfo`,
 * `ABP-123-poster.jpg`, ...), in every reader.
 *
 * A stack (parts of one title: cd1/cd2, part1, disc1, -A/-B), as each reader finds it:
 * - Kodi (xbmc/xbmc): stacks with three case-insensitive rules, tried in order
 *   (AdvancedSettings.cpp m_videoStackRegExps): a separator run, then cd|dvd|pt|part|disc|disk
 *   and a number; the same with a letter a-d; a bare letter a-d (`-A`). Two names stack when
 *   the text before the marker and after it (and the extension) agree and the markers differ
 *   (CFileItemList::StackFiles); the stack's title is the name with the marker cut out
 *   (CStackDirectory::GetStackedTitlePath: `ABP-123-cd1.mp4` -> `ABP-123.mp4`). It reads the
 *   NFO of the first part, else of that title (VideoTagLoaderNFO::FindNFO), and every picture
 *   of the library scan by the title alone: VideoInfoScannerArt::GetArtwork asks
 *   ArtUtils GetLocalArtBaseFilename, which gives the stacked title, and AddLocalItemArtwork
 *   takes `TITLE-<type>.jpg` only (`ABP-123-cd1-fanart` is type "cd1-fanart" to it: none).
 * - Jellyfin (Emby.Naming, 10.8+): stacks only cd|dvd|part|pt|disc|disk with a number or a
 *   letter a-d at the very end of the name (NamingOptions VideoFileStackingRules;
 *   StackResolver), so `-A`/`-B` alone are two films. A stacked film's path is its first
 *   part (MovieResolver: Path = Files[0]), and it reads the NFO and pictures by that name
 *   only (MovieNfoSaver.GetMovieSavePaths, LocalImageProvider: `ABP-123-cd1-poster.jpg`).
 * - Plex's NFO importer (XBMCnfoMoviesImporter.bundle Contents/Code/__init__.py): reads the
 *   NFO, poster and fanart of the first part Plex gives it (media.items[0].parts[0]) with
 *   get_base_file, which cuts the extension and then, twice, a `-cd1`/`-dvd1`/`-disc1`/
 *   `-disk1`/`-part1`/`-pt1`/`-d1` ending (VIDEO_FILE_BASE_REGEX: a hyphen, one digit):
 *   `ABP-123-cd1.mp4` -> `ABP-123.nfo`. Without that file it takes the first .nfo of the
 *   folder, which may be another title's.
 *
 * So a stack's NFO goes at the first part's name (Kodi and Jellyfin) and at the importer's
 * base; its pictures at the first part's name (Jellyfin), at Kodi's stack title and at the
 * importer's base. For `-cd1` names the last two are one name (`ABP-123`).
 */

export interface TitleFile {
  /** path relative to the scanned folder, with "/" */
  rel: string;
  /** the part read from the name: cd2 -> 2, -B -> 2, part1 -> 1, else null */
  part: number | null;
}

/** Where one reader reads a title's NFO and its pictures: base paths (folder + name, no extension). */
export interface ReaderBases {
  nfo: string[];
  art: string[];
}

/**
 * Base paths per sidecar, those read by more readers first: write NAME.nfo, NAME-poster.jpg,
 * NAME-fanart.jpg, NAME-landscape.jpg at each. The numbered backdrops are named by each
 * reader its own way, so they keep Kodi's bases and Jellyfin's apart.
 */
export interface SidecarBases {
  nfo: string[];
  poster: string[];
  fanart: string[];
  landscape: string[];
  kodiArt: string[];
  jellyfinArt: string[];
}

const dirOf = (rel: string) => rel.slice(0, rel.lastIndexOf("/") + 1);
const nameOf = (rel: string) => rel.slice(rel.lastIndexOf("/") + 1);
/** Kodi's ReplaceExtension and .NET's GetFileNameWithoutExtension both cut at the last dot. */
const stemOf = (name: string) => (name.lastIndexOf(".") > 0 ? name.slice(0, name.lastIndexOf(".")) : name);
const baseOf = (rel: string) => dirOf(rel) + stemOf(nameOf(rel));
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Kodi's default stacking rules as (title)(volume)(ignore)(extension); sticky, so a match starts where the search does. */
const KODI_MARKER = "[ _.-]*(?:cd|dvd|pt|part|dis[ck])[ _.-]*";
const KODI_RULES = [`${KODI_MARKER}[0-9]+`, `${KODI_MARKER}[a-d]`, "[ _.-]*[a-d]"].map(
  (volume) => new RegExp(`(?<title>.*?)(?<volume>${volume})(?<ignore>.*?)(?<ext>\\.[^.]+)$`, "iyd"),
);

interface KodiMatch {
  title: string;
  volume: string;
  ignore: string;
  ext: string;
  ignoreAt: number;
}

function kodiMatch(rule: RegExp, name: string, from: number): KodiMatch | null {
  rule.lastIndex = from;
  const m = rule.exec(name);
  const at = m?.indices?.groups;
  if (!m?.groups || !at?.volume || !at.ignore) return null;
  // From an offset, Kodi takes the title as everything before the marker.
  const { volume, ignore, ext } = m.groups;
  return { title: name.slice(0, at.volume[0]), volume, ignore, ext, ignoreAt: at.ignore[0] };
}

/**
 * The stack title Kodi gives two parts (`ABP-123.mp4`), or null when it does not stack
 * them. When both names carry the same early marker (the `A` of `ABP` for the bare-letter
 * rule) Kodi looks again after it, as StackFiles does.
 */
export function kodiStackTitle(first: string, second: string): string | null {
  let rule = 0;
  let from = 0;
  while (rule < KODI_RULES.length) {
    const a = kodiMatch(KODI_RULES[rule], first, from);
    const b = kodiMatch(KODI_RULES[rule], second, from);
    if (a && b && same(a.title, b.title)) {
      if (!same(a.volume, b.volume)) {
        if (same(a.ignore, b.ignore) && same(a.ext, b.ext)) return a.title + a.ignore + a.ext;
      } else if (!same(a.ignore, b.ignore)) {
        from = a.ignoreAt;
        continue;
      }
    }
    rule++;
    from = 0;
  }
  return null;
}

/** Jellyfin's stacking rules: the marker ends the name, after a separator run or a closing bracket. */
const JELLYFIN_RULES = ["[0-9]+", "[a-d]"].map(
  (number) => new RegExp(`^(?<name>.*?)(?:(?<=[\\])}])|[ _.-]+)[([]?(?<type>cd|dvd|part|pt|dis[ck])[ _.-]*(?<number>${number})[)\\]]?(?:\\.[^.]+)?$`, "i"),
);

/** The files Jellyfin stacks, by stack (in its order: names sorted); files it leaves alone stand alone. */
export function jellyfinItems(names: string[]): string[][] {
  const stacks = new Map<string, { type: string; numeric: boolean; numbers: Set<string>; files: string[] }>();
  const sorted = [...names].sort((a, b) => a.localeCompare(b, "en"));
  for (const name of sorted) {
    JELLYFIN_RULES.some((rule, i) => {
      const m = rule.exec(name)?.groups;
      if (!m) return false;
      const stack = stacks.get(m.name) ?? { type: m.type, numeric: i === 0, numbers: new Set<string>(), files: [] };
      stacks.set(m.name, stack);
      if (stack.files.length > 0) {
        if (!same(stack.type, m.type) || stack.numbers.has(m.number.toLowerCase())) return false;
        if (stack.numeric !== (i === 0)) return true;
      }
      stack.numbers.add(m.number.toLowerCase());
      stack.files.push(name);
      return true;
    });
  }
  const stacked = [...stacks.values()].map((s) => s.files).filter((files) => files.length > 1);
  const alone = sorted.filter((name) => !stacked.some((files) => files.includes(name)));
  return [...stacked, ...alone.map((name) => [name])];
}

/**
 * XBMCnfoMoviesImporter's get_base_file: the name without its extension, then a part ending
 * cut off twice (VIDEO_FILE_BASE_REGEX, case-insensitive).
 */
const PLEX_PART = /\s*-\s*(?:cd|dvd|disc|disk|part|pt|d)\s*[0-9]$/is;
export function plexImporterBase(rel: string): string {
  const path = dirOf(rel) + stemOf(nameOf(rel));
  return path.replace(PLEX_PART, "").replace(PLEX_PART, "");
}

/** Each reader's bases for one title's files in one folder (see the top of this file). */
export function readerBases(files: TitleFile[]): { kodi: ReaderBases; jellyfin: ReaderBases; plex: ReaderBases } {
  const own = files.map((f) => baseOf(f.rel));
  const perFile = { nfo: own, art: own };
  const plexEach = files.map((f) => plexImporterBase(f.rel));
  if (files.length < 2 || files.some((f) => f.part === null)) return { kodi: perFile, jellyfin: perFile, plex: { nfo: plexEach, art: plexEach } };

  // The parts in their order; a stack reads as one film at its first part.
  const parts = [...files].sort((a, b) => (a.part ?? 0) - (b.part ?? 0) || a.rel.localeCompare(b.rel));
  const first = baseOf(parts[0].rel);
  const title = kodiStackTitle(nameOf(parts[0].rel), nameOf(parts[1].rel));
  const kodi = title === null ? perFile : { nfo: [first], art: [dirOf(parts[0].rel) + stemOf(title)] };

  const byName = new Map(files.map((f) => [nameOf(f.rel), f]));
  const firsts = jellyfinItems([...byName.keys()]).map((item) => baseOf((byName.get(item[0]) as TitleFile).rel));
  const plex = [plexImporterBase(parts[0].rel)];
  return { kodi, jellyfin: { nfo: firsts, art: firsts }, plex: { nfo: plex, art: plex } };
}

/** Every base of the lists, each once: those in more lists first, ties in the lists' order. */
function unite(...lists: string[][]): string[] {
  const readers = (base: string) => lists.filter((l) => l.includes(base)).length;
  return [...new Set(lists.flat())].sort((a, b) => readers(b) - readers(a));
}

/** Where each sidecar goes: every base a reader reads it at (Jellyfin's listed before Kodi's, Kodi's before the importer's). */
export function sidecarBases(files: TitleFile[]): SidecarBases {
  const { kodi, jellyfin, plex } = readerBases(files);
  const art = unite(jellyfin.art, kodi.art, plex.art);
  return {
    nfo: unite(jellyfin.nfo, kodi.nfo, plex.nfo),
    poster: art,
    fanart: art,
    // The importer takes no landscape and no numbered backdrop.
    landscape: unite(jellyfin.art, kodi.art),
    kodiArt: kodi.art,
    jellyfinArt: jellyfin.art,
  };
}

/** The base both Kodi and Jellyfin read the NFO from (for a single file, its own name). */
export function sidecarBase(files: TitleFile[]): string {
  return sidecarBases(files).nfo[0];
}
