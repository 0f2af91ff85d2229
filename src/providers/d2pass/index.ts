/** The D2Pass family's shared core: a site's values (site.ts) make its provider. */
export { d2passProvider } from "./provider.js";
export { MURAMURA_ID, THREE_DIGIT_ID, TWO_DIGIT_ID, type D2PassSite } from "./site.js";
