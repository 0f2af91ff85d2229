/** MGStage through the source contract (source-contract.ts), over its simulated site, a month at a time. */
import { mgstageProvider } from "../../src/providers/mgstage/index.js";
import { sourceContract } from "./source-contract.js";

sourceContract({
  provider: mgstageProvider,
  description: { sellers: ["dmm"], metaTubeName: "MGS", defaultBaseUrl: "https://www.mgstage.com", defaultRate: 1, partialCrawl: true },
  searches: true,
  titles: 100,
  seed: 3,
  // The simulated titles are of 2026: the months back to 2025-07 hold them all, and go through the faults in half the time.
  settings: { MGSTAGE_FIRST_MONTH: "2025-07" },
  listed: () => 100,
  missing: { code: "ABP-001", id: "ABP-001" },
  format: "page",
  listingPath: /^\/search\/cSearch\.php/,
  neverAsked: ["mgstage.agecheck"],
  pastEnd: '{"month":"2025-07","page":99}',
});
