import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runLoad } from "../../bench/load.js";
import type { Workload } from "../../bench/workloads.js";

// Answers by path, so each tag's statuses show whether latencies were attributed to the right URL.
let server: Server;
let origin = "";
const seenKeys = new Set<string | undefined>();

beforeAll(async () => {
  server = createServer((req, res) => {
    seenKeys.add(req.headers["x-service-key"] as string | undefined);
    const status = req.url!.startsWith("/ok") ? 200 : req.url!.startsWith("/gone") ? 404 : 500;
    res.writeHead(status, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("bench load runs", () => {
  it("attributes every answer to the URL it answered and counts wrong statuses as errors", async () => {
    const workload: Workload = {
      name: "t",
      title: "t",
      mix: "t",
      paths: [
        { path: "/ok?a=1", tag: "ok" },
        { path: "/gone?b=1", tag: "gone" },
        { path: "/ok?c=1", tag: "ok" },
        { path: "/broken", tag: "broken" },
      ],
      ok: [200],
      okByTag: { gone: [404] },
    };
    const r = await runLoad({ origin, key: "k", workload, connections: 3, duration: 1, warmup: 0 });
    expect(r.requests).toBeGreaterThan(0);
    expect(r.byTag.ok.count).toBe(r.statuses["200"]);
    expect(r.byTag.gone.count).toBe(r.statuses["404"]);
    expect(r.byTag.broken.count).toBe(r.statuses["500"]);
    expect(r.byTag.ok.wrongStatus + r.byTag.gone.wrongStatus).toBe(0);
    expect(r.byTag.broken.wrongStatus).toBe(r.byTag.broken.count);
    expect(r.errors).toBe(r.byTag.broken.count);
    expect(r.requests).toBe(r.byTag.ok.count + r.byTag.gone.count + r.byTag.broken.count);
    expect(r.unanswered).toBeLessThanOrEqual(3);
    expect(seenKeys).toEqual(new Set(["k"]));
  });
});
