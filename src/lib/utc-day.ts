/** Calendar days in UTC, as the API keys' request counts are kept (api_key_usage.day). */

export const DAY_MS = 86_400_000;

/** The UTC day of a time, as YYYY-MM-DD. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The first millisecond of the UTC day holding `ms`. */
export function utcDayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** How many UTC days the "last 30 days" count covers: the 29 before today, and today. */
export const USAGE_WINDOW_DAYS = 30;

/** The first and the last UTC day of the usage window ending on the day of `now`, both included. */
export function usageWindow(now: number): { from: string; today: string } {
  return { from: utcDay(now - (USAGE_WINDOW_DAYS - 1) * DAY_MS), today: utcDay(now) };
}
