/**
 * The files `scan --write` makes for one title, by kind, each at every name a reader takes
 * it from (names.ts), with the picture it is made from:
 * - nfo: NAME.nfo (Kodi, Jellyfin, Emby, Plex's NFO importer);
 * - poster: NAME-poster.jpg, the front cover cut from the jacket;
 * - fanart: NAME-fanart.jpg, the whole jacket;
 * - landscape: NAME-landscape.jpg, a 16:9 cut of the jacket: Kodi's "landscape" art type
 *   (AddLocalItemArtwork takes any NAME-<type>.jpg at its "Maximum" artwork level, a
 *   whitelisted type at "Custom"), Jellyfin's Thumb image (LocalImageProvider: "landscape");
 * - extrafanart: the gallery as more backdrops, named as each reader numbers them: Kodi's
 *   NAME-fanart1.jpg, NAME-fanart2.jpg ... (IsArtTypeInWhitelist: "'fanart' also matches
 *   'fanart1', 'fanart2'", VideoThumbLoader.cpp), Jellyfin's NAME-fanart-1.jpg ... up to 20,
 *   stopping after three missing (LocalImageProvider.PopulateBackdrops). Not its
 *   `extrafanart/` folder: Jellyfin gives that folder's pictures to every film in it.
 * The importer reads neither landscape nor numbered backdrops.
 */
import { ConfigError } from "../../config/load.js";
import type { DetailedRecord } from "../../model/record.js";
import { sidecarBases, type TitleFile } from "./names.js";

export const SIDECAR_KINDS = ["nfo", "poster", "fanart", "extrafanart", "landscape"] as const;
export type SidecarKind = (typeof SIDECAR_KINDS)[number];

/** `nfo,poster`: the sidecar kinds, each once, in their order; a kind not known is refused. */
export function sidecarKinds(raw: string, what: string): SidecarKind[] {
  const asked = raw
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const bad = asked.filter((k) => !(SIDECAR_KINDS as readonly string[]).includes(k));
  if (bad.length > 0) throw new ConfigError(`${what} takes ${SIDECAR_KINDS.join(", ")} (comma-separated), got "${raw}"`);
  return SIDECAR_KINDS.filter((k) => asked.includes(k));
}

/** Jellyfin reads NAME-fanart-1 to NAME-fanart-20. */
export const GALLERY_MAX = 20;

export interface SidecarTarget {
  kind: SidecarKind;
  /** The file, relative to the folder scanned. */
  rel: string;
  /** The picture it is made from: null for the NFO, and for a picture the title has none of. */
  source: string | null;
}

/** What each kind of picture is made from: the jacket (else the thumbnail), for the landscape the jacket only. */
function coverOf(r: DetailedRecord, kind: SidecarKind): string | null {
  if (kind === "landscape") return r.jacketFullUrl || null;
  return r.jacketFullUrl || r.jacketThumbUrl || null;
}

/** The sidecars of one title's files in one folder, kind by kind in the order asked, each name once. */
export function sidecarTargets(r: DetailedRecord, files: TitleFile[], kinds: readonly SidecarKind[]): SidecarTarget[] {
  const bases = sidecarBases(files);
  const out: SidecarTarget[] = [];
  for (const kind of kinds) {
    if (kind === "nfo") for (const base of bases.nfo) out.push({ kind, rel: `${base}.nfo`, source: null });
    else if (kind === "extrafanart") {
      const gallery = [...new Set(r.extra.galleryFull)].slice(0, GALLERY_MAX);
      gallery.forEach((source, i) => {
        for (const base of bases.kodiArt) out.push({ kind, rel: `${base}-fanart${i + 1}.jpg`, source });
        for (const base of bases.jellyfinArt) out.push({ kind, rel: `${base}-fanart-${i + 1}.jpg`, source });
      });
    } else for (const base of bases[kind]) out.push({ kind, rel: `${base}-${kind}.jpg`, source: coverOf(r, kind) });
  }
  return out;
}
