import type { Config } from "../../config/load.js";
import { AppError, ERROR_CODES, type ErrorCode } from "../../lib/errors.js";
import { WorkerError, WorkerPool } from "../../lib/worker-pool.js";
import {
  bytesToLatin1,
  latin1ToBytes,
  resultsFromLatin1,
  resultsToLatin1,
  type CatalogFilter,
  type CheckpointResult,
  type PageQuery,
  type ResultOnThread,
} from "../../catalog/index.js";
import type { DetailedRecord } from "../../model/record.js";
import type { RandomAnswer, SearchAnswer, SearchInput } from "./answers.js";

export type SearchRequest =
  | { op: "search"; input: SearchInput }
  | { op: "best"; q: string; providers: string[] | null }
  | { op: "ids"; query: PageQuery }
  | { op: "random"; num: number; filter: CatalogFilter }
  | { op: "people"; folded: string; limit: number; offset: number }
  | { op: "checkpoint" };

/**
 * A search allocates little that lives (id lists, a page of strings; bitsets are off
 * the heap): a small young generation instead of V8's default keeps each worker's
 * memory down at the same search speed.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

/** A draw as it crosses from a worker: its JSON bytes as Latin-1 text (catalog wire/thread-transfer.ts says why). */
export type WireRandom = { latin1: string } | { records: DetailedRecord[] };

export function toWire(a: RandomAnswer): WireRandom {
  return "records" in a ? a : { latin1: bytesToLatin1(a.json) };
}

function fromWire(w: WireRandom): RandomAnswer {
  return "records" in w ? w : { json: latin1ToBytes(w.latin1) };
}

/** A search answer as it crosses from a worker: each result's JSON bytes as Latin-1 text too. */
export type WireSearch = Omit<SearchAnswer, "body"> & { body: Omit<SearchAnswer["body"], "results"> & { results: ResultOnThread[] } };

export function toWireSearch(a: SearchAnswer): WireSearch {
  return { ...a, body: { ...a.body, results: resultsToLatin1(a.body.results) } };
}

function fromWireSearch(w: WireSearch): SearchAnswer {
  return { ...w, body: { ...w.body, results: resultsFromLatin1(w.body.results) } };
}

/**
 * Worker threads (search-worker.ts) that run searches and random draws on their own
 * connections: the reads that take long enough to hold up the event loop. Each
 * request goes to the worker with the fewest in flight; a worker that dies fails its
 * requests and is replaced.
 */
export class SearchPool {
  private readonly pool: WorkerPool<SearchRequest, unknown>;

  constructor(path: string, config: Config, size: number) {
    this.pool = new WorkerPool({
      source: new URL("../search/search-worker.ts", import.meta.url),
      data: { path, config },
      size,
      resourceLimits: WORKER_LIMITS,
      respawn: true,
    });
  }

  private async send(req: SearchRequest): Promise<unknown> {
    try {
      return await this.pool.call(req);
    } catch (err) {
      // An error meant for the client keeps its code and status; anything else is a 500.
      if (err instanceof WorkerError && err.code && err.code in ERROR_CODES) throw new AppError(err.code as ErrorCode, err.message);
      throw err;
    }
  }

  async search(input: SearchInput): Promise<SearchAnswer> {
    return fromWireSearch((await this.send({ op: "search", input })) as WireSearch);
  }

  async bestTextMatchId(q: string, providers: string[] | null): Promise<number | null> {
    return (await this.send({ op: "best", q, providers })) as number | null;
  }

  /** The total and the ids of one page of a search (for answers built from whole records). */
  async titleIds(query: PageQuery): Promise<{ total: number; ids: number[] }> {
    return (await this.send({ op: "ids", query })) as { total: number; ids: number[] };
  }

  /** People with a name holding `folded` (catalog searchPeople: it reads every name). */
  async people(folded: string, limit: number, offset: number): Promise<{ total: number; ids: number[] }> {
    return (await this.send({ op: "people", folded, limit, offset })) as { total: number; ids: number[] };
  }

  /** Requests in flight on the least busy worker (0 when one is idle). */
  get queued(): number {
    return this.pool.leastInFlight;
  }

  async random(num: number, filter: CatalogFilter): Promise<RandomAnswer> {
    return fromWire((await this.send({ op: "random", num, filter })) as WireRandom);
  }

  /**
   * A passive checkpoint of the catalog's WAL on a worker, off the event loop
   * (see catalog leaveCheckpointsToOthers): the frames in the WAL and those copied.
   */
  async checkpoint(): Promise<CheckpointResult> {
    return (await this.send({ op: "checkpoint" })) as CheckpointResult;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
