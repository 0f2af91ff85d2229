/**
 * A search worker: its own read-only connection to the catalog, so a query that
 * matches half the catalog never stalls the event loop that serves /movie.
 */
import { parentPort, workerData } from "node:worker_threads";
import { catalogSettled, openDatabase } from "../catalog/index.js";
import type { Config } from "../config/load.js";
import { AppError } from "../lib/errors.js";
import { bestTextMatchId } from "./lookup-movie.js";
import { searchCatalog } from "./search-catalog.js";
import type { SearchRequest, SearchReply } from "./search-pool.js";

const { path, config } = workerData as { path: string; config: Config };
const db = openDatabase(path, { readonly: true, cacheSizeMb: config.cacheSizeMb, mmapSizeMb: config.mmapSizeMb });
const deps = { db, config, live: null, pool: null };
// Starts the clock of catalogSettled now: a catalog that has not changed since the
// worker started counts as settled SETTLED_MS later, not SETTLED_MS after the first search.
catalogSettled(db);

parentPort!.on("message", (req: SearchRequest) => {
  let reply: SearchReply;
  try {
    reply =
      req.op === "search"
        ? { id: req.id, ok: true, answer: searchCatalog(deps, req.input) }
        : { id: req.id, ok: true, movieId: bestTextMatchId(deps, req.q, req.providers) };
  } catch (err) {
    const e = err as Error;
    reply = { id: req.id, ok: false, code: err instanceof AppError ? err.code : "INTERNAL", message: e.message };
  }
  parentPort!.postMessage(reply);
});
