/** What the sources' tests share: a crawl walked to its end, and a site of written answers. */
import type { HttpClientOptions } from "../../src/net/index.js";
import type { CrawlOptions, CrawlPage, Provider, ProviderContext } from "../../src/providers/types.js";
import { startServer, type TestServer } from "../net/test-server.js";
import { client, context } from "../tools/simulator/helpers.js";

/** Every page of `provider`'s crawl from `cursor` to the listing's end (at most `max`: a crawl that never ends fails its test). */
export async function crawlPages(
  provider: Provider,
  ctx: ProviderContext,
  options: CrawlOptions = {},
  cursor: string | null = null,
  max = 1000,
): Promise<CrawlPage[]> {
  const pages: CrawlPage[] = [];
  do {
    const page = await provider.crawl(cursor, options, ctx);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor !== null && pages.length < max);
  return pages;
}

export type Answer = { status?: number; body?: string; location?: string };

const NOT_FOUND: Answer = { status: 404, body: "<h1>Not Found</h1>" };
const sites: TestServer[] = [];

/** Closes every site writtenSite opened; call from afterEach. */
export async function closeSites(): Promise<void> {
  await Promise.all(sites.splice(0).map((s) => s.close()));
}

/**
 * A site answering each request (path and query) from `routes`, else `fallback` (a 404); what
 * it was asked, in order, and contexts of a client that retries once.
 */
export async function writtenSite(routes: Record<string, Answer>, fallback: Answer = NOT_FOUND) {
  const asked: string[] = [];
  const s = await startServer((req, res) => {
    const url = req.url ?? "/";
    asked.push(url);
    const a = routes[url] ?? fallback;
    res.writeHead(a.status ?? 200, { "content-type": "text/html; charset=UTF-8", ...(a.location ? { location: a.location } : {}) });
    res.end(a.body ?? "");
  });
  sites.push(s);
  const ctx = (settings: Record<string, string> = {}, over: Partial<HttpClientOptions> = {}) => context(s.url, client({ maxRetries: 1, ...over }), settings);
  return { asked, url: s.url, ctx };
}
