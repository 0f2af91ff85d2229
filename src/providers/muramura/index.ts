/** Muramura (ムラムラってくる素人): the D2Pass JSON of www.muramura.tv, ids MMDDYY_NNN. */
import { type D2PassSite, d2passProvider, THREE_DIGIT_ID } from "../d2pass/index.js";

export const MURAMURA: D2PassSite = {
  name: "muramura",
  seller: "muramura",
  metaTubeName: "MURAMURA",
  siteName: "Muramura",
  maker: "ムラムラってくる素人",
  defaultBaseUrl: "https://www.muramura.tv",
  idPattern: THREE_DIGIT_ID,
  // Its front end has no legacy gallery (metatube-sdk-go's muramura.go sets no path for one).
  legacyGallery: null,
};

export const muramuraProvider = d2passProvider(MURAMURA);
