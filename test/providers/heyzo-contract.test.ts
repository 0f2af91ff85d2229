/** HEYZO through the source contract (source-contract.ts), over its simulated site. */
import { heyzoProvider } from "../../src/providers/heyzo/index.js";
import { sourceContract } from "./source-contract.js";

sourceContract({
  provider: heyzoProvider,
  description: { sellers: ["heyzo"], metaTubeName: "HEYZO", defaultBaseUrl: "https://www.heyzo.com", defaultRate: 1 },
  searches: false,
  titles: 100,
  seed: 8,
  listed: () => 100,
  missing: { code: "HEYZO-0999", id: "0998" },
  format: "page",
  listingPath: /^\/listpages\//,
  pastEnd: '{"page":99}',
});
