import type { Log } from "../lib/log.js";
import type { HttpClient } from "../net/index.js";

export type ImageKind = "primary" | "thumb" | "backdrop";

export interface CutOptions {
  kind: ImageKind;
  /**
   * primary only: width / height of the cut; undefined or negative = MetaTube's 2:3; 0 or any other
   * value outside 0.01..100 = no cut (the whole image), as MetaTube. Ignored for thumb (16:9) and
   * backdrop (the whole image).
   */
  ratio?: number;
  /**
   * Where the cut's centre sits along the side it slides on, as MetaTube's `pos`: 0 = flush left
   * (or top), 1 = flush right (or bottom), and any value beyond pushes the cut to that end;
   * undefined = MetaTube's default for the kind: a primary at 1, a thumb at 0.5.
   */
  pos?: number;
  /** JPEG quality 1..100; default 90. */
  quality?: number;
  /**
   * Text written into the JPEG as its EXIF ImageDescription: a sidecar's mark of the
   * tool that wrote it (src/library), read back from the file's first bytes.
   */
  mark?: string;
}

export interface CutImage {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** A source image as fetched: its bytes untouched, its size as shown (EXIF orientation applied) and libvips's name of its format. */
export interface SourceImage {
  bytes: Buffer;
  width: number;
  height: number;
  format: string;
}

export interface ImagesStats {
  /** Files in the disk cache (originals and cuts) and their bytes. */
  entries: number;
  bytes: number;
  /** Lookups of the disk cache (cuts and originals) answered from it, and not. */
  hits: number;
  misses: number;
  /** Source images fetched. */
  fetches: number;
  /** Cache files that could not be written (read-only or full disk): the image was served all the same. */
  writeErrors: number;
}

export interface ImagesOptions {
  http: HttpClient;
  dir: string;
  /** Bound of the disk cache; 0 = keep nothing on disk. */
  maxBytes: number;
  /** Clock of the last-use times (ms since the epoch); Date.now unless set. */
  now?: () => number;
  /** Where failures to keep an image are told. */
  log?: Pick<Log, "warn">;
  /** Requests per second to each image host (0 = no limit); unset leaves the client's own (none for a host it does not know). */
  hostRate?: number;
  /** The picture tree's folder (PEOPLE_PICTURES): `file:` URLs under it are read from disk; any other is refused. */
  localRoot?: string | null;
}

export interface Images {
  /** The image at `url`, cut as asked: from the cache, else fetched (one fetch for concurrent askers of the same url) and cut (one cut for concurrent askers of the same cut). Throws ImageError. */
  get(url: string, cut: CutOptions, signal?: AbortSignal): Promise<CutImage>;
  /** The source image itself (the bytes as fetched, from the cache or fetched), for artwork written whole. Throws ImageError. */
  original(url: string, signal?: AbortSignal): Promise<SourceImage>;
  stats(): ImagesStats;
  /** Waits for the cache writes under way; later calls throw. */
  close(): Promise<void>;
}
