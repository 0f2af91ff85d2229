import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { parentPort, Worker, type ResourceLimits, type Transferable } from "node:worker_threads";
import { stableCode, VideoCatalogError } from "./video-catalog-error.js";

/**
 * The one way the service runs work on threads (searches, `import`, `import-dump`):
 * each worker is a module with its own entry in the build, started the same way,
 * asked by request and reply, and failing the same way.
 *
 * Starting: compiled, a worker is an entry point of the build beside the bundle
 * (dist/NAME.js, see scripts/build.mjs); from the TypeScript sources (`node --import
 * tsx`) it is the caller's NAME.ts, loaded after registering tsx in the new thread, which
 * does not inherit the loader. The tests, whose setup builds dist/ first, start theirs
 * from the build (workersFromBuild): each thread loading the sources anew through tsx
 * cost more than most of the work the tests give it.
 *
 * Failing: a request whose handler throws is rejected with an error of the same
 * message (and `code`, when the error had one). A worker that dies rejects what it
 * had in flight; the pool then starts another in its place (`respawn`) or fails
 * every later request with the same error.
 */
export interface WorkerSpec {
  /** The worker's module, as `new URL("./NAME.ts", import.meta.url)` from its caller. */
  source: URL;
  /** Data every worker gets as `workerData`. */
  data: unknown;
  size: number;
  resourceLimits?: ResourceLimits;
  /** Start a new worker in place of one that died (a server's pool) instead of failing. */
  respawn?: boolean;
}

/**
 * An error from a worker's handler, with its code when it had one (an AppError's API code, a
 * SQLite error's, the VC_ERR_ code of one of ours); without one its code is this class's.
 */
export class WorkerError extends VideoCatalogError {
  static {
    stableCode(WorkerError, "VC_ERR_WORKER");
  }

  declare readonly code: string;

  constructor(message: string, code: string | undefined) {
    super(message);
    if (code !== undefined) this.code = code;
    this.name = "WorkerError";
  }
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string; stack?: string; code?: string };

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

const fromSource = import.meta.url.endsWith(".ts");

/** The ESM entry of tsx's register API (a data: URL module can't resolve bare specifiers). */
function tsxApiUrl(): string {
  const cjs = createRequire(import.meta.url).resolve("tsx/esm/api");
  return pathToFileURL(cjs.replace(/\.cjs$/, ".mjs")).href;
}

/** Where workers started from the sources find their built entries instead; unset, they load the sources. */
let builtEntries: URL | null = null;

/** From the sources, start workers from the build in `dir` (its NAME.js), which must be current. */
export function workersFromBuild(dir: URL): void {
  builtEntries = dir;
}

function entryOf(source: URL): URL {
  const name = source.pathname.slice(source.pathname.lastIndexOf("/") + 1).replace(/\.ts$/, "");
  if (!fromSource) return new URL(`./${name}.js`, import.meta.url);
  if (builtEntries !== null) return new URL(`./${name}.js`, builtEntries);
  const entry = `(await import(${JSON.stringify(tsxApiUrl())})).register();\nawait import(${JSON.stringify(source.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(entry)}`);
}

export class WorkerPool<Req, Res> {
  private readonly slots: Slot[] = [];
  private readonly entry: URL;
  private nextId = 1;
  private closing = false;
  private failure: Error | null = null;

  constructor(private readonly spec: WorkerSpec) {
    this.entry = entryOf(spec.source);
    for (let i = 0; i < spec.size; i++) this.slots.push(this.spawn());
  }

  get size(): number {
    return this.slots.length;
  }

  /** Requests in flight on the least busy worker (0 when one is idle). */
  get leastInFlight(): number {
    let least = Number.POSITIVE_INFINITY;
    for (const slot of this.slots) least = Math.min(least, slot.pending.size);
    return least === Number.POSITIVE_INFINITY ? 0 : least;
  }

  private spawn(): Slot {
    const worker = new Worker(this.entry, { workerData: this.spec.data, resourceLimits: this.spec.resourceLimits });
    const slot: Slot = { worker, pending: new Map() };
    worker.on("message", (reply: Reply) => {
      const p = slot.pending.get(reply.id);
      slot.pending.delete(reply.id);
      if (reply.ok) p?.resolve(reply.value);
      else p?.reject(Object.assign(new WorkerError(reply.message, reply.code), reply.stack ? { stack: reply.stack } : {}));
    });
    const fail = (err: Error) => {
      for (const p of slot.pending.values()) p.reject(err);
      slot.pending.clear();
      if (this.closing) return;
      const i = this.slots.indexOf(slot);
      if (i === -1) return;
      if (this.spec.respawn) this.slots[i] = this.spawn();
      else this.failure ??= err;
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`a worker thread exited (code ${code})`)));
    return slot;
  }

  /** Sends a request to the worker with the fewest in flight, or to worker `to` (0-based) when given. */
  call(request: Req, options: { to?: number; transfer?: Transferable[] } = {}): Promise<Res> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closing) return Promise.reject(new Error("the worker pool is closed"));
    const slot = options.to === undefined ? this.slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a)) : this.slots[options.to];
    const id = this.nextId++;
    return new Promise<Res>((resolve, reject) => {
      slot.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      slot.worker.postMessage({ id, request }, options.transfer ?? []);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

/** A worker thread's side: answers each request with `handle`'s value, or its error. */
export function serveRequests<Req, Res>(handle: (request: Req) => Res | Promise<Res>, transferOf?: (value: Res) => Transferable[]): void {
  const port = parentPort;
  if (!port) throw new Error("serveRequests runs in a worker thread");
  port.on("message", async ({ id, request }: { id: number; request: Req }) => {
    let reply: Reply;
    let transfer: Transferable[] = [];
    try {
      const value = await handle(request);
      reply = { id, ok: true, value };
      if (transferOf) transfer = transferOf(value);
    } catch (err) {
      const e = err as Error & { code?: unknown };
      reply = { id, ok: false, message: e.message, stack: e.stack, code: typeof e.code === "string" ? e.code : undefined };
    }
    port.postMessage(reply, transfer);
  });
}
