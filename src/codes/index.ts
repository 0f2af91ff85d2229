export type { CodeKind, ParsedCode } from "./types.js";
export type { CodeKnowledge, FoundCode, NameReading } from "./find-code.js";
export { findCode, readName } from "./find-code.js";
export { isVideoFile } from "./name-text.js";
export { parseCode, isCodeLike, dvdIdToContentIdGuess } from "./parse-code.js";
export { contentIdToDvdId, isContentIdText, normalizeContentId } from "./content-id.js";
export { AMATEUR_MAKER_DIGITS } from "./amateur.js";
export { lookupCandidates } from "./variants.js";
export { DATED_SELLERS, SELLERS, sellersOf, firstShopOf, type Seller, type Shop } from "./sellers.js";
