/**
 * Provider simulator: a node:http server answering in the real formats of r18.dev
 * (dvd_id lookup, combined record) and the DMM Affiliate API v3 ItemList, over a
 * generated catalog, and of the sellers' own sites (sites.ts), each under its provider's
 * path prefix over titles of its own; with switchable faults. For tests and offline demos.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import iconv from "iconv-lite";
import { generateCatalog, type SimCatalog } from "./catalog.js";
import { FaultPlan, type FaultDecision, type FaultKind, type FaultOptions } from "./faults.js";
import { answer, routeOf } from "./routes.js";
import { HTML_NOT_FOUND, type SimAnswer, type SimSite } from "./site.js";
import { SITES } from "./sites.js";

export type { FaultOptions, FaultKind } from "./faults.js";
export { generateCatalog, type SimCatalog } from "./catalog.js";
export { renderR18 } from "./render-r18.js";
export { renderFanzaItem, renderFanzaEnvelope } from "./render-fanza.js";
export type { SimAnswer, SimSite } from "./site.js";

export interface SimulatorOptions {
  /** Default 0 (any free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Records in the generated catalog; default 5000. */
  records?: number;
  /** Seed of the catalog (and of the faults unless they name their own); default 1. */
  seed?: number;
  faults?: FaultOptions;
  /** A catalog to serve instead of generating one (records and seed then only seed the faults). */
  catalog?: SimCatalog;
  /** Highest ItemList offset accepted; default 50000 as on the real API. Lower it to test the cap. */
  maxOffset?: number;
  /** Titles of each seller's site (sites.ts); default 300. */
  siteTitles?: number;
}

export interface SimStats {
  requests: number;
  /** By route: r18dev.combined, fanza.ItemList, 1pondo.movie_details, ...; unknown for a path of no route. */
  byRoute: Record<string, number>;
  faults: Record<FaultKind, number>;
}

export interface Simulator {
  url: string;
  port: number;
  catalog: SimCatalog;
  /** The sellers' sites, by provider name. */
  sites: Readonly<Record<string, SimSite>>;
  /** The base URL of a provider's source here: the simulator's URL, under the site's prefix for a seller's site. */
  baseUrlOf(provider: string): string;
  stats(): SimStats;
  setFaults(f: FaultOptions): void;
  close(): Promise<void>;
}

const CHALLENGE_PAGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="robots" content="noindex,nofollow">
</head><body><div class="main-wrapper" role="main"><div class="main-content"><noscript>Enable JavaScript and cookies to continue</noscript></div></div>
<script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=8f00000000000000"></script></body></html>`;
const MAINTENANCE_PAGE = `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>メンテナンス中</title></head>
<body><h1>ただいまメンテナンス中です</h1></body></html>`;

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  res.writeHead(status, { ...headers, "content-length": String(Buffer.byteLength(body)) });
  res.end(body);
}

function sendAnswer(res: ServerResponse, a: SimAnswer, truncate: boolean): void {
  const [type, bytes] =
    "json" in a ? ["application/json; charset=utf-8", Buffer.from(JSON.stringify(a.json))] : [a.contentType, iconv.encode(a.text, a.charset ?? "utf-8")];
  const headers = { ...a.headers, "content-type": type };
  if (!truncate) {
    res.writeHead(a.status, { ...headers, "content-length": String(bytes.length) });
    res.end(bytes);
    return;
  }
  // Announce the whole body, send part of it, then drop the connection.
  res.writeHead(a.status, { ...headers, "content-length": String(bytes.length + 512) });
  res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.destroy());
}

/** The site a path is under, and the route of that site it asks for. */
function siteRoute(sites: Readonly<Record<string, SimSite>>, req: IncomingMessage, url: URL): { name: string; answer: () => SimAnswer } {
  const m = /^\/([^/]+)(\/.*)?$/.exec(url.pathname);
  const site = m ? sites[m[1]] : undefined;
  if (site === undefined) return { name: "unknown", answer: () => HTML_NOT_FOUND };
  const found = site.route({ path: m![2] ?? "/", url, headers: req.headers });
  return found ?? { name: `${site.name}.unknown`, answer: () => HTML_NOT_FOUND };
}

function sendFault(res: ServerResponse, kind: NonNullable<FaultDecision["replace"]>, retryAfter: number): void {
  switch (kind) {
    case "rateLimit":
    case "rate429":
      return send(res, 429, { "content-type": "application/json", "retry-after": String(retryAfter) }, '{"error":"Too Many Requests"}');
    case "burst500":
      return send(res, 500, { "content-type": "text/plain" }, "Internal Server Error");
    case "challenge":
      return send(
        res,
        403,
        { "content-type": "text/html; charset=UTF-8", "cf-mitigated": "challenge", server: "cloudflare", "cache-control": "no-store" },
        CHALLENGE_PAGE,
      );
    case "html":
      return send(res, 200, { "content-type": "text/html; charset=utf-8" }, MAINTENANCE_PAGE);
  }
}

function emptyStats(): SimStats {
  return {
    requests: 0,
    byRoute: { "r18dev.dvd_id": 0, "r18dev.combined": 0, "fanza.ItemList": 0, unknown: 0 },
    faults: { rateLimit: 0, rate429: 0, burst500: 0, challenge: 0, html: 0, slow: 0, truncate: 0 },
  };
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const records = options.records ?? 5000;
  const seed = options.seed ?? 1;
  const maxOffset = options.maxOffset ?? 50_000;
  if (!Number.isSafeInteger(maxOffset) || maxOffset < 1) throw new RangeError(`maxOffset must be a positive integer, got ${maxOffset}`);
  const catalog = options.catalog ?? generateCatalog(records, seed);
  const siteTitles = options.siteTitles ?? 300;
  const sites: Record<string, SimSite> = {};
  for (const make of SITES) {
    const site = make({ titles: siteTitles, seed });
    sites[site.name] = site;
  }
  const faults = new FaultPlan(options.faults, seed);
  const stats = emptyStats();
  const timers = new Set<NodeJS.Timeout>();

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const n = ++stats.requests;
    const url = new URL(req.url ?? "/", "http://simulator.invalid");
    const get = req.method === "GET" || req.method === "HEAD";
    const dmm = get ? routeOf(url.pathname) : "unknown";
    const route =
      dmm !== "unknown" || !get ? { name: dmm, answer: (): SimAnswer => ({ ...answer(dmm, url, catalog, maxOffset) }) } : siteRoute(sites, req, url);
    stats.byRoute[route.name] = (stats.byRoute[route.name] ?? 0) + 1;
    const fate = faults.decide(n, Date.now());
    const respond = (): void => {
      if (res.destroyed) return;
      if (fate.replace !== null) {
        stats.faults[fate.replace] += 1;
        return sendFault(res, fate.replace, faults.retryAfterSeconds);
      }
      if (fate.truncate) stats.faults.truncate += 1;
      sendAnswer(res, route.answer(), fate.truncate);
    };
    if (fate.slowMs > 0) stats.faults.slow += 1;
    const delayMs = fate.slowMs + faults.sourceDelay(route.name);
    if (delayMs > 0) {
      const t = setTimeout(() => {
        timers.delete(t);
        respond();
      }, delayMs);
      timers.add(t);
    } else {
      respond();
    }
  };

  const server = createServer((req, res) => {
    res.on("error", () => {});
    try {
      handle(req, res);
    } catch (err) {
      if (!res.headersSent) send(res, 500, { "content-type": "text/plain" }, `simulator error: ${String(err)}`);
    }
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    catalog,
    sites,
    baseUrlOf: (provider) => (sites[provider] === undefined ? `http://${urlHost}:${port}` : `http://${urlHost}:${port}/${provider}`),
    stats: () => structuredClone(stats),
    setFaults: (f) => faults.set(f),
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
