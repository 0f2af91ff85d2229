/**
 * The server the benchmark measures: `serve` exactly as `npm start` runs it, plus the
 * constant baseline routes (baseline-routes.ts) each workload is compared against.
 * An entry of the build (scripts/build.mjs), so it runs the same compiled bundle.
 */
import { serve } from "../src/cli/serve.js";
import { registerBaselineRoutes } from "./baseline-routes.js";

await serve({ routes: registerBaselineRoutes });
