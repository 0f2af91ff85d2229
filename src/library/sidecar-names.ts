/**
 * Where the sidecars of one title's video files in one folder go, as Kodi and Jellyfin
 * look for them. A single file: its own name without the extension (`ABP-123.mp4` ->
 * `ABP-123.nfo`, `ABP-123-poster.jpg`, `ABP-123-fanart.jpg`), in both readers.
 *
 * A stack (parts of one title: cd1/cd2, part1, disc1, -A/-B), as each reader finds it:
 * - Kodi (xbmc/xbmc): stacks with three case-insensitive rules, tried in order
 *   (AdvancedSettings.cpp m_videoStackRegExps): a separator run, then cd|dvd|pt|part|disc|disk
 *   and a number; the same with a letter a-d; a bare letter a-d (`-A`). Two names stack when
 *   the text before the marker and after it (and the extension) agree and the markers differ
 *   (CFileItemList::StackFiles); the stack's title is the name with the marker cut out
 *   (CStackDirectory::GetStackedTitlePath: `ABP-123-cd1.mp4` -> `ABP-123.mp4`). It reads the
 *   NFO of the first part, else of that title (VideoTagLoaderNFO::FindNFO), the fanart of
 *   either (ArtUtils GetLocalFanart), but the poster only by the title
 *   (ArtUtils GetLocalArtBaseFilename: `ABP-123-poster.jpg`).
 * - Jellyfin (Emby.Naming, 10.8+): stacks only cd|dvd|part|pt|disc|disk with a number or a
 *   letter a-d at the very end of the name (NamingOptions VideoFileStackingRules;
 *   StackResolver), so `-A`/`-B` alone are two films. A stacked film's path is its first
 *   part (MovieResolver: Path = Files[0]), and it reads the NFO, poster and fanart by that
 *   name only (MovieNfoSaver.GetMovieSavePaths, LocalImageProvider: `ABP-123-cd1-poster.jpg`).
 *
 * So both find the NFO and the fanart of a stack at the first part's name, while the
 * poster must be written twice: at the first part's name (Jellyfin) and at the stack's
 * title (Kodi). sidecarBases says it per kind; sidecarBase is the one base both read.
 */

export interface TitleFile {
  /** path relative to the scanned folder, with "/" */
  rel: string;
  /** the part read from the name: cd2 -> 2, -B -> 2, part1 -> 1, else null */
  part: number | null;
}

/** Base paths (folder + name, no extension) per sidecar: write NAME.nfo, NAME-poster.jpg, NAME-fanart.jpg at each. */
export interface SidecarBases {
  nfo: string[];
  poster: string[];
  fanart: string[];
}

type Kind = keyof SidecarBases;
const KINDS: Kind[] = ["nfo", "poster", "fanart"];

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

/** Where each sidecar goes: every base Kodi reads and every base Jellyfin reads, those both read first. */
export function sidecarBases(files: TitleFile[]): SidecarBases {
  const own = (f: TitleFile) => baseOf(f.rel);
  const perFile = { nfo: files.map(own), poster: files.map(own), fanart: files.map(own) };
  if (files.length < 2 || files.some((f) => f.part === null)) return unite(perFile, perFile);

  // Kodi lists the parts in their order; a stack reads as one film at its first part.
  const parts = [...files].sort((a, b) => (a.part ?? 0) - (b.part ?? 0) || a.rel.localeCompare(b.rel));
  const title = kodiStackTitle(nameOf(parts[0].rel), nameOf(parts[1].rel));
  const kodi = title === null ? perFile : { nfo: [own(parts[0])], fanart: [own(parts[0])], poster: [dirOf(parts[0].rel) + stemOf(title)] };

  const byName = new Map(files.map((f) => [nameOf(f.rel), f]));
  const firsts = jellyfinItems([...byName.keys()]).map((item) => own(byName.get(item[0]) as TitleFile));
  return unite(kodi, { nfo: firsts, poster: firsts, fanart: firsts });
}

/** Each kind's bases, those both readers take first, then Jellyfin's, then Kodi's; each once. */
function unite(kodi: SidecarBases, jellyfin: SidecarBases): SidecarBases {
  const out = { nfo: [] as string[], poster: [] as string[], fanart: [] as string[] };
  for (const kind of KINDS) {
    const both = kodi[kind].filter((b) => jellyfin[kind].includes(b));
    out[kind] = [...new Set([...both, ...jellyfin[kind], ...kodi[kind]])];
  }
  return out;
}

/** The base both Kodi and Jellyfin read the NFO and the fanart from (for a single file, its own name). */
export function sidecarBase(files: TitleFile[]): string {
  return sidecarBases(files).nfo[0];
}
