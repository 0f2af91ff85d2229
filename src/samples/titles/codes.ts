/**
 * Catalog codes for sample records, derived from the record index bijectively so
 * they are unique over any range: censored record j gets prefix PREFIXES[j % P]
 * and number base + floor(j / P); uncensored records (every 50th) get FC2-PPV or
 * HEYZO codes from their own counter.
 */
import { hashInts } from "./prng.js";

/** Real-looking prefixes first (the demo catalog shows these), then generated ones. */
const CURATED = [
  "ABP",
  "ABW",
  "ABF",
  "SSIS",
  "SSNI",
  "SONE",
  "SNIS",
  "OFJE",
  "IPX",
  "IPZZ",
  "IPZ",
  "IPTD",
  "MIDE",
  "MIDV",
  "MIAA",
  "MIAB",
  "MIFD",
  "MIRD",
  "STARS",
  "START",
  "SDDE",
  "SDMU",
  "SDAB",
  "SDJS",
  "SDNM",
  "NHDTB",
  "DVDMS",
  "PRED",
  "PBD",
  "JUL",
  "JUQ",
  "JUX",
  "ROE",
  "MEYD",
  "VENX",
  "DASS",
  "DASD",
  "ADN",
  "ATID",
  "RBD",
  "SHKD",
  "JBD",
  "CAWD",
  "KAWD",
  "KWBD",
  "EBOD",
  "EBWH",
  "EYAN",
  "PPPD",
  "PPPE",
  "OPPW",
  "HND",
  "HMN",
  "HNDS",
  "JUFE",
  "JUFD",
  "FSDSS",
  "FCDSS",
  "FOCS",
  "MKMP",
  "MUDR",
  "WAAA",
  "WANZ",
  "DLDSS",
  "KIRE",
  "NSFS",
  "NSPS",
  "NACR",
  "VEC",
  "HZGD",
  "GVH",
  "GVG",
  "MVSD",
  "BBAN",
  "CJOD",
  "CJOB",
  "DVAJ",
  "URE",
  "MDBK",
  "HUNTB",
  "HUNTA",
  "ROYD",
  "SCOP",
  "MNSE",
  "AVSA",
  "NIMA",
  "JUY",
  "JRZE",
  "NUKA",
  "HODV",
  "MKON",
  "KTRA",
  "DOCP",
  "SVDVD",
  "RCTD",
  "GENM",
  "FSET",
  "SKMJ",
  "SW",
  "TEK",
  "TPPN",
  "ONEZ",
  "MXGS",
  "XVSR",
  "BLK",
  "KMHRS",
  "HMNF",
  "NNPJ",
  "PFES",
  "BF",
  "CHN",
  "MIMK",
  "NGOD",
  "OAE",
  "REBD",
  "SPRD",
  "SQTE",
  "TIKB",
];

/** Amateur-looking prefixes: sold on MGS, 4-digit numbers, numeric cid prefixes. */
const AMATEUR: Readonly<Record<string, string>> = {
  LUXU: "259",
  GANA: "200",
  SIRO: "",
  ARA: "261",
  MIUM: "300",
  MAAN: "300",
  SCUTE: "229",
  DCV: "277",
  NTK: "300",
  KIRAY: "314",
};

/** DMM-style numeric maker prefixes of content ids (118abp00123, 1stars00001). */
const CID_NUMBERS: Readonly<Record<string, string>> = {
  ABP: "118",
  ABW: "118",
  ABF: "118",
  STARS: "1",
  START: "1",
  SDDE: "1",
  SDMU: "1",
  SDAB: "1",
  SDJS: "1",
  SDNM: "1",
  NHDTB: "1",
  DVDMS: "1",
  KIRE: "1",
  DOCP: "118",
  GENM: "118",
};
const GENERATED_CID_NUMBERS = ["13", "24", "36", "47", "55", "61", "84", "104", "125", "172"];

export const PREFIX_COUNT = 200;
const LETTERS = "ABCDEFGHJKMNOPRSTVWXY";

export interface SamplePrefix {
  /** Uppercase dvdId prefix, 2-5 letters. */
  code: string;
  /** Numeric part of the content id before the lowercase prefix; may be "". */
  cidNumber: string;
  /** Number of this prefix's first record. */
  base: number;
  amateur: boolean;
}

function buildPrefixes(): SamplePrefix[] {
  const codes = [...CURATED, ...Object.keys(AMATEUR)];
  const seen = new Set(codes);
  for (let n = 0; codes.length < PREFIX_COUNT; n++) {
    const h = hashInts(7, n);
    const len = h % 10 < 4 ? 3 : h % 10 < 9 ? 4 : 5;
    let code = "";
    for (let c = 0; c < len; c++) code += LETTERS[hashInts(h, c) % LETTERS.length];
    if (!seen.has(code)) {
      seen.add(code);
      codes.push(code);
    }
  }
  return codes.map((code, p) => {
    const h = hashInts(11, p);
    const amateur = code in AMATEUR;
    const generated = p >= CURATED.length + Object.keys(AMATEUR).length;
    let cidNumber = AMATEUR[code] ?? CID_NUMBERS[code] ?? "";
    if (generated && h % 5 === 0) cidNumber = GENERATED_CID_NUMBERS[(h >>> 8) % GENERATED_CID_NUMBERS.length];
    // Mostly 3-digit numbers; amateur lines and ~15% of the others run to 4 digits.
    const fourDigits = amateur || (h >>> 4) % 100 < 15;
    const base = fourDigits ? 1000 + ((h >>> 12) % 3000) : 1 + ((h >>> 12) % 700);
    return { code, cidNumber, base, amateur };
  });
}

export const PREFIXES: readonly SamplePrefix[] = buildPrefixes();

/** Every UNCENSORED_STRIDE-th record (offset UNCENSORED_OFFSET) is uncensored: 2%. */
const UNCENSORED_STRIDE = 50;
const UNCENSORED_OFFSET = 7;

export type SampleCode =
  | { censored: true; prefix: SamplePrefix; prefixIndex: number; dvdId: string; contentId: string }
  | { censored: false; kind: "fc2" | "heyzo"; dvdId: string; contentId: string };

const pad = (n: number, width: number): string => String(n).padStart(width, "0");

export function codeForIndex(i: number): SampleCode {
  const block = Math.floor(i / UNCENSORED_STRIDE);
  const slot = i % UNCENSORED_STRIDE;
  if (slot === UNCENSORED_OFFSET) return uncensoredCode(block);
  // Dense index over censored records only, so numbers grow as slowly as possible.
  const j = block * (UNCENSORED_STRIDE - 1) + (slot < UNCENSORED_OFFSET ? slot : slot - 1);
  const prefixIndex = j % PREFIXES.length;
  const prefix = PREFIXES[prefixIndex];
  const number = prefix.base + Math.floor(j / PREFIXES.length);
  return {
    censored: true,
    prefix,
    prefixIndex,
    // Amateur lines keep their maker digits in the code (259LUXU-1234), as parseCode spells them.
    dvdId: `${prefix.amateur ? prefix.cidNumber : ""}${prefix.code}-${pad(number, 3)}`,
    contentId: `${prefix.cidNumber}${prefix.code.toLowerCase()}${pad(number, 5)}`,
  };
}

/** One in 16 uncensored records is HEYZO, keeping its 4-digit numbers below 10000 up to 8M records. */
function uncensoredCode(u: number): SampleCode {
  if (u % 16 === 0) {
    const number = u / 16 + 1;
    return { censored: false, kind: "heyzo", dvdId: `HEYZO-${pad(number, 4)}`, contentId: `heyzo${pad(number, 5)}` };
  }
  // 7919 is coprime with 9,000,000, so this scatters u over 7-digit numbers bijectively.
  const number = 1_000_000 + ((u * 7919) % 9_000_000);
  return { censored: false, kind: "fc2", dvdId: `FC2-PPV-${number}`, contentId: `fc2ppv${number}` };
}
