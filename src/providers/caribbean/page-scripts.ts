/**
 * What a title page says only in its scripts: the player's poster and the sample video.
 * The patterns are metatube-sdk-go's (provider/caribbeancom/core/core.go): Caribbeancom
 * writes `emimg = '/moviepages/<id>/images/l_l.jpg';`, Premium
 * `posterImage = '/moviepages/'+movie_id+'/images/main_b.jpg';`, and both a JSON object
 * `var Movie = {...};` with `sample_flash_url` and `sample_m_flash_url`.
 */
import { isObject, str, type JsonObject } from "../coerce.js";

const EMIMG = /emimg\s*=\s*'(.+?)';/;
const POSTER_IMAGE = /posterImage\s*=\s*'(.+?)'\+movie_id\+'(.+?)';/;
const MOVIE = /Movie\s*=\s*(\{.+?\});/;

/** The poster path as the page's script writes it (relative as a rule), or null. */
export function posterPath(scripts: readonly string[], id: string): string | null {
  for (const s of scripts) {
    const m = EMIMG.exec(s);
    if (m) return m[1];
  }
  for (const s of scripts) {
    const m = POSTER_IMAGE.exec(s);
    if (m) return `${m[1]}${id}${m[2]}`;
  }
  return null;
}

/** The page's `Movie` object; an unreadable one is none (MetaTube ignores it too). */
export function movieObject(scripts: readonly string[]): JsonObject | null {
  for (const s of scripts) {
    const m = MOVIE.exec(s);
    if (!m) continue;
    try {
      const v: unknown = JSON.parse(m[1]);
      if (isObject(v)) return v;
    } catch {
      // Not JSON after all (a script of another shape): look on.
    }
  }
  return null;
}

/**
 * The sample video: the full-size one, else the mobile one, as MetaTube picks. The page's
 * player plays none when `sampleexclude_flag` is 1 or a file's `_exists` flag is 0 (JavSP's
 * reading of the same object), so neither is taken then.
 */
export function sampleVideo(movie: JsonObject | null): string | null {
  if (movie === null || str(movie.sampleexclude_flag) === "1") return null;
  for (const key of ["sample_flash", "sample_m_flash"]) {
    const url = str(movie[`${key}_url`]);
    if (url !== null && str(movie[`${key}_exists`]) !== "0") return url;
  }
  return null;
}
