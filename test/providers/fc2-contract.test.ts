/** FC2 through the source contract (source-contract.ts), over its simulated market, its whole listing (FC2_CRAWL_DAYS=0). */
import { fc2Provider } from "../../src/providers/fc2/index.js";
import { siteTitles } from "../../tools/simulator/site-titles.js";
import { fc2Articles } from "../../tools/simulator/sites/fc2.js";
import { sourceContract } from "./source-contract.js";

const TITLES = 100;
const SEED = 3;

sourceContract({
  provider: fc2Provider,
  description: { sellers: ["fc2"], metaTubeName: "FC2", defaultBaseUrl: "https://adult.contents.fc2.com", defaultRate: 1, partialCrawl: true },
  searches: true,
  titles: TITLES,
  seed: SEED,
  settings: { FC2_CRAWL_DAYS: "0" },
  // Its lists leave out the articles FC2 delisted.
  listed: () => fc2Articles(siteTitles(TITLES, SEED, "fc2"), SEED).filter((a) => !a.delisted).length,
  missing: { code: "FC2-PPV-1234567", id: "1234568" },
  format: "page",
  listingPath: /^\/search\/\?/,
  pastEnd: '{"page":99}',
});
