/** Pacopacomama (パコパコママ): the D2Pass JSON of www.pacopacomama.com, ids MMDDYY_NNN. */
import { type D2PassSite, d2passProvider, THREE_DIGIT_ID } from "../d2pass/index.js";

export const PACOPACOMAMA: D2PassSite = {
  name: "pacopacomama",
  seller: "pacopacomama",
  metaTubeName: "PACOPACOMAMA",
  siteName: "Pacopacomama",
  maker: "パコパコママ",
  defaultBaseUrl: "https://www.pacopacomama.com",
  idPattern: THREE_DIGIT_ID,
  gallery: true,
  // The front end's sampleURLs: fullsize l/{FILENAME}, preview s/{FILENAME}, names as they are.
  legacyGallery: { full: "/assets/sample/{id}/l/{file}", thumb: "/assets/sample/{id}/s/{file}", appendJpg: false },
};

export const pacopacomamaProvider = d2passProvider(PACOPACOMAMA);
