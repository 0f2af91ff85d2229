/**
 * A search worker: its own read-only connection to the catalog, so a query that
 * matches half the catalog never stalls the event loop that serves /movie.
 */
import { workerData } from "node:worker_threads";
import { catalogSettled, checkpointPassive, type Db, openDatabase, searchPeople, searchTitleIds } from "../../catalog/index.js";
import type { Config } from "../../config/load.js";
import { serveRequests } from "../../lib/worker-pool.js";
import { bestTextMatchId } from "../titles/closest-title.js";
import { drawRandom } from "./random-records.js";
import { searchCatalog } from "./search-catalog.js";
import { type SearchRequest, toWire, toWireSearch } from "../search-pool/search-pool.js";

const { path, config } = workerData as { path: string; config: Config };
const db = openDatabase(path, { readonly: true, cacheSizeMb: config.cacheSizeMb, mmapSizeMb: config.mmapSizeMb });
const deps = { db, config, live: null, pool: null, ingest: null };
// Starts the clock of catalogSettled now: a catalog that has not changed since the
// worker started counts as settled SETTLED_MS later, not SETTLED_MS after the first search.
catalogSettled(db);

/** A connection that may write, for checkpoints alone (the searches' is read-only); opened on the first. */
let writer: Db | null = null;

function handle(req: SearchRequest): unknown {
  switch (req.op) {
    case "search":
      return toWireSearch(searchCatalog(deps, req.input));
    case "best":
      return bestTextMatchId(db, req.q, req.providers);
    case "ids":
      return searchTitleIds(db, req.query);
    case "random":
      return toWire(drawRandom(deps, req.num, req.filter));
    case "people":
      return searchPeople(db, req.folded, req.limit, req.offset);
    case "checkpoint":
      writer ??= openDatabase(path, { cacheSizeMb: 1, mmapSizeMb: 0 });
      return checkpointPassive(writer);
  }
}

serveRequests(handle);
