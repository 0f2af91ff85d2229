/**
 * Which sellers a code can belong to: the sites whose catalogs may hold a title of that
 * code, in the order they are asked. Most codes have one seller (a label of DMM's, HEYZO,
 * a named studio); a date code with an underscore and no studio named has four, and a
 * title of it is known only once the catalog or the sellers say which of them holds it.
 * Providers say which sellers they answer for (providers/types.ts `sellers`).
 *
 * A seller is the namespace of a code's titles, not a shop: `dmm` is the labels' codes
 * (ABP-123, 259LUXU-1234), which DMM and MGStage both sell as the same titles, so both
 * shops' providers answer for it (asked in order, each record kept, the service-code order
 * preferring DMM's); two sellers of one code hold two different titles.
 */
import type { FoundCode } from "./find-code.js";
import type { SiteHint } from "./name-text.js";
import type { CodeKind, ParsedCode } from "./types.js";

export const SELLERS = [
  "dmm",
  "caribbeancom",
  "caribbeancompr",
  "1pondo",
  "10musume",
  "pacopacomama",
  "muramura",
  "heyzo",
  "tokyo-hot",
  "fc2",
  "heydouga",
  "h4610",
  "xxx-av",
] as const;

export type Seller = (typeof SELLERS)[number];

/** The sellers of MMDDYY_NNN with no studio named, in the order they are asked. */
export const DATED_SELLERS: readonly Seller[] = ["1pondo", "caribbeancompr", "pacopacomama", "muramura"];

const BY_KIND: Record<CodeKind, readonly Seller[]> = {
  standard: ["dmm"],
  amateur: ["dmm"],
  fc2: ["fc2"],
  heyzo: ["heyzo"],
  heydouga: ["heydouga"],
  caribbean: ["caribbeancom"],
  caribbeanpr: ["caribbeancompr"],
  "1pondo": ["1pondo"],
  "10musume": ["10musume"],
  pacopacomama: ["pacopacomama"],
  muramura: ["muramura"],
  dated: DATED_SELLERS,
  tokyohot: ["tokyo-hot"],
  h4610: ["h4610"],
  xxxav: ["xxx-av"],
};

/** The seller a studio's name in a file name stands for. */
const SELLER_OF_SITE: Record<SiteHint, Seller> = {
  carib: "caribbeancom",
  caribpr: "caribbeancompr",
  "1pondo": "1pondo",
  "10musume": "10musume",
  paco: "pacopacomama",
  muramura: "muramura",
  tokyohot: "tokyo-hot",
};

/**
 * Series of Tokyo-Hot's shop besides its own numbering that read as DMM-style labels (red030 as
 * RED-030, ex0007 as EX-007, S2MBD-007): JavSP's name tables list red, sky and ex files as
 * Tokyo-Hot's, the shop's own ids include s2mbd-002, and Movie Data Capture reads cz, gedo and se
 * numbers as its. A code of these is asked of both sellers.
 */
const TOKYO_HOT_LABELS: ReadonlySet<string> = new Set(["RED", "SKY", "EX", "S2MBD", "CZ", "GEDO", "SE"]);
const DMM_AND_TOKYO_HOT: readonly Seller[] = ["dmm", "tokyo-hot"];

/**
 * The sellers a code can belong to, in order: those of its kind, narrowed to the studio the
 * name names when that is one of them (a name's studio never adds a seller the code cannot have).
 */
export function sellersOf(code: ParsedCode | FoundCode): readonly Seller[] {
  const label = code.kind === "standard" ? code.dvdId.slice(0, code.dvdId.lastIndexOf("-")) : "";
  const own = TOKYO_HOT_LABELS.has(label) ? DMM_AND_TOKYO_HOT : BY_KIND[code.kind];
  const site = "site" in code && code.site !== null ? SELLER_OF_SITE[code.site] : null;
  return site !== null && own.includes(site) ? [site] : own;
}

/** A shop among those of the labels' seller, by the name of its provider. */
export type Shop = "mgstage";

/**
 * The shop a code's titles are asked of before the seller's other shops: MGStage for the amateur
 * lines it sells (SIRO-1234, 259LUXU-1234, 300MIUM-123), which DMM's providers would spend the
 * live budget saying they lack; as Movie Data Capture asks mgstage first for a code with digits
 * before letters, or "siro". Null for a code every shop of its seller may hold.
 */
export function firstShopOf(code: ParsedCode | FoundCode): Shop | null {
  return code.kind === "amateur" ? "mgstage" : null;
}
