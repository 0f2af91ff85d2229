/**
 * One site of the D2Pass family (1pondo, 10musume, Pacopacomama, Muramura): the same JSON
 * API on each domain, told apart by these values. What differs between them is taken from
 * metatube-sdk-go's provider/1pondo/core and the four site files beside it.
 */
import type { Seller } from "../../codes/index.js";

export interface D2PassSite {
  /** The provider's name, and its settings' (PROVIDER_<NAME>_*). */
  name: string;
  seller: Seller;
  metaTubeName: string;
  /** The record's `site`. */
  siteName: string;
  /** The studio: the JSON names none, so each site's own name is its maker. */
  maker: string;
  defaultBaseUrl: string;
  /** The shape of the site's movie ids (MMDDYY_NNN, 10musume's MMDDYY_NN). */
  idPattern: RegExp;
  /**
   * Whether the site's current gallery (movie_gallery, for titles flagged Gallery) is asked:
   * MetaTube asks it of each site whose file names a GalleryPath, and muramura.go names none.
   */
  gallery: boolean;
  /**
   * Where the legacy gallery's pictures are (titles flagged HasGallery but not Gallery), from
   * the site's front end (its sampleURLs, quoted in metatube-sdk-go's site files): `{id}` the
   * movie id, `{file}` the row's Filename, with `.jpg` added to a bare name only where the
   * template writes `{FILENAME}.jpg` (1pondo's; 10musume's and Pacopacomama's take the name as
   * it is). Null on a site whose front end has no legacy gallery (Muramura).
   */
  legacyGallery: { full: string; thumb: string; appendJpg: boolean } | null;
}

/** 1pondo, Pacopacomama, Muramura. */
export const THREE_DIGIT_ID = /^\d{6}_\d{3}$/;
/** Muramura's: three digits, four for its newer titles (092726_1266, in sgyx/JavSP's and FSS's records). */
export const MURAMURA_ID = /^\d{6}_\d{3,4}$/;
/** 10musume. */
export const TWO_DIGIT_ID = /^\d{6}_\d{2}$/;
