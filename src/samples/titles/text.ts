/**
 * Titles and comments for sample records, composed from the phrase pairs in
 * words.ts so the English and Japanese texts tell the same story.
 */
import type { SampleRng } from "./prng.js";
import type { SamplePerson } from "./names.js";
import { CLOSERS, COMMENT_SENTENCES, OPENERS, STORIES, SUBJECTS } from "./words.js";

const TITLE_JA_MIN = 15;
const TITLE_EN_MAX_WORDS = 15;
const JA_CONNECTORS = ["が", "の", "　"];

/** Words in a non-empty string of single-space-separated words, without allocating. */
function wordCount(s: string): number {
  let n = 1;
  for (let at = s.indexOf(" "); at !== -1; at = s.indexOf(" ", at + 1)) n++;
  return n;
}

/**
 * `lead` is the first actress, or null. The name goes into most titles that have
 * one; the rest use a generic subject ("A Mysterious Beauty").
 */
export function composeTitles(rng: SampleRng, lead: SamplePerson | null): { titleEn: string; titleJa: string } {
  const subject = lead !== null && rng.chance(0.9) ? lead : rng.pick(SUBJECTS);
  const story = rng.pick(STORIES);
  let opener = rng.chance(0.35) ? rng.pick(OPENERS) : null;
  let closer = rng.chance(0.4) ? rng.pick(CLOSERS) : null;
  const connector = rng.pick(JA_CONNECTORS);

  const core = subject.ja + connector + story.ja;
  const coreEn = `${subject.en} ${story.en}`;
  const closerWords = closer === null ? 0 : wordCount(closer.en);
  if (opener !== null && wordCount(opener.en) + wordCount(coreEn) + closerWords > TITLE_EN_MAX_WORDS) opener = null;
  if (core.length + (opener?.ja.length ?? 0) + (closer?.ja.length ?? 0) < TITLE_JA_MIN) {
    closer ??= CLOSERS[0];
    if (core.length + (opener?.ja.length ?? 0) + closer.ja.length < TITLE_JA_MIN) opener ??= OPENERS[0];
  }

  const titleJa = (opener?.ja ?? "") + core + (closer?.ja ?? "");
  let titleEn = coreEn;
  if (opener !== null) titleEn = `${opener.en} ${titleEn}`;
  if (closer !== null) titleEn = `${titleEn} ${closer.en}`;
  return { titleEn, titleJa };
}

/** Both comments are null together (~40%), otherwise 1-3 distinct sentences. */
export function composeComments(rng: SampleRng, lead: SamplePerson | null): { commentEn: string | null; commentJa: string | null } {
  if (rng.chance(0.4)) return { commentEn: null, commentJa: null };
  const n = rng.range(1, 3);
  const picks = rng.distinct(n, COMMENT_SENTENCES.length);
  const nameEn = lead?.en ?? "She";
  const nameJa = lead?.ja ?? "彼女";
  let en = "";
  let ja = "";
  for (const k of picks) {
    const s = COMMENT_SENTENCES[k];
    en += (en === "" ? "" : " ") + s.en.replace("{name}", nameEn);
    ja += s.ja.replace("{name}", nameJa);
  }
  return { commentEn: en, commentJa: ja };
}
