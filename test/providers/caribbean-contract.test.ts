/** Caribbeancom and Caribbeancom Premium through the source contract (source-contract.ts), over their simulated sites. */
import { caribbeancomProvider } from "../../src/providers/caribbeancom/index.js";
import { caribbeancomprProvider } from "../../src/providers/caribbeancompr/index.js";
import { sourceContract } from "./source-contract.js";

for (const [provider, sep, metaTubeName, defaultBaseUrl] of [
  [caribbeancomProvider, "-", "Caribbeancom", "https://www.caribbeancom.com"],
  [caribbeancomprProvider, "_", "CaribbeancomPR", "https://www.caribbeancompr.com"],
] as const) {
  sourceContract({
    provider,
    description: { sellers: [provider.name], metaTubeName, defaultBaseUrl, defaultRate: 1, settings: [] },
    searches: false,
    titles: 150,
    seed: 8,
    listed: () => 150,
    missing: { code: `010199${sep}999`, id: `010199${sep}998` },
    format: "page",
    listingPath: /^\/listpages\//,
    // The simulated listing answers a page past its end 404: its end is the next control disabled.
  });
}
