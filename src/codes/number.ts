/**
 * Canonical title number: leading zeros stripped, then padded to 3 digits. A number
 * written with exactly 2 digits is kept as written, as DMM does (bshd16 -> BSHD-16).
 */
export function formatNumber(digits: string): string {
  if (digits.length === 2) return digits;
  let start = 0;
  while (start < digits.length - 1 && digits[start] === "0") start++;
  return digits.slice(start).padStart(3, "0");
}

/** Leading zeros stripped (at least one digit left), then padded to `width`. */
export function padNumber(digits: string, width: number): string {
  let start = 0;
  while (start < digits.length - 1 && digits[start] === "0") start++;
  return digits.slice(start).padStart(width, "0");
}
