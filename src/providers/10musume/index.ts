/** 10musume (天然むすめ): the D2Pass JSON of www.10musume.com, ids MMDDYY_NN. */
import { type D2PassSite, d2passProvider, TWO_DIGIT_ID } from "../d2pass/index.js";

export const TEN_MUSUME: D2PassSite = {
  name: "10musume",
  seller: "10musume",
  metaTubeName: "10musume",
  siteName: "10musume",
  maker: "天然むすめ",
  defaultBaseUrl: "https://www.10musume.com",
  idPattern: TWO_DIGIT_ID,
  gallery: true,
  // The front end's sampleURLs: {FILENAME} as it is, preview and full size alike.
  legacyGallery: { full: "/assets/sample/{id}/{file}", thumb: "/assets/sample/{id}/{file}", appendJpg: false },
};

export const tenMusumeProvider = d2passProvider(TEN_MUSUME);
