/** Muramura (ムラムラってくる素人): the D2Pass JSON of www.muramura.tv, ids MMDDYY_NNN (and MMDDYY_NNNN of late). */
import { type D2PassSite, d2passProvider, MURAMURA_ID } from "../d2pass/index.js";

export const MURAMURA: D2PassSite = {
  name: "muramura",
  seller: "muramura",
  metaTubeName: "MURAMURA",
  siteName: "Muramura",
  maker: "ムラムラってくる素人",
  defaultBaseUrl: "https://www.muramura.tv",
  idPattern: MURAMURA_ID,
  // metatube-sdk-go's muramura.go sets no path for either gallery (GalleryPath and
  // LegacyGalleryPath ""), so MetaTube never asks them; no public reader shows Muramura's.
  gallery: false,
  legacyGallery: null,
};

export const muramuraProvider = d2passProvider(MURAMURA);
