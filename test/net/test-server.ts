import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";
import { createHttpClient, type HttpClient, type HttpClientOptions, type HttpEvent } from "../../src/net/index.js";

export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:1234 */
  url: string;
  /** Limiter key, e.g. 127.0.0.1:1234 */
  host: string;
  /** Headers of every request received, in order. */
  seen: IncomingMessage["headers"][];
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

/** A local server on 127.0.0.1:0; `n` is the 1-based request number. */
export async function startServer(handler: Handler): Promise<TestServer> {
  const seen: IncomingMessage["headers"][] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    handler(req, res, seen.length);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export const TEST_USER_AGENT = "video-catalog/0.1 (+https://example.invalid/video-catalog; self-hosted; test)";

/**
 * Local servers and outbound clients for the tests of one file, each closed after the
 * test that made it; `client` records the backoff sleeps (skipping them) and the events.
 */
export function perTest(defaults: Partial<HttpClientOptions> = {}) {
  const servers: TestServer[] = [];
  const clients: HttpClient[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  return {
    async serve(handler: Handler): Promise<TestServer> {
      const server = await startServer(handler);
      servers.push(server);
      return server;
    },
    client(over: Partial<HttpClientOptions> = {}): { http: HttpClient; sleeps: number[]; events: HttpEvent[] } {
      const sleeps: number[] = [];
      const events: HttpEvent[] = [];
      const http = createHttpClient({
        userAgent: TEST_USER_AGENT,
        timeoutMs: 2000,
        sleep: async (ms) => {
          sleeps.push(ms);
        },
        onEvent: (e) => events.push(e),
        ...defaults,
        ...over,
      });
      clients.push(http);
      return { http, sleeps, events };
    },
    /** A client made elsewhere, closed after the test too. */
    keep(http: HttpClient): HttpClient {
      clients.push(http);
      return http;
    },
  };
}
