import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Config } from "../config/load.js";
import { AppError, type ErrorCode } from "../lib/errors.js";
import type { SearchAnswer, SearchInput } from "./search-catalog.js";

type Request = { op: "search"; input: SearchInput } | { op: "best"; q: string; providers: string[] | null };
export type SearchRequest = Request & { id: number };

type Answer = { ok: true; answer?: SearchAnswer; movieId?: number | null };
export type SearchReply = { id: number } & (Answer | { ok: false; code: ErrorCode | "INTERNAL"; message: string });

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve: (r: SearchReply) => void; reject: (e: Error) => void }>;
}

const here = fileURLToPath(import.meta.url);
// From TypeScript sources the worker starts through a small entry that registers the loader;
// compiled, it is an entry point of the build beside the bundle (dist/search-worker.js).
const WORKER_FILE = new URL(extname(here) === ".ts" ? "./search-worker-entry.mjs" : "./search-worker.js", import.meta.url);

/**
 * A search allocates little that lives (id lists, a page of strings; bitsets are off
 * the heap): a young generation of 8 MB instead of V8's default kept the server ~30 MB
 * smaller with 2 workers at 1,000,000 titles, at the same search speed.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

/**
 * Worker threads that run searches on their own connections. Each request goes to
 * the worker with the fewest in flight; a worker that dies fails its requests and
 * is replaced.
 */
export class SearchPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closing = false;

  constructor(
    private readonly path: string,
    private readonly config: Config,
    size: number,
  ) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_FILE, { workerData: { path: this.path, config: this.config }, resourceLimits: WORKER_LIMITS });
    const slot: Slot = { worker, pending: new Map() };
    worker.on("message", (reply: SearchReply) => {
      const p = slot.pending.get(reply.id);
      slot.pending.delete(reply.id);
      p?.resolve(reply);
    });
    const fail = (err: Error) => {
      for (const p of slot.pending.values()) p.reject(err);
      slot.pending.clear();
      const i = this.slots.indexOf(slot);
      if (i !== -1 && !this.closing) this.slots[i] = this.spawn();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => {
      if (!this.closing) fail(new Error(`search worker exited with code ${code}`));
    });
    return slot;
  }

  private send(req: Request): Promise<Answer> {
    const slot = this.slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = this.nextId++;
    return new Promise<SearchReply>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ ...req, id });
    }).then((reply) => {
      if (!reply.ok) throw reply.code === "INTERNAL" ? new Error(reply.message) : new AppError(reply.code, reply.message);
      return reply as Answer;
    });
  }

  async search(input: SearchInput): Promise<SearchAnswer> {
    return (await this.send({ op: "search", input })).answer!;
  }

  async bestTextMatchId(q: string, providers: string[] | null): Promise<number | null> {
    return (await this.send({ op: "best", q, providers })).movieId ?? null;
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
