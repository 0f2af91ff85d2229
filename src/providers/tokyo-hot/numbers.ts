/**
 * Tokyo-Hot's product numbers (作品番号): its own n1633 / k1454 / kb1624 (what src/codes reads as
 * Tokyo-Hot's), and the other series its shop sells, which the reader takes for DMM-style codes
 * (s2mbd-002 as S2MBD-002, red030 as RED-030) of both sellers (codes/sellers.ts). A product's
 * page URL names it by the number itself (/product/n1633/) or by a plain shop id (/product/5484/
 * for n0487), so a code is found through the shop's search, which lists each result's number.
 */
import { parseCode, type ParsedCode } from "../../codes/index.js";

/**
 * Series of Tokyo-Hot's shop besides n and k that the reader takes for DMM labels: how the shop
 * spells them and how many digits they have, where known. s2mbd-002 is a product id of the shop
 * (MetaTube's tests); its CDN serves SKY-247's sample as /media/samples/SKY-247.mp4 (samples are
 * named by product id); Movie Data Capture's rule writes red- but cz, gedo, se bare, gedo01..gedo59
 * then gedo0060 on; JavSP's tables ex0001. None of this is the shop's own page, so the other
 * spelling is tried too. The reader pads to three digits (GEDO-060, EX-001): the search needs the
 * shop's own width.
 */
const OTHER_SERIES: Readonly<Record<string, { spelling: "hyphen" | "compact"; digits: (n: number) => number }>> = {
  s2mbd: { spelling: "hyphen", digits: () => 3 },
  red: { spelling: "hyphen", digits: () => 3 },
  sky: { spelling: "hyphen", digits: () => 3 },
  ex: { spelling: "compact", digits: () => 4 },
  cz: { spelling: "compact", digits: () => 3 },
  gedo: { spelling: "compact", digits: (n) => (n < 60 ? 2 : 4) },
  se: { spelling: "compact", digits: () => 3 },
};

/**
 * A number reduced to what identifies it whatever the spelling: its series and value
 * (n0788 -> "n:788", S2MBD-002 and s2mbd002 -> "s2mbd:2", GEDO-060 and gedo0060 -> "gedo:60"); null for
 * text that is no such number (a shop id such as 5484, a title).
 */
export function numberKey(text: string): string | null {
  const m = /^([a-z][a-z0-9]*?)[-_ ]?(\d+)$/i.exec(text.trim());
  return m ? `${m[1].toLowerCase()}:${Number(m[2])}` : null;
}

/** Whether two spellings name the same product number. */
export function sameNumber(a: string, b: string): boolean {
  const ka = numberKey(a);
  return ka !== null && ka === numberKey(b);
}

/**
 * The record's dvdId for a product number: the canonical code as src/codes reads it (N1633 ->
 * n1633, kb1624, red030 -> RED-030, s2mbd-002 -> S2MBD-002), the key the catalog finds titles by.
 * A DMM title of the same code is another seller's: both are asked, and a code both hold is
 * ambiguous unless the name says Tokyo-Hot (codes/sellers.ts). A number the reader cannot read
 * stays as the shop writes it.
 */
export function dvdIdOfNumber(number: string): string {
  return parseCode(number)?.dvdId ?? number.trim();
}

/**
 * What to ask the shop's search for a code, in order; null for a code that cannot be Tokyo-Hot's
 * (asked of nobody, no request): Tokyo-Hot's own kind as is, a DMM-style reading of one of the
 * other series in the shop's spelling and width, then in the other spelling.
 */
export function searchKeywords(code: ParsedCode): string[] | null {
  if (code.kind === "tokyohot") return [code.dvdId];
  if (code.kind !== "standard") return null;
  const m = /^([A-Z][A-Z0-9]*)-(\d+)$/.exec(code.dvdId);
  const series = m ? OTHER_SERIES[m[1].toLowerCase()] : undefined;
  if (!m || series === undefined) return null;
  const label = m[1].toLowerCase();
  const value = Number(m[2]);
  const digits = String(value).padStart(series.digits(value), "0");
  const hyphen = `${label}-${digits}`;
  const compact = `${label}${digits}`;
  return series.spelling === "hyphen" ? [hyphen, compact] : [compact, hyphen];
}
