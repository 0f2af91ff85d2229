/**
 * Amateur lines sold on MGS whose maker digits belong to the code (259LUXU-1234).
 * Only labels known to belong to a single maker are listed: a wrong guess would send
 * someone else's code to the providers. The value is "" for lines without digits.
 * An unprefixed spelling (LUXU-1234) gets the digits added, so each title has one key.
 */
export const AMATEUR_MAKER_DIGITS: ReadonlyMap<string, string> = new Map([
  ["GANA", "200"],
  ["SCUTE", "229"],
  ["ORETD", "230"],
  ["LUXU", "259"],
  ["ARA", "261"],
  ["DCV", "277"],
  ["EWDX", "299"],
  ["MIUM", "300"],
  ["MAAN", "300"],
  ["NTK", "300"],
  ["KIRAY", "314"],
  ["KJO", "326"],
  ["NAMA", "332"],
  ["KNB", "336"],
  ["SIMM", "345"],
  ["NTR", "348"],
  ["JAC", "390"],
  ["JNT", "390"],
  ["INST", "413"],
  ["SUKE", "428"],
  ["MFC", "435"],
  ["HHH", "451"],
  ["MLA", "476"],
  ["SGK", "483"],
  ["STCV", "529"],
  ["SIRO", ""],
]);

/** The amateur dvdId for a label + formatted number, or null when the label is not amateur. */
export function amateurDvdId(label: string, number: string): string | null {
  const digits = AMATEUR_MAKER_DIGITS.get(label);
  return digits === undefined ? null : `${digits}${label}-${number}`;
}
