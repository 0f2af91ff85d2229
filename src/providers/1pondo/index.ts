/** 1pondo (一本道): the D2Pass JSON of www.1pondo.tv, ids MMDDYY_NNN. */
import { type D2PassSite, d2passProvider, THREE_DIGIT_ID } from "../d2pass/index.js";

export const ONE_PONDO: D2PassSite = {
  name: "1pondo",
  seller: "1pondo",
  metaTubeName: "1Pondo",
  siteName: "1Pondo",
  maker: "一本道",
  defaultBaseUrl: "https://www.1pondo.tv",
  idPattern: THREE_DIGIT_ID,
  gallery: true,
  // The front end's sampleURLs: fullsize popu/{FILENAME}.jpg, preview thum_106/{FILENAME}.jpg.
  legacyGallery: { full: "/assets/sample/{id}/popu/{file}", thumb: "/assets/sample/{id}/thum_106/{file}", appendJpg: true },
};

export const onePondoProvider = d2passProvider(ONE_PONDO);
