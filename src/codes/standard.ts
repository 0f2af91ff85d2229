import { joinDvdId, splitDmmId } from "./content-id.js";
import { AMATEUR_MAKER_DIGITS } from "./amateur.js";
import { isNotLabel } from "./not-labels.js";
import type { ParsedCode } from "./types.js";

/** LABEL-123, LABEL_123, LABEL123: any case with a hyphen or underscore. */
const LABEL_DASH_NUMBER = /^[a-z]{2,8}[-_]\d{1,6}$/i;
/** LABEL123 glued, single case (ABP123, abp00123); mixed case reads as a word. */
const LABEL_NUMBER = /^(?:[A-Z]{2,8}|[a-z]{2,8})\d{2,6}$/;
/** ABP 123: short label, short number, single case ("Summer 2020" is not a code). */
const LABEL_SPACE_NUMBER = /^(?:[A-Z]{2,5}|[a-z]{2,5}) \d{2,5}$/;
/** C-2344: one letter needs the hyphen and a 3+ digit number. */
const LETTER_DASH_NUMBER = /^[a-z]-\d{3,6}$/i;
/** Labels holding digits: T28-147, 3DSVR-003, WVR6D-004, 20ID-044, 259LUXU-1234. */
const DIGIT_LABEL_DASH_NUMBER = /^(?=[a-z0-9]*[a-z])[a-z0-9]{2,10}[-_]\d{1,6}$/i;
/** A letter that belongs to the number: MKD-S148, MKBD-S123 (Kirari, Mugen). */
const LABEL_DASH_LETTER_NUMBER = /^([a-z]{2,6})-([a-z])(\d{2,4})$/i;
/** A code with a part number after it (abp123-5, xyz046_2): not a label with digits. */
const CODE_THEN_PART = /^[a-z]{2,}\d{2,}[-_]\d{1,2}$/i;
/** T-line content ids (t28526 -> T28-526). */
const T_LINE = /^t\d{5}$/i;
/** DMM content ids with maker digits or an h_ mark: 118abp00123, h_086mesu00103, 1mist00219re01. */
const CONTENT_ID = /^(?:[a-z]_)?\d{1,5}[a-z][a-z0-9]{0,9}?\d{2,6}(?:[a-z]{1,4}\d{0,2}|_[a-z]{1,3})?$/i;
/** Zero-padded content ids without maker digits: abp00123dod, wvr9c00009. */
const PADDED_CONTENT_ID = /^[a-z]{2,8}(?:\d[a-z]{1,2})?00\d{3}(?:[a-z]{1,4}\d{0,2})?$/i;

const SHAPES = [LABEL_DASH_NUMBER, LABEL_NUMBER, LABEL_SPACE_NUMBER, LETTER_DASH_NUMBER, DIGIT_LABEL_DASH_NUMBER, CONTENT_ID, PADDED_CONTENT_ID, T_LINE];

/** Labels with fewer than two letters pass only in these forms (T28, R18) or as a single letter. */
const DIGIT_HEAVY_LABEL = /^(?:T\d\d|R18)$/;

/** C-2344 and 140c2344; glued, a 4-digit number is required so 1080p60 or 1080p120 stay null. */
function singleLetterCode(core: string, label: string, number: string): boolean {
  if (label.length !== 1) return false;
  return LETTER_DASH_NUMBER.test(core) || (CONTENT_ID.test(core) && number.length >= 4);
}

function letterCount(label: string): number {
  let n = 0;
  for (const c of label) if (c >= "A" && c <= "Z") n++;
  return n;
}

/** Censored and amateur label + number codes, including DMM content ids. */
export function parseStandard(core: string): ParsedCode | null {
  const lettered = LABEL_DASH_LETTER_NUMBER.exec(core);
  if (lettered) {
    const label = lettered[1].toUpperCase();
    if (isNotLabel(label)) return null;
    return { dvdId: `${label}-${lettered[2].toUpperCase()}${lettered[3]}`, kind: "standard", censored: true };
  }
  if (CODE_THEN_PART.test(core) || !SHAPES.some((shape) => shape.test(core))) return null;
  const parts = splitDmmId(core);
  if (parts === null || isNotLabel(parts.label)) return null;
  const enoughLetters = letterCount(parts.label) >= 2 || DIGIT_HEAVY_LABEL.test(parts.label);
  if (!enoughLetters && !singleLetterCode(core, parts.label, parts.number)) return null;
  const amateur = AMATEUR_MAKER_DIGITS.has(parts.label);
  return {
    dvdId: joinDvdId(parts.label, parts.number),
    kind: amateur ? "amateur" : "standard",
    censored: true,
  };
}
