/** How people name the files of a code (see test/fixtures/file-names for the real shapes): bench:scan's and bench:organize's libraries. */
export const SHAPES: Array<(code: string, i: number) => string> = [
  (c) => `${c}.mp4`,
  (c) => `hhd800.com@${c}-C.mp4`,
  (c) => `[Thz.la]${c.toLowerCase()}.mkv`,
  (c) => `${c} 1080p x264.mkv`,
  (c, i) => `${c}-cd${1 + (i % 2)}.avi`,
  (c) => `${c}/video.mp4`,
  (c) => `Actress Name - Some Title [${c}].mp4`,
  (c) => `${c} 日本語のタイトル 女優名.mp4`,
  (c) => `FHD-${c}-uncensored-leak.mp4`,
  (c) => `${c}~p2pnet.com.wmv`,
];
