import { amateurDvdId } from "./amateur.js";
import { formatNumber, padNumber } from "./number.js";

/**
 * DMM/FANZA content id -> dvdId, following the behaviour pinned by the librefanza
 * `Fanza::Id.normalize` spec (see test/codes): the text splits into letter groups
 * (plus a few letter-like groups: 3dsvr, NNid, tNN8, r18, 4k, fc2ppv, fc2) and digit
 * groups; leading maker digits and trailing suffix letters (dod, re, tk) are dropped;
 * the longest digit group is the number and the longest letter group before it starts
 * the label, which runs up to the number (wvr6d00004 -> WVR6D-004).
 */

interface Group {
  text: string;
  digits: boolean;
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";
const isLetter = (c: string | undefined): boolean => c !== undefined && /^[a-z]$/i.test(c);

/** Length of the letter-like group starting at i, or 0 when none starts there. */
function letterGroupAt(s: string, i: number): number {
  const head = s.slice(i, i + 6).toLowerCase();
  if (head.startsWith("3dsvr")) return 5;
  if (isDigit(head[0]) && isDigit(head[1]) && head.slice(2, 4) === "id") return 4;
  if (head[0] === "t" && isDigit(head[1]) && head[2] === "8") return 3;
  if (head.startsWith("r18")) return 3;
  if (head.startsWith("4k") && !isDigit(s[i - 1])) return 2; // 4kdvaj, but not the 4 of 314kiray
  if (head === "fc2ppv") return 6;
  if (head.startsWith("fc2")) return 3;
  let end = i;
  while (isLetter(s[end])) end++;
  return end - i;
}

/** Splits alphanumeric text into letter-like and digit groups, scanning left to right. */
function splitGroups(s: string): Group[] {
  const groups: Group[] = [];
  let gapStart = 0;
  let i = 0;
  while (i < s.length) {
    const len = letterGroupAt(s, i);
    if (len === 0) {
      i++;
      continue;
    }
    if (gapStart < i) groups.push({ text: s.slice(gapStart, i), digits: true });
    groups.push({ text: s.slice(i, i + len), digits: false });
    i += len;
    gapStart = i;
  }
  if (gapStart < s.length) groups.push({ text: s.slice(gapStart), digits: true });
  return groups;
}

/** Index of the longest group passing `keep`; ties go to the later one. */
function longestIndex(groups: Group[], keep: (g: Group, i: number) => boolean): number {
  let best = -1;
  groups.forEach((g, i) => {
    if (keep(g, i) && (best < 0 || g.text.length >= groups[best].text.length)) best = i;
  });
  return best;
}

/** Label and number of a DMM-style id, or null when it has no label before a number. */
export function splitDmmId(id: string): { label: string; number: string } | null {
  const alnum = id
    .replace(/-/g, "")
    .replace(/^._/, "")
    .replace(/[^a-z0-9]/gi, "");
  const groups = splitGroups(alnum);
  if (groups.length > 0 && groups[0].digits) groups.shift();
  if (groups.length > 0 && !groups[groups.length - 1].digits) groups.pop();

  const numberIdx = longestIndex(groups, (g) => g.digits);
  if (numberIdx < 0) return null;
  const labelIdx = longestIndex(groups, (g, i) => !g.digits && i < numberIdx);
  if (labelIdx < 0) return null;

  let label = groups
    .slice(labelIdx, numberIdx)
    .map((g) => g.text)
    .join("")
    .toUpperCase();
  if (label === "DGCEAD" || label === "DGCEMD" || label === "DGCESD") label = label.slice(2);
  if (label === "FC2PPV") label = "FC2";
  let number = formatNumber(groups[numberIdx].text);
  // T-28633 is T28-633: the T lines fold their series digits into a 5-digit number.
  if (label === "T" && number.length === 5) {
    label = `T${number.slice(0, 2)}`;
    number = number.slice(2);
  }
  return { label, number };
}

/** Canonical dvdId from a label and number, applying the HEYZO and amateur spellings. */
export function joinDvdId(label: string, number: string): string {
  if (label === "HEYZO") return `HEYZO-${padNumber(number, 4)}`;
  return amateurDvdId(label, number) ?? `${label}-${number}`;
}

const CONTENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * DMM/FANZA content id -> dvdId (118abp00123 -> ABP-123, h_086mesu00103 -> MESU-103).
 * An id with no label + number (abc, 123, h_006ghta, BIC-MAN) comes back unchanged,
 * as in the reference table; null only for text that cannot be a content id at all
 * (empty, spaces, other characters, over 64 characters).
 */
export function contentIdToDvdId(contentId: string): string | null {
  if (typeof contentId !== "string") return null;
  const id = contentId.trim();
  if (!CONTENT_ID.test(id)) return null;
  const parts = splitDmmId(id);
  return parts === null ? id : joinDvdId(parts.label, parts.number);
}

/** Content ids compare trimmed and lowercase. */
export function normalizeContentId(cid: string): string {
  return String(cid).trim().toLowerCase();
}

/** Text that can be a content id as sources key titles (118abp00123, h_086mesu00103): lower case, letters and digits and _, a letter among them. */
export function isContentIdText(s: string): boolean {
  return /^(?=[a-z0-9_]*[a-z])[a-z0-9_]{3,40}$/.test(s);
}
