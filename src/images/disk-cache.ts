import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, unlink, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { scanFolder } from "./scan-folder.js";
import type { Log } from "../lib/log.js";

/** A hit moves its file's last-use time on disk at most this often: the order survives a restart without a write per hit. */
const TOUCH_EVERY_MS = 60_000;
/** Bytes waiting to be written at most: a disk that stalls costs writes, never the process's memory. */
const MAX_WRITING_BYTES = 64 * 1024 * 1024;
/** A folder that cannot be written fails every miss; once a minute in the log is enough to be seen. */
const LOG_EVERY_MS = 60_000;

interface Entry {
  size: number;
  /** Last-use time last written to the file's mtime. */
  touchedAt: number;
}

export interface DiskCacheOptions {
  dir: string;
  /** 0 = keep nothing: no reads, no writes, and what an earlier run left is removed. */
  maxBytes: number;
  now: () => number;
  log?: Pick<Log, "warn">;
}

/**
 * Files under `dir`, bounded by `maxBytes`: the least recently used leave first. The index (names,
 * sizes, use order) is read from the folder at start, using mtimes as last-use times. Every file is
 * written to a temporary name and renamed, so a kill never leaves half a file under a real name.
 */
export class DiskCache {
  /** In least-recently-used order: a use moves its entry to the end, eviction takes from the start. */
  private readonly entries = new Map<string, Entry>();
  private total = 0;
  private writeErrors = 0;
  private lastLoggedAt = Number.NEGATIVE_INFINITY;
  private readonly subfolders = new Set<string>();
  private readonly pending = new Set<Promise<void>>();
  /** Files being written, readable already: a repeat of a miss finds what the miss made. */
  private readonly writing = new Map<string, Buffer>();
  private writingBytes = 0;
  /** Files being removed: gone already as far as reads go, and a new write of one waits for its removal. */
  private readonly removing = new Map<string, Promise<void>>();
  private readonly ready: Promise<void>;

  constructor(private readonly opts: DiskCacheOptions) {
    this.ready = this.load();
  }

  /** The file's bytes, or undefined when there is none (or it cannot be read: a miss all the same). */
  async read(name: string): Promise<Buffer | undefined> {
    await this.ready;
    if (this.opts.maxBytes <= 0) return undefined;
    const early = this.writing.get(name);
    if (early) return early;
    if (this.removing.has(name)) return undefined;
    let file: Buffer;
    try {
      file = await readFile(this.path(name));
    } catch {
      this.forget(name);
      return undefined;
    }
    this.used(name, file.length);
    return file;
  }

  /** Keeps `data` under `name` in the background; never fails: a cache that cannot be written costs only a later fetch. */
  write(name: string, data: Buffer): void {
    if (data.length > this.opts.maxBytes || this.writing.has(name)) return;
    if (this.writingBytes + data.length > MAX_WRITING_BYTES) return this.failed(new Error("too many writes waiting"), name);
    this.writing.set(name, data);
    this.writingBytes += data.length;
    this.track(
      this.store(name, data).finally(() => {
        this.writing.delete(name);
        this.writingBytes -= data.length;
      }),
    );
  }

  stats(): { entries: number; bytes: number; writeErrors: number } {
    return { entries: this.entries.size, bytes: this.total, writeErrors: this.writeErrors };
  }

  /** Waits for the writes, touches and removals under way. */
  async flush(): Promise<void> {
    await this.ready;
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async store(name: string, data: Buffer): Promise<void> {
    await this.ready;
    const path = this.path(name);
    const temp = `${path}.${randomBytes(6).toString("hex")}.tmp`;
    const now = this.opts.now();
    try {
      await this.subfolder(name);
      await writeFile(temp, data, { flag: "wx" });
      await utimes(temp, now / 1000, now / 1000);
      await this.removing.get(name);
      await rename(temp, path);
    } catch (err) {
      await unlink(temp).catch(() => {});
      this.failed(err, name);
      return;
    }
    this.forget(name);
    this.entries.set(name, { size: data.length, touchedAt: now });
    this.total += data.length;
    this.evict();
  }

  private used(name: string, size: number): void {
    const now = this.opts.now();
    let entry = this.entries.get(name);
    if (entry) this.entries.delete(name);
    else entry = { size: 0, touchedAt: Number.NEGATIVE_INFINITY }; // written by another process since our start
    this.total += size - entry.size;
    entry.size = size;
    this.entries.set(name, entry);
    if (now - entry.touchedAt >= TOUCH_EVERY_MS) {
      entry.touchedAt = now;
      this.track(utimes(this.path(name), now / 1000, now / 1000).catch(() => {}));
    }
    this.evict();
  }

  private forget(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    this.entries.delete(name);
    this.total -= entry.size;
  }

  private evict(): void {
    for (const [name, entry] of this.entries) {
      if (this.total <= this.opts.maxBytes) return;
      this.entries.delete(name);
      this.total -= entry.size;
      const removal = unlink(this.path(name))
        .catch(() => {})
        .finally(() => {
          if (this.removing.get(name) === removal) this.removing.delete(name);
        });
      this.removing.set(name, removal);
      this.track(removal);
    }
  }

  private async load(): Promise<void> {
    const { files, subfolders } = await scanFolder(this.opts.dir);
    for (const sub of subfolders) this.subfolders.add(sub);
    for (const f of files) {
      this.entries.set(f.name, { size: f.size, touchedAt: f.usedAt });
      this.total += f.size;
    }
    this.evict();
  }

  private async subfolder(name: string): Promise<void> {
    const sub = name.slice(0, 2);
    if (this.subfolders.has(sub)) return;
    await mkdir(join(this.opts.dir, sub), { recursive: true });
    this.subfolders.add(sub);
  }

  private failed(err: unknown, name: string): void {
    this.writeErrors += 1;
    // The subfolder may be what went missing; the next write makes it again.
    this.subfolders.delete(name.slice(0, 2));
    const now = this.opts.now();
    if (now - this.lastLoggedAt < LOG_EVERY_MS) return;
    this.lastLoggedAt = now;
    const code = (err as { code?: unknown } | null)?.code;
    this.opts.log?.warn({ dir: this.opts.dir, code, writeErrors: this.writeErrors }, "image cache: cannot write, serving images without keeping them");
  }

  private path(name: string): string {
    return join(this.opts.dir, name.slice(0, 2), name);
  }

  private track(work: Promise<void>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }
}
