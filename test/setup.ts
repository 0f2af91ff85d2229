import { workersFromBuild } from "../src/lib/worker-pool.js";

/**
 * Before every test file: worker threads (searches, import, import-dump) start from dist/, which
 * the global setup has just built from these sources, as the processes the tests start do.
 */
workersFromBuild(new URL("../dist/", import.meta.url));
