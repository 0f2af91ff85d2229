/**
 * DMM's larger pictures of a title, as MetaTube's FANZA provider finds them
 * (metatube-sdk-go provider/fanza/fanza.go, updateWithAWSImgSrc): for a digital video
 * (`/digital/videoa`) released since 2024-01-01, the jacket and thumbnail at
 * awsimgsrc.dmm.co.jp/pics_dig/ under the path they have on pics.dmm.co.jp.
 *
 * MetaTube asks DMM for both while it builds a title's info and keeps each only when the
 * answer is image/jpeg over 100 KiB (thumbnail) or 500 KiB (jacket). Asking that here
 * would put two outbound requests in every info answer; instead the URLs are derived
 * alone, and a picture is cut from the big jacket first, falling back to the jacket when
 * it is missing, no image or fails (bigFirst): never an error because of it. (MetaTube's
 * FANZA provider has marked updateWithAWSImgSrc deprecated and stopped calling it since
 * 2025-08, in commit 2088095; its engine still prefers big_* over cover_url.)
 */
import type { DetailedRecord } from "../model/record.js";
import { ImageError } from "./errors.js";
import type { CutImage, CutOptions, Images } from "./types.js";

const PICS = "https://pics.dmm.co.jp/";
const BIG_PICS = "https://awsimgsrc.dmm.co.jp/pics_dig/";
/** The folder of a digital video's (videoa's) pictures on pics.dmm.co.jp: the floor MetaTube reads from the homepage. */
const VIDEOA_PICS = `${PICS}digital/video/`;
const SINCE = "2024-01-01";

export interface BigPictures {
  /** The jacket at DMM's larger size, or "". */
  cover: string;
  /** The thumbnail at DMM's larger size, or "". */
  thumb: string;
}

const bigOf = (url: string): string => (url.startsWith(VIDEOA_PICS) ? BIG_PICS + url.slice(PICS.length) : "");

/** MetaTube's big_cover_url and big_thumb_url of a record: "" where its FANZA provider would not look. */
export function bigPictures(r: DetailedRecord): BigPictures {
  if (r.releaseDate === "" || r.releaseDate.slice(0, 10) < SINCE) return { cover: "", thumb: "" };
  return { cover: bigOf(r.jacketFullUrl), thumb: bigOf(r.jacketThumbUrl) };
}

/** How long a big picture that failed is not asked again: a day, then DMM is asked once more. */
const MISSING_MS = 24 * 60 * 60 * 1000;
const MISSING_MAX = 50_000;

/**
 * The cut from the first of `urls` that gives one (the big jacket, then the jacket), the last
 * one's failure standing for all. A big picture that failed is not asked again for a day (at
 * most MISSING_MAX of them are remembered), so a library scan does not ask DMM for it again on
 * each of a title's three pictures.
 */
export function bigFirst(now: () => number = Date.now) {
  const missing = new Map<string, number>();
  return async function cutFirst(images: Images, urls: readonly string[], cut: CutOptions): Promise<CutImage> {
    for (const [i, url] of urls.entries()) {
      const last = i === urls.length - 1;
      const since = missing.get(url);
      if (!last && since !== undefined && now() - since < MISSING_MS) continue;
      try {
        return await images.get(url, cut);
      } catch (err) {
        if (last || !(err instanceof ImageError)) throw err;
        // Whatever the failure (gone, no image, refused after the client's retries), the jacket serves
        // the day: a scan should not wait on the same failing request for each picture of a title.
        missing.delete(url);
        missing.set(url, now());
        if (missing.size > MISSING_MAX) missing.delete(missing.keys().next().value!);
      }
    }
    throw new ImageError("not_found", "no image");
  };
}
