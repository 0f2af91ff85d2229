import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

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
