import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { UpstreamError } from "../../src/net/index.js";
import { perTest, sendJson, TEST_USER_AGENT } from "./test-server.js";

const UA = TEST_USER_AGENT;
/** Not a real image: the client judges no content, only statuses, types and sizes. */
const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3, 255]);
const { serve, client } = perTest();

function sendBytes(res: ServerResponse, status: number, type: string | undefined, body: Buffer | string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...(type ? { "content-type": type } : {}), "content-length": Buffer.byteLength(body), ...headers });
  res.end(body);
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(UpstreamError);
    return err as UpstreamError;
  }
  throw new Error("expected the call to fail");
}

describe("getBytes", () => {
  it("returns the body as bytes with its content type, sending accept and the user-agent", async () => {
    const s = await serve((_req, res) => sendBytes(res, 200, "image/png", PNG_BYTES));
    const { http } = client();
    const result = await http.getBytes(`${s.url}/cover.png`, { accept: "image/*" });
    expect(result).toEqual({ status: "ok", bytes: PNG_BYTES, contentType: "image/png", httpStatus: 200, finalUrl: `${s.url}/cover.png` });
    expect(s.seen[0].accept).toBe("image/*");
    expect(s.seen[0]["user-agent"]).toBe(UA);
    expect(http.stats()).toEqual({ requests: 1, retries: 0, failures: 0 });
  });

  it("says which URL answered, after redirects", async () => {
    const s = await serve((req, res) => {
      if (req.url === "/cover.jpg") {
        res.writeHead(302, { location: "/mono/movie/adult/now_printing/now_printing.jpg" });
        res.end();
        return;
      }
      sendBytes(res, 200, "image/jpeg", PNG_BYTES);
    });
    const { http } = client();
    expect(await http.getBytes(`${s.url}/cover.jpg`)).toMatchObject({ status: "ok", finalUrl: `${s.url}/mono/movie/adult/now_printing/now_printing.jpg` });
  });

  it("asks for any type by default, and reports a missing content type as empty", async () => {
    const s = await serve((_req, res) => sendBytes(res, 200, undefined, PNG_BYTES));
    const { http } = client();
    expect(await http.getBytes(s.url)).toMatchObject({ status: "ok", contentType: "" });
    expect(s.seen[0].accept).toBe("*/*");
  });

  it("maps 404 and 410 to not_found, without retrying", async () => {
    const s = await serve((req, res) => sendJson(res, req.url === "/gone" ? 410 : 404, { error: "nope" }));
    const { http } = client();
    expect(await http.getBytes(`${s.url}/missing`)).toEqual({ status: "not_found", httpStatus: 404 });
    expect(await http.getBytes(`${s.url}/gone`)).toEqual({ status: "not_found", httpStatus: 410 });
    expect(http.stats()).toEqual({ requests: 2, retries: 0, failures: 0 });
  });

  it("retries a 503 with the client's policy (retry-after honoured), then returns the bytes", async () => {
    const s = await serve((_req, res, n) =>
      n === 1 ? sendBytes(res, 503, "text/plain", "busy", { "retry-after": "2" }) : sendBytes(res, 200, "image/jpeg", PNG_BYTES),
    );
    const { http, sleeps } = client();
    expect(await http.getBytes(s.url)).toMatchObject({ status: "ok", bytes: PNG_BYTES, contentType: "image/jpeg" });
    expect(sleeps).toEqual([2000]);
    expect(http.stats()).toEqual({ requests: 2, retries: 1, failures: 0 });
  });

  it("fails after the last retry with the kind getJson would", async () => {
    const s = await serve((_req, res) => sendBytes(res, 502, "text/plain", "bad gateway"));
    const { http } = client({ maxRetries: 2 });
    expect(await failure(http.getBytes(s.url))).toMatchObject({ kind: "http_status", httpStatus: 502, retryable: true });
    expect(http.stats()).toEqual({ requests: 3, retries: 2, failures: 1 });
  });

  it("returns an HTML page served as 200 as it is: the caller judges the type", async () => {
    const page = "<html><body>Sorry, this image is not available</body></html>";
    const s = await serve((_req, res) => sendBytes(res, 200, "text/html; charset=utf-8", page));
    const { http } = client();
    expect(await http.getBytes(s.url, { accept: "image/*" })).toEqual({
      status: "ok",
      bytes: Buffer.from(page),
      contentType: "text/html; charset=utf-8",
      httpStatus: 200,
      finalUrl: new URL(s.url).href,
    });
  });

  it("recognises a challenge page served as 200, and retries it", async () => {
    const page = '<html><script src="/cdn-cgi/challenge-platform/h/b/orchestrate"></script></html>';
    const s = await serve((_req, res) => sendBytes(res, 200, "text/html", page));
    const { http } = client({ maxRetries: 1 });
    expect(await failure(http.getBytes(s.url))).toMatchObject({ kind: "challenge", retryable: true });
    expect(http.stats().requests).toBe(2);
  });

  it("stops at its own cap, declared or chunked, before the client's", async () => {
    const big = Buffer.alloc(4096, 7);
    const s = await serve((req, res) => {
      if (req.url === "/declared") return sendBytes(res, 200, "image/jpeg", big);
      res.writeHead(200, { "content-type": "image/jpeg" });
      for (let i = 0; i < big.length; i += 512) res.write(big.subarray(i, i + 512));
      res.end();
    });
    const { http } = client({ maxBodyBytes: 1 << 20 });
    expect(await failure(http.getBytes(`${s.url}/declared`, { maxBytes: 1024 }))).toMatchObject({ kind: "too_large", retryable: false });
    expect(await failure(http.getBytes(`${s.url}/chunked`, { maxBytes: 1024 }))).toMatchObject({ kind: "too_large" });
    expect(await http.getBytes(`${s.url}/chunked`, { maxBytes: 4096 })).toMatchObject({ status: "ok", bytes: big });
    expect(http.stats()).toEqual({ requests: 3, retries: 0, failures: 2 });
  });

  it("shares the client's limiter with getJson: one host's slots count both", async () => {
    let inFlight = 0;
    let most = 0;
    const s = await serve((req, res) => {
      most = Math.max(most, ++inFlight);
      setTimeout(() => {
        inFlight -= 1;
        if (req.url === "/json") sendJson(res, 200, {});
        else sendBytes(res, 200, "image/png", PNG_BYTES);
      }, 30);
    });
    const { http } = client({ hostConcurrency: 2 });
    await Promise.all([http.getJson(`${s.url}/json`), http.getBytes(`${s.url}/a`), http.getBytes(`${s.url}/b`), http.getJson(`${s.url}/json`)]);
    expect(most).toBe(2);
    expect(http.stats().requests).toBe(4);
  });

  it("aborts with the caller's signal", async () => {
    const s = await serve(() => {});
    const { http } = client({ timeoutMs: 5000 });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 50);
    expect(await failure(http.getBytes(s.url, { signal: ctl.signal }))).toMatchObject({ kind: "aborted", retryable: false });
  });
});
