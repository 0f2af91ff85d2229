/** r18.dev through the source contract (source-contract.ts), over the simulator's catalog: its crawl is a list of codes. */
import { r18devProvider } from "../../src/providers/r18dev/index.js";
import { generateCatalog } from "../../tools/simulator/index.js";
import { sourceContract } from "./source-contract.js";

const TITLES = 60;
const SEED = 1;
/** The simulator's catalog of these many titles (the same seed, the same titles): its codes are the list crawled. */
const codes = generateCatalog(TITLES, SEED).records.map((r) => r.record.dvdId);

sourceContract({
  provider: r18devProvider,
  description: { sellers: ["dmm"], metaTubeName: "FANZA", defaultBaseUrl: "https://r18.dev", defaultRate: 1, codesFileSetting: "R18DEV_CODES_FILE" },
  searches: false,
  titles: TITLES,
  seed: SEED,
  listed: () => TITLES,
  missing: { code: "ZZZQ-999", id: "zzzq00999" },
  format: "json",
  api: { crawl: { codes }, entries: true, checksSince: false },
});
