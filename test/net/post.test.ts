/** The one client's POST: the body and its type sent as given, the same bytes again on a retry, a 204's empty answer. */
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { UpstreamError } from "../../src/net/index.js";
import { perTest, TEST_USER_AGENT } from "./test-server.js";

const { serve, client } = perTest();

function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

describe("post", () => {
  it("sends the method, the body, its content type and the user-agent; a 204 is ok with no bytes", async () => {
    const got: { method?: string; body: string }[] = [];
    const s = await serve(async (req, res) => {
      got.push({ method: req.method, body: await bodyOf(req) });
      res.writeHead(204).end();
    });
    const { http } = client();
    const result = await http.post(`${s.url}/Library/Media/Updated`, { body: '{"a":1}', headers: { "X-Token": "t" } });
    expect(result).toMatchObject({ status: "ok", httpStatus: 204, bytes: Buffer.alloc(0) });
    expect(got).toEqual([{ method: "POST", body: '{"a":1}' }]);
    expect(s.seen[0]["content-type"]).toBe("application/json");
    expect(s.seen[0]["x-token"]).toBe("t");
    expect(s.seen[0]["user-agent"]).toBe(TEST_USER_AGENT);
  });

  it("sends the same bytes again after a 503, and a 401 at once as a failure not retried", async () => {
    const bodies: string[] = [];
    const s = await serve(async (req, res) => {
      bodies.push(await bodyOf(req));
      if (req.url === "/denied") return void res.writeHead(401).end();
      res.writeHead(bodies.length === 1 ? 503 : 200, { "content-type": "text/plain" }).end("ok");
    });
    const { http } = client();
    const ok = await http.post(`${s.url}/hook`, { body: "é-body", contentType: "text/plain" });
    expect(ok).toMatchObject({ status: "ok", httpStatus: 200 });
    expect(bodies).toEqual(["é-body", "é-body"]);
    const err = await http.post(`${s.url}/denied`, { body: "x" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ kind: "forbidden", retryable: false, httpStatus: 401 });
    expect(bodies).toHaveLength(3);
  });
});
