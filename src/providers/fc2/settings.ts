/**
 * FC2's own settings. FC2_CRAWL_DAYS: how far back a crawl of its newest-first listing reaches.
 * FC2 holds millions of articles and adds some hundreds a day (article 4509988 went on sale on
 * 2024-07-31, 4938582 on 2026-07-13: about 600 ids a day, test/fixtures/fc2), so a crawl takes
 * the newest only. FC2_DESCRIPTION: whether each title's description is read, which FC2 serves
 * in an iframe of its own (one more request a title).
 */
import { integer } from "../../config/parsers.js";
import { checkSince } from "../crawl-list.js";
import { isOn, switchSetting } from "../switch-setting.js";
import type { ProviderContext, ProviderSetting } from "../types.js";

export const CRAWL_DAYS_SETTING: ProviderSetting = {
  env: "FC2_CRAWL_DAYS",
  default: "30",
  help: "How many days back a crawl of FC2 reaches: titles on sale since that many days before today (JST); a crawl asked for a later `since` (an incremental run's) stops there. FC2 adds some hundreds of articles a day (30 days: about 18,000 titles, 5 hours at 1 request a second, twice that with FC2_DESCRIPTION on); 0 = no limit: the whole listing, millions of articles.",
  parse: (raw) => String(integer(0, 36_500)(raw)),
};

export const DESCRIPTION_SETTING = switchSetting(
  "FC2_DESCRIPTION",
  "Read each FC2 title's description (FC2 serves it in a page of its own, /widget/article/{id}/description), one more request a title; off = no description. A search reads none.",
);

export const descriptionWanted = (ctx: ProviderContext): boolean => isOn(ctx, DESCRIPTION_SETTING);

const DAY_MS = 86_400_000;
const JST_MS = 9 * 3_600_000;

/** The days of FC2_CRAWL_DAYS (0: no limit); a context built without the registry may hold any spelling the parser takes. */
export function crawlDays(ctx: ProviderContext): number {
  return Number(CRAWL_DAYS_SETTING.parse!(ctx.settings[CRAWL_DAYS_SETTING.env] ?? CRAWL_DAYS_SETTING.default));
}

/**
 * The day a crawl reaches back to: the later of the crawl's own `since` and the day
 * FC2_CRAWL_DAYS before today in Japan (ctx.now); undefined when neither limits it.
 */
export function crawlSince(since: string | undefined, ctx: ProviderContext, provider: string): string | undefined {
  const asked = checkSince(since, provider);
  const days = crawlDays(ctx);
  if (days === 0) return asked;
  const limit = new Date(ctx.now().getTime() + JST_MS - days * DAY_MS).toISOString().slice(0, 10);
  return asked === undefined || asked < limit ? limit : asked;
}
