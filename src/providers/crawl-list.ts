/**
 * A page of a crawl made of titles fetched one by one (r18.dev's list of codes, a seller's
 * listing of ids): a few in flight at once, and a failure of the source on one title (after
 * the client's retries) is that title's, listed in the page's `failed` for the next run to
 * ask first, never the page's: the others are kept. A cancelled run still throws.
 */
import type { IngestRecord } from "../model/record.js";
import { failureKind, keptFailure } from "./errors.js";
import type { CrawlPage, ProviderContext } from "./types.js";

/** What fetching one entry came to: its record, a reason it has none (no such title), or nothing at all (a blank line). */
export type EntryOutcome = { record: IngestRecord } | { skipped: { id: string | null; reason: string } } | null;

/** Titles in flight at once within a page (the client's per-host limits still apply). */
export const PAGE_CONCURRENCY = 4;

/** Runs `work` over `items` with at most `limit` in flight, keeping the input order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * A search answer's titles, each fetched whole (`fetch`: null when the site has no such title):
 * one failing or gone is left out, all failing is the search's failure.
 */
export async function searchTitles<T>(items: readonly T[], ctx: ProviderContext, fetch: (item: T) => Promise<IngestRecord | null>): Promise<IngestRecord[]> {
  const outcomes = await mapLimited(items, PAGE_CONCURRENCY, async (x): Promise<IngestRecord | Error | null> => {
    try {
      return await fetch(x);
    } catch (err) {
      return keptFailure(err, ctx);
    }
  });
  const records = outcomes.filter((o): o is IngestRecord => o !== null && !(o instanceof Error));
  const failure = outcomes.find((o) => o instanceof Error);
  if (records.length === 0 && failure !== undefined) throw failure;
  return records;
}

/**
 * The entries as one page, each fetched by `fetchEntry` (which counts its requests in
 * `counter`); every fetch has ended, done or failed, when it returns.
 */
export async function crawlEntriesPage(
  entries: readonly string[],
  nextCursor: string | null,
  ctx: ProviderContext,
  fetchEntry: (entry: string, counter: { n: number }) => Promise<EntryOutcome>,
  concurrency = PAGE_CONCURRENCY,
): Promise<CrawlPage> {
  const counter = { n: 0 };
  const outcomes = await mapLimited(entries, concurrency, async (entry) => {
    try {
      return await fetchEntry(entry, counter);
    } catch (err) {
      const failure = keptFailure(err, ctx);
      return { failed: { id: entry.trim(), kind: failureKind(failure), reason: failure.message } };
    }
  });
  const page: CrawlPage = { records: [], skipped: [], failed: [], nextCursor, requests: counter.n };
  for (const o of outcomes) {
    if (o === null) continue;
    if ("record" in o) page.records.push(o.record);
    else if ("failed" in o) page.failed!.push(o.failed);
    else page.skipped.push(o.skipped);
  }
  return page;
}

/** `since` as a crawl is given it: YYYY-MM-DD, or a RangeError naming the provider. */
export function checkSince(since: string | undefined, provider: string): string | undefined {
  if (since !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(since)) throw new RangeError(`${provider}: since must be YYYY-MM-DD, got ${JSON.stringify(since)}`);
  return since;
}

/**
 * A page of a listing newest first, cut at `since`: the entries to fetch (those released on
 * or after it, and those of no known day), and whether the listing has reached titles before
 * it. It has when the page's last dated entry, the oldest in the listing's order, is older: an
 * older entry before the page's end (a title the site lists late) is left out, and the crawl
 * goes on. With no `since`, every entry, and never reached.
 */
export function sinceCut<T>(entries: readonly T[], since: string | undefined, dayOf: (entry: T) => string | null): { fresh: T[]; reached: boolean } {
  if (since === undefined) return { fresh: [...entries], reached: false };
  const days = entries.map((e) => dayOf(e)?.slice(0, 10) ?? null);
  const fresh = entries.filter((_, i) => days[i] === null || days[i]! >= since);
  const last = days.filter((d) => d !== null).at(-1);
  return { fresh, reached: last !== undefined && last < since };
}
