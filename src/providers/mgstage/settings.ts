/**
 * MGStage's own setting. MGSTAGE_FIRST_MONTH: the oldest month its crawl asks. The crawler on
 * record that takes the site whole by month first looks up its oldest title (the list sorted
 * oldest first) and then walks from 2013-01 to today (test/fixtures/mgstage/README.md).
 */
import { ConfigError } from "../../config/parsers.js";
import type { ProviderContext, ProviderSetting } from "../types.js";
import { MONTH } from "./months.js";

export const FIRST_MONTH_SETTING: ProviderSetting = {
  env: "MGSTAGE_FIRST_MONTH",
  default: "2013-01",
  help: "The oldest month (YYYY-MM) a crawl of MGStage asks: the crawl goes a month at a time (its search's sale_start_range, the titles on sale that month), from the current month in Japan back to this one, since the site's listing stops paging long before its last title. The default is where the crawlers that take the site whole start; an earlier month costs a request for each month with nothing.",
  parse(raw) {
    const v = raw.trim();
    if (!MONTH.test(v) || v < "2000-01") throw new ConfigError(`must be a month YYYY-MM from 2000-01, got "${raw}"`);
    return v;
  },
};

/** MGSTAGE_FIRST_MONTH; a context built without the registry (a test's) may lack it. */
export const firstMonth = (ctx: ProviderContext): string => FIRST_MONTH_SETTING.parse!(ctx.settings[FIRST_MONTH_SETTING.env] ?? FIRST_MONTH_SETTING.default);
