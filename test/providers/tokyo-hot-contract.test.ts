/** Tokyo-Hot through the source contract (source-contract.ts), over its simulated shop. */
import { tokyoHotProvider } from "../../src/providers/tokyo-hot/index.js";
import { sourceContract } from "./source-contract.js";

sourceContract({
  provider: tokyoHotProvider,
  description: { sellers: ["tokyo-hot"], metaTubeName: "TOKYO-HOT", defaultBaseUrl: "https://my.tokyo-hot.com", defaultRate: 1 },
  searches: true,
  titles: 100,
  seed: 3,
  listed: () => 100,
  missing: { code: "n0003", id: "99999999" },
  format: "page",
  listingPath: /^\/product\/\?page=/,
  pastEnd: '{"page":99}',
});
