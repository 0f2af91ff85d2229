/** The four D2Pass sites through the source contract (source-contract.ts), over their simulated sites. */
import { tenMusumeProvider } from "../../src/providers/10musume/index.js";
import { onePondoProvider } from "../../src/providers/1pondo/index.js";
import { muramuraProvider } from "../../src/providers/muramura/index.js";
import { pacopacomamaProvider } from "../../src/providers/pacopacomama/index.js";
import { sourceContract } from "./source-contract.js";

for (const [provider, metaTubeName, host, missing] of [
  [onePondoProvider, "1Pondo", "www.1pondo.tv", "010199_999"],
  [tenMusumeProvider, "10musume", "www.10musume.com", "010199_99"],
  [pacopacomamaProvider, "PACOPACOMAMA", "www.pacopacomama.com", "010199_999"],
  [muramuraProvider, "MURAMURA", "www.muramura.tv", "010199_999"],
] as const) {
  sourceContract({
    provider,
    description: { sellers: [provider.name], metaTubeName, defaultBaseUrl: `https://${host}`, defaultRate: 1, source: `${host.slice(4)}'s JSON` },
    searches: false,
    titles: 150,
    seed: 11,
    listed: () => 150,
    missing: { code: missing, id: missing.replace(/9$/, "8") },
    format: "json",
    listingPath: /^\/dyn\/phpauto\/movie_lists\//,
    pastEnd: '{"offset":500}',
  });
}
