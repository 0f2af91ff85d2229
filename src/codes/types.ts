/**
 * What family a code belongs to; it decides the canonical spelling.
 * - standard: censored label + number (ABP-123, T28-147, 3DSVR-003)
 * - amateur: MGS-style amateur lines, maker digits kept (259LUXU-1234, SIRO-1234)
 * - fc2: FC2-PPV-1234567
 * - heyzo: HEYZO-1234
 * - heydouga: HEYDOUGA-4017-123 (site number, then title number)
 * - caribbean: 010120-001 (MMDDYY-NNN, hyphen)
 * - caribbeanpr: 010120_001 (Caribbeancom Premium, underscore)
 * - 1pondo: 010120_001 (only when the site is named)
 * - 10musume: 010120_01 (two-digit title number)
 * - pacopacomama, muramura: 010120_001 (only when the site is named); muramura also 092726_1266
 *   (four digits, its alone: read with no site named too)
 * - dated: 010120_001 with no site named: 1pondo's, Caribbeancom Premium's, Pacopacomama's
 *   or Muramura's (sellers.ts), which the catalog or the sellers themselves must tell
 * - tokyohot: n1234 / k1234 / kb1234 (lowercase, as the studio writes them)
 * - h4610: H4610 / C0930 / H0930 amateur sites, their own code after the site (H4610-ki200101)
 * - xxxav: XXX-AV-22061 (the studio's name is part of the code)
 */
export type CodeKind =
  | "standard"
  | "amateur"
  | "fc2"
  | "heyzo"
  | "heydouga"
  | "caribbean"
  | "caribbeanpr"
  | "1pondo"
  | "10musume"
  | "pacopacomama"
  | "muramura"
  | "dated"
  | "tokyohot"
  | "h4610"
  | "xxxav";

export interface ParsedCode {
  /** Canonical code, the catalog's dvdId key. */
  dvdId: string;
  kind: CodeKind;
  /** Whether the release is censored (standard and amateur); describes the product, not a leaked file. */
  censored: boolean;
}
