/**
 * A person's names as the sources write them: which script a name is in, whether it can
 * name one person on its own, and DMM's `名（旧名）` for a renamed actress. Pure code, used
 * by the catalog's upkeep of people and by every face that shows a name.
 */

export type Script = "kanji" | "kana" | "latin";

const ASCII = /^[\x20-\x7e]*$/;

/** Folding for exact, case-insensitive name matches (NFKC is the identity on printable ASCII). */
export function foldName(name: string): string {
  const n = ASCII.test(name) ? name : name.normalize("NFKC");
  return n.trim().replace(/\s+/g, " ").toLowerCase();
}

const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** The script of a name: kanji when it holds any (三上悠亜, 紗倉まな), kana when only kana (みなみ), else Latin. */
export function scriptOf(name: string): Script {
  if (HAN.test(name)) return "kanji";
  return KANA.test(name) ? "kana" : "latin";
}

/** Spaces and the middle dot that part a family name from a given one. */
const PARTS = /[\s\u30fb\uff65\u00b7]+/u;

/**
 * Whether a name can stand for one person without an id: a Latin name of two words or
 * more ("Yua Mikami"), a Japanese one with kanji of four characters or more (三上悠亜,
 * 紗倉まな) or of two parts. A one-word stage name (みなみ, つぼみ, Minami) or a short one
 * (葵, 沙也加) is worn by many: it never joins a person on the name alone.
 */
export function isFullName(name: string): boolean {
  const n = name.normalize("NFKC").trim();
  const parts = n.split(PARTS).filter((p) => p !== "");
  if (scriptOf(n) === "latin") return parts.length >= 2 && parts.every((p) => /\p{L}{2}/u.test(p));
  if (parts.length >= 2) return parts.every((p) => [...p].length >= 1) && [...parts.join("")].length >= 3;
  return HAN.test(n) && [...n].length >= 4;
}

/** DMM's renamed actress: `新名（旧名）`, the former names in brackets, several parted by 、 or /. */
const WITH_FORMER = /^(.*?\S)\s*[（(]\s*(?:旧名?\s*[:：]\s*)?([^（）()]+?)\s*[)）]$/u;
const FORMER_PARTS = /\s*[、,，/／]\s*/u;

/** A credited name and the former names it carries (`名（旧名）`), or the name alone. */
export function splitFormer(name: string): { name: string; former: string[] } {
  const m = WITH_FORMER.exec(name.trim());
  if (m === null) return { name: name.trim(), former: [] };
  const former = m[2].split(FORMER_PARTS).filter((f) => f !== "" && f !== m[1]);
  return { name: m[1], former };
}
