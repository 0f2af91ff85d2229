import type { Config } from "../config/load.js";
import type { Log } from "../lib/log.js";
import type { HttpClient } from "../net/index.js";
import { decodeEntry, encodeEntry } from "./cache-entry.js";
import { cutNormal } from "./cut.js";
import { normalizeCut } from "./cut-options.js";
import { DiskCache } from "./disk-cache.js";
import { ImageError } from "./errors.js";
import { fetchSource } from "./fetch-source.js";
import { localTreeFolder } from "./gfriends.js";
import { cutName, sourceName } from "./keys.js";
import { SingleFlight } from "./single-flight.js";
import type { CutImage, CutOptions, Images, ImagesOptions, SourceImage } from "./types.js";

function abandoned(reason: unknown): ImageError {
  return new ImageError("upstream", "image request aborted", { cause: reason });
}

/**
 * Images fetched through the one outbound client, cut with libvips, and kept in a bounded disk
 * cache (sources and cuts alike). Concurrent askers of one source share one fetch, of one cut one
 * cut; nothing but the work in flight is held in memory.
 */
export function createImages(opts: ImagesOptions): Images {
  return new CachedImages(opts);
}

class CachedImages implements Images {
  private readonly cache: DiskCache;
  private readonly sources = new SingleFlight<SourceImage>(abandoned);
  private readonly cuts = new SingleFlight<CutImage>(abandoned);
  private readonly counts = { hits: 0, misses: 0, fetches: 0 };
  private closed = false;
  /** Image hosts whose request rate is set on the client (once each: IMAGE_HOST_RATE). */
  private readonly rated = new Set<string>();

  constructor(private readonly opts: ImagesOptions) {
    this.cache = new DiskCache({ dir: opts.dir, maxBytes: opts.maxBytes, now: opts.now ?? Date.now, log: opts.log });
  }

  get(url: string, cut: CutOptions, signal?: AbortSignal): Promise<CutImage> {
    if (this.closed) return Promise.reject(closedError());
    const normal = normalizeCut(cut);
    const name = cutName(url, normal);
    return this.cuts.run(
      name,
      async (flight) => {
        const kept = await this.lookup(name);
        if (kept) return { jpeg: kept.bytes, width: kept.meta.width, height: kept.meta.height };
        const made = await cutNormal((await this.source(url, flight)).bytes, normal);
        this.cache.write(name, encodeEntry({ ...made, format: "jpeg" }, made.jpeg));
        return made;
      },
      signal,
    );
  }

  original(url: string, signal?: AbortSignal): Promise<SourceImage> {
    return this.closed ? Promise.reject(closedError()) : this.source(url, signal);
  }

  stats() {
    return { ...this.cache.stats(), ...this.counts };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.cache.flush();
  }

  private source(url: string, signal?: AbortSignal): Promise<SourceImage> {
    const name = sourceName(url);
    return this.sources.run(
      name,
      async (flight) => {
        const kept = await this.lookup(name);
        if (kept) return { bytes: kept.bytes, ...kept.meta };
        this.counts.fetches += 1;
        this.rateHostOf(url);
        const fetched = await fetchSource(this.opts.http, url, flight, this.opts.localRoot);
        this.cache.write(name, encodeEntry(fetched, fetched.bytes));
        return fetched;
      },
      signal,
    );
  }

  /** What the cache holds under `name`, counted as a hit or a miss. */
  private async lookup(name: string) {
    const file = await this.cache.read(name);
    const entry = file && decodeEntry(file);
    if (entry) this.counts.hits += 1;
    else this.counts.misses += 1;
    return entry;
  }

  private rateHostOf(url: string): void {
    if (this.opts.hostRate === undefined) return;
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      return;
    }
    if (host === "" || this.rated.has(host)) return;
    this.rated.add(host);
    this.opts.http.setHostRate(host, this.opts.hostRate);
  }
}

function closedError(): ImageError {
  return new ImageError("upstream", "images closed");
}

/**
 * The images of a process as its settings say: IMAGE_CACHE_DIR, IMAGE_CACHE_MB, IMAGE_HOST_RATE,
 * and PEOPLE_PICTURES when it is a folder (whose pictures are then read from disk).
 * `processes` share the folder (a server's workers): each keeps its part of IMAGE_CACHE_MB,
 * since each knows the files of the others only as they were when it started.
 */
export function imagesFor(
  config: Pick<Config, "imageCacheDir" | "imageCacheMb" | "imageHostRate" | "peoplePictures">,
  http: HttpClient,
  log?: Pick<Log, "warn">,
  processes = 1,
): Images {
  const maxBytes = Math.floor((config.imageCacheMb * 1024 * 1024) / Math.max(1, processes));
  return createImages({ http, dir: config.imageCacheDir, maxBytes, hostRate: config.imageHostRate, log, localRoot: localTreeFolder(config) });
}

/**
 * Images made on first use: a command that may need none (a scan whose sidecars are all
 * current) does not pay for indexing the disk cache at start.
 */
export function lazyImages(make: () => Images): Images & { made(): boolean } {
  let images: Images | null = null;
  const real = () => (images ??= make());
  return {
    get: (url, cut, signal) => real().get(url, cut, signal),
    original: (url, signal) => real().original(url, signal),
    stats: () => real().stats(),
    close: async () => {
      await images?.close();
    },
    made: () => images !== null,
  };
}
