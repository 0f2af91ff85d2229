/**
 * Names every file system takes, from a rendered template. The rules for windows are
 * Microsoft's "Naming Files, Paths, and Namespaces" (Win32 file namespace): none of
 * `< > : " / \ | ? *` nor characters 0-31; not CON, PRN, AUX, NUL, COM0-9, LPT0-9 (nor
 * COM¹²³/LPT¹²³, which Windows reads as digits there), even with an extension
 * (`NUL.txt` is NUL); no trailing space or dot; 255 UTF-16 units per component. A Samba
 * share on ext4 also has ext4's 255 bytes of UTF-8, and Windows clients see it case-
 * insensitively: so windows = NTFS, exFAT and a Samba share, both limits (a UTF-16 unit
 * never takes more than a UTF-8 byte, so in practice the bytes bind). posix: only `/` and
 * NUL are forbidden, 255 bytes of UTF-8 per component.
 *
 * On every target: Unicode NFC first (what macOS and Windows produce, and one spelling
 * for the collision key); control characters made `_` (posix takes them, but they break
 * shells and media servers); no leading dot (hidden, and our own walker skips it), no
 * leading or trailing space, no empty component, so `.` and `..` cannot be made.
 * A forbidden character becomes its full-width form (`:` -> `：`, `?` -> `？`), as
 * Japanese titles already write them; one without a full-width form becomes `_`.
 *
 * Too long: only title pieces are shortened, at a grapheme boundary (a surrogate pair
 * or a base and its combining marks stay whole), ending in "…" to show the cut. If the
 * titles alone cannot make it fit (a huge cast list), the other pieces but the code,
 * content id, marks and part are shortened the same way, longest first, as a last
 * resort rather than a failure; only a code, marks and part over the limit themselves
 * throw.
 */
import type { Piece, RenderedPath } from "./template-render.js";

export type NameTarget = "posix" | "windows";

const MAX = 255;
const ELLIPSIS = "…";
const FULL_WIDTH: Record<string, string> = {
  "<": "＜",
  ">": "＞",
  ":": "：",
  '"': "＂",
  "/": "／",
  "\\": "＼",
  "|": "｜",
  "?": "？",
  "*": "＊",
};
const WINDOWS_FORBIDDEN = /[<>:"/\\|?*]/g;
const CONTROL = /[\u0000-\u001f]/g;
/** A reserved device name: the name up to its first dot, trailing spaces aside. */
const RESERVED = /^(?:CON|PRN|AUX|NUL|COM[0-9¹²³]|LPT[0-9¹²³])$/i;

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const encoder = new TextEncoder();

function cleanText(text: string, target: NameTarget): string {
  const nfc = text.normalize("NFC").replace(CONTROL, "_");
  return target === "windows" ? nfc.replace(WINDOWS_FORBIDDEN, (c) => FULL_WIDTH[c] ?? "_") : nfc.replace(/\//g, FULL_WIDTH["/"]);
}

/** The room a name takes, by each limit of the target: [UTF-8 bytes, UTF-16 units]. */
function size(text: string): [number, number] {
  return [encoder.encode(text).length, text.length];
}

function fits(text: string, room: [number, number], target: NameTarget): boolean {
  const [bytes, units] = size(text);
  return bytes <= room[0] && (target === "posix" || units <= room[1]);
}

/** Leading dots and spaces, trailing spaces (and on windows dots) removed. */
function trimEdges(text: string, target: NameTarget): string {
  const start = text.replace(/^[.\s]+/u, "");
  return target === "windows" ? start.replace(/[.\s]+$/u, "") : start.replace(/\s+$/u, "");
}

/** CON -> CON_, NUL.tar -> NUL_.tar: the same name, no longer a device. */
function unreserve(name: string): string {
  const dot = name.indexOf(".");
  const base = dot < 0 ? name : name.slice(0, dot);
  return RESERVED.test(base.trimEnd()) ? `${base.trimEnd()}_${dot < 0 ? "" : name.slice(dot)}` : name;
}

/** The longest cut of `text` (whole graphemes, then "…") for which `ok` holds; "" when none. */
function cut(text: string, ok: (candidate: string) => boolean): string {
  const graphemes = Array.from(segmenter.segment(text), (s) => s.segment);
  let lo = 0;
  let hi = graphemes.length - 1;
  let best = "";
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const candidate = graphemes.slice(0, mid).join("").trimEnd() + ELLIPSIS;
    if (mid > 0 && ok(candidate)) {
      best = candidate;
      lo = mid + 1;
    } else if (mid === 0) lo = 1;
    else hi = mid - 1;
  }
  return best;
}

/** Shortens pieces until the joined text fits: titles from the last, then the rest but kept pieces, longest first. */
function shorten(pieces: Piece[], room: [number, number], target: NameTarget): string {
  const texts = pieces.map((p) => p.text);
  const whole = () => texts.join("");
  if (fits(trimEdges(whole(), target), room, target)) return whole();
  const titles = pieces.flatMap((p, i) => (p.title ? [i] : [])).reverse();
  const rest = pieces.flatMap((p, i) => (!p.title && !p.keep ? [i] : [])).sort((a, b) => size(texts[b])[0] - size(texts[a])[0]);
  for (const i of [...titles, ...rest]) {
    const ok = (candidate: string) => {
      const trial = texts.slice();
      trial[i] = candidate;
      return fits(trimEdges(trial.join(""), target), room, target);
    };
    texts[i] = cut(texts[i], ok);
    if (texts[i] !== "") return whole();
  }
  throw new Error(`a name that cannot be made short enough: ${whole()}`);
}

function legalComponent(pieces: Piece[], room: [number, number], target: NameTarget): string {
  const clean = pieces.map((p) => ({ ...p, text: cleanText(p.text, target) }));
  const trimmed = trimEdges(shorten(clean, room, target), target);
  const name = target === "windows" ? unreserve(trimmed) : trimmed;
  return name === "" ? "_" : name;
}

/**
 * Folder and file names legal on the target. `suffixes`: what will be appended to the
 * file name stem of this file or its companions (".mp4", ".zh-CN.ass", "-fanart-20.jpg"):
 * the stem is shortened so that the longest fits.
 */
export function legalPath(r: RenderedPath, o: { target: NameTarget; suffixes: string[] }): { folders: string[]; stem: string } {
  const suffixes = o.suffixes.map((s) => cleanText(s, o.target));
  const taken = suffixes.reduce<[number, number]>(
    (m, s) => {
      const [b, u] = size(s);
      return [Math.max(m[0], b), Math.max(m[1], u)];
    },
    [0, 0],
  );
  const folders = r.folders.map((c) => legalComponent(c, [MAX, MAX], o.target));
  const stem = legalComponent(r.file, [MAX - taken[0], MAX - taken[1]], o.target);
  return { folders, stem };
}

/** One code point upper-cased when it maps to one (NTFS's upcase table is one to one: ß stays ß). */
function simpleUpper(text: string): string {
  let out = "";
  for (const ch of text) {
    const up = ch.toUpperCase();
    out += [...up].length === 1 ? up : ch;
  }
  return out;
}

/** The key two paths collide on for the target: NFC, and case-folded for windows. */
export function collisionKey(relPath: string, target: NameTarget): string {
  const nfc = relPath.normalize("NFC");
  return target === "windows" ? simpleUpper(nfc) : nfc;
}
