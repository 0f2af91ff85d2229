import { padNumber } from "./number.js";
import type { ParsedCode } from "./types.js";

const FC2 = /^fc2[-_ ]?(?:ppv[-_ ]?)?(\d{5,8})$/i;
const HEYZO = /^heyzo[-_ ]?(?:(?:hd|lt|full)[-_ ]?)?(\d{1,5})$/i;
/** Heydouga: site number (4xxx), then the title number; "hey" is the short form seen in file names. */
const HEYDOUGA = /^hey(?:douga)?[-_ ]?(4\d{3})[-_ ](?:ppv[-_ ]?)?(\d{3,6})$/i;
/** H4610, C0930 and H0930: the site, then its own code (ki200101, ori1234, gol123). */
const H4610 = /^([hc][04][69][13]0)[-_ ]?([a-z]{2,6}\d{3,8})$/i;
/** Tokyo-Hot's own numbering: n1234, k1234 and kb1234 (its "team Kimura" specials). */
const TOKYO_HOT = /^(?:tokyo[-_ ]?hot[-_ ]?)?(kb|[nk])[-_]?(\d{4})$/i;
/** XXX-AV's five- or six-digit numbers, after the studio's name in any spacing (XXX-AV-22061, xxx-av 20589). */
const XXX_AV = /^xxx[-_ ]?av[-_ ]?(\d{5,6})$/i;
/** MMDDYY + title number, optionally after the site's name. */
const DATED = /^(?:(carib(?:bean)?(?:com)?(pr)?|1pon(?:do)?|10mu(?:sume)?|paco(?:pacomama)?|mura[-_ ]?mura)[-_ ]?)?(\d\d)(\d\d)\d\d([-_])(\d{2,4})$/i;

const uncensored = (dvdId: string, kind: ParsedCode["kind"]): ParsedCode => ({ dvdId, kind, censored: false });

/**
 * Four digits after the date are Muramura's newer titles (its numbers run on across the days and
 * passed 999: 092726_1266). With its name, always; with no studio named, an underscore and a number
 * from 1000 on (the site writes a lower one in three digits), as sgyx/JavSP's D2Pass reader asks
 * MMDDYY_NNNN of Muramura alone; another studio's name rules it out.
 */
function muramuraNumber(site: string, separator: string, number: string): boolean {
  if (site !== "") return site.startsWith("mura");
  return separator === "_" && number[0] !== "0";
}

function parseDated(core: string): ParsedCode | null {
  const m = DATED.exec(core);
  if (!m) return null;
  const [, site, premium, month, day, separator, number] = m;
  const mm = Number(month);
  const dd = Number(day);
  if (mm < 1 || mm > 12 || dd < 1 || dd > 31) return null;
  const date = core.slice(core.length - number.length - 7, core.length - number.length - 1);
  const name = site?.toLowerCase() ?? "";
  if (number.length === 4) return muramuraNumber(name, separator, number) ? uncensored(`${date}_${number}`, "muramura") : null;
  if (number.length === 2) {
    // Two-digit title numbers are 10musume's; the other sites use three.
    const is10musume = name.startsWith("10mu") || (name === "" && separator === "_");
    return is10musume ? uncensored(`${date}_${number}`, "10musume") : null;
  }
  if (name.startsWith("1pon")) return uncensored(`${date}_${number}`, "1pondo");
  if (name.startsWith("paco")) return uncensored(`${date}_${number}`, "pacopacomama");
  if (name.startsWith("mura")) return uncensored(`${date}_${number}`, "muramura");
  if (name.startsWith("10mu")) return null;
  if (premium !== undefined) return uncensored(`${date}_${number}`, "caribbeanpr");
  if (name.startsWith("carib")) return uncensored(`${date}-${number}`, "caribbean");
  // Unnamed: a hyphen is Caribbeancom's alone; an underscore is written by four sites (sellers.ts).
  return separator === "-" ? uncensored(`${date}-${number}`, "caribbean") : uncensored(`${date}_${number}`, "dated");
}

/** FC2, HEYZO, Heydouga, H4610 and its sister sites, Tokyo-Hot, XXX-AV and the dated sites (Caribbeancom, 1pondo, ...). */
export function parseUncensored(core: string): ParsedCode | null {
  let m = FC2.exec(core);
  if (m) return uncensored(`FC2-PPV-${padNumber(m[1], 1)}`, "fc2");
  m = HEYZO.exec(core);
  if (m) return uncensored(`HEYZO-${padNumber(m[1], 4)}`, "heyzo");
  m = HEYDOUGA.exec(core);
  if (m) return uncensored(`HEYDOUGA-${m[1]}-${padNumber(m[2], 3)}`, "heydouga");
  m = H4610.exec(core);
  if (m && /^(?:h4610|c0930|h0930)$/i.test(m[1])) return uncensored(`${m[1].toUpperCase()}-${m[2].toLowerCase()}`, "h4610");
  m = TOKYO_HOT.exec(core);
  if (m) return uncensored(`${m[1].toLowerCase()}${m[2]}`, "tokyohot");
  m = XXX_AV.exec(core);
  if (m) return uncensored(`XXX-AV-${m[1]}`, "xxxav");
  return parseDated(core);
}
