import type { DetailedRecord } from "../../src/model/record.js";
import { makeRecord } from "./build-app.js";

/** Strings a serialiser escapes, or might: quotes, backslashes, controls, lone and paired surrogates, separators. */
const AWKWARD = ['"', "\\", '\\"', "\n", "\t", "\u0000", "\u001f", "\u007f", "\ud800", "\udfff", "😀", "\u2028", "/", "</script>", "凛音", "é", ""];

function awkward(seed: number): string {
  let s = "";
  for (let i = 0; i < 1 + (seed % 7); i++) s += AWKWARD[(seed * 31 + i * 17) % AWKWARD.length] + (i % 2 ? "x" : "");
  return s;
}

/** Records the generator never makes: nulls, empty arrays, escapes in every field, galleries of every form. */
export function edgeRecords(): DetailedRecord[] {
  const out: DetailedRecord[] = [];
  for (let k = 0; k < 200; k++) {
    const s = (n: number) => awkward(k * 13 + n);
    const base = `https://x/${s(1)}/p${k % 3 === 0 ? "" : s(2)}-`;
    const counting = Array.from({ length: 2 + (k % 5) }, (_, i) => `${base}${i + 1}${k % 2 ? ".jpg" : s(3)}`);
    const galleries = [[], [s(4)], counting, [...counting].reverse(), [`${base}11.jpg`, `${base}12.jpg`], [`${base}1`, `${base}2`]];
    out.push(
      makeRecord({
        contentId: `c${k}${s(5)}`,
        dvdId: s(6),
        titleEn: s(7),
        titleJa: s(8),
        commentEn: k % 2 ? null : s(9),
        commentJa: k % 3 ? s(10) : null,
        runtimeMins: [0, 1, 59, 240, 100000, -5][k % 6],
        makers: k % 4 ? [s(11), s(12)] : [],
        label: s(13),
        series: k % 5 ? s(14) : null,
        categories: Array.from({ length: k % 4 }, (_, i) => s(15 + i)),
        actresses: k % 2 ? [s(20)] : [],
        actors: k % 3 ? [] : [s(21), s(22)],
        directors: k % 7 ? [] : [s(23)],
        authors: [],
        jacketFullUrl: s(24),
        jacketThumbUrl: s(25),
        site: s(26),
        serviceCode: s(27),
        extra: {
          actressesRich: Array.from({ length: k % 3 }, (_, i) => ({ name: s(30 + i), image: i % 2 ? null : s(33 + i) })),
          sampleUrl: k % 4 === 1 ? null : s(36),
          galleryFull: galleries[k % galleries.length],
          galleryThumb: galleries[(k + 2) % galleries.length],
        },
      }),
    );
  }
  return out;
}
