/** FANZA (the DMM Affiliate API) through the source contract (source-contract.ts), over the simulator's catalog. */
import { fanzaProvider } from "../../src/providers/fanza/index.js";
import { sourceContract } from "./source-contract.js";

const SINCE = "2026-09-01";

sourceContract({
  provider: fanzaProvider,
  description: { sellers: ["dmm"], metaTubeName: "FANZA", defaultBaseUrl: "https://api.dmm.com", defaultRate: 1 },
  searches: true,
  titles: 600,
  seed: 1,
  listed: (sim) => sim.catalog.records.filter((r) => r.record.releaseDate.slice(0, 10) >= SINCE).length,
  missing: { code: "ZZZQ-999", id: "zzzq00999" },
  format: "json",
  api: { crawl: { since: SINCE }, entries: false, checksSince: true },
});
