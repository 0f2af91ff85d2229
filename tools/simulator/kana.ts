/**
 * Romaji -> hiragana for made-up readings (FANZA `ruby`, r18.dev `name_kana`). The
 * sample names are plain Hepburn without long-vowel marks, so the readings are
 * plausible rather than right (Otsuki -> おつき): enough to exercise readings.
 */

const SYLLABLES: Readonly<Record<string, string>> = {
  a: "あ",
  i: "い",
  u: "う",
  e: "え",
  o: "お",
  ka: "か",
  ki: "き",
  ku: "く",
  ke: "け",
  ko: "こ",
  kya: "きゃ",
  kyu: "きゅ",
  kyo: "きょ",
  sa: "さ",
  si: "し",
  shi: "し",
  su: "す",
  se: "せ",
  so: "そ",
  sha: "しゃ",
  shu: "しゅ",
  sho: "しょ",
  ta: "た",
  ti: "ち",
  chi: "ち",
  tu: "つ",
  tsu: "つ",
  te: "て",
  to: "と",
  cha: "ちゃ",
  chu: "ちゅ",
  cho: "ちょ",
  na: "な",
  ni: "に",
  nu: "ぬ",
  ne: "ね",
  no: "の",
  nya: "にゃ",
  nyu: "にゅ",
  nyo: "にょ",
  ha: "は",
  hi: "ひ",
  hu: "ふ",
  fu: "ふ",
  he: "へ",
  ho: "ほ",
  hya: "ひゃ",
  hyu: "ひゅ",
  hyo: "ひょ",
  ma: "ま",
  mi: "み",
  mu: "む",
  me: "め",
  mo: "も",
  mya: "みゃ",
  myu: "みゅ",
  myo: "みょ",
  ya: "や",
  yu: "ゆ",
  yo: "よ",
  ra: "ら",
  ri: "り",
  ru: "る",
  re: "れ",
  ro: "ろ",
  rya: "りゃ",
  ryu: "りゅ",
  ryo: "りょ",
  wa: "わ",
  wo: "を",
  ga: "が",
  gi: "ぎ",
  gu: "ぐ",
  ge: "げ",
  go: "ご",
  gya: "ぎゃ",
  gyu: "ぎゅ",
  gyo: "ぎょ",
  za: "ざ",
  zi: "じ",
  ji: "じ",
  zu: "ず",
  ze: "ぜ",
  zo: "ぞ",
  ja: "じゃ",
  ju: "じゅ",
  jo: "じょ",
  da: "だ",
  di: "ぢ",
  du: "づ",
  de: "で",
  do: "ど",
  ba: "ば",
  bi: "び",
  bu: "ぶ",
  be: "べ",
  bo: "ぼ",
  bya: "びゃ",
  byu: "びゅ",
  byo: "びょ",
  pa: "ぱ",
  pi: "ぴ",
  pu: "ぷ",
  pe: "ぺ",
  po: "ぽ",
};

const VOWELS = "aeiou";

/** One romaji word in hiragana; letters that form no syllable are dropped. */
export function romajiToHiragana(word: string): string {
  const s = word.toLowerCase().replace(/[^a-z]/g, "");
  let out = "";
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    const next = s[i + 1];
    if (c === "n" && (next === undefined || (!VOWELS.includes(next) && next !== "y"))) {
      out += "ん";
      i += 1;
      continue;
    }
    // A doubled consonant (Hatta, Kitchen) is a small tsu.
    if (next !== undefined && !VOWELS.includes(c) && (next === c || (c === "t" && next === "c"))) {
      out += "っ";
      i += 1;
      continue;
    }
    const len = [3, 2, 1].find((n) => SYLLABLES[s.slice(i, i + n)] !== undefined);
    if (len === undefined) {
      i += 1;
      continue;
    }
    out += SYLLABLES[s.slice(i, i + len)];
    i += len;
  }
  return out;
}

/**
 * The reading of a romaji person name as Japanese writes it: family name first.
 * English spells "Yui Hatano"; the kana is はたのゆい.
 */
export function nameReading(romaji: string): string {
  return romaji.trim().split(/\s+/).reverse().map(romajiToHiragana).join("");
}
