import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The provider samples copied into the repository (test/fixtures/provider-samples, with their provenance). */
export const SAMPLES = fileURLToPath(new URL("../fixtures/provider-samples/", import.meta.url));

export function sample(path: string): string {
  return readFileSync(resolve(SAMPLES, path), "utf8");
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** A node:http server on 127.0.0.1:0 that counts requests by path. */
export async function localServer(handler: Handler) {
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    hits.set(path, (hits.get(path) ?? 0) + 1);
    void handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    total: () => [...hits.values()].reduce((a, b) => a + b, 0),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json" });
  res.end(text);
}
