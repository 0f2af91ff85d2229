/** The webhook: one JSON event per POST, its signature checked in the receiver as a receiver would (node:crypto, timingSafeEqual). */
import { createHmac, timingSafeEqual } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { createMediaServerHttp, MediaServerError, sendWebhook, signBody, type WatchEvent } from "../../src/mediaservers/index.js";
import type { HttpClient } from "../../src/net/index.js";
import { downUrl, type StandIn, standIn } from "../helpers/media-server-stand-ins.js";

const SECRET = "a-shared-secret-of-the-receiver";

const open: (StandIn | HttpClient)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

function http(): HttpClient {
  const client = createMediaServerHttp(loadConfig({}), { sleep: async () => {} });
  open.push(client);
  return client;
}

/** What a receiver does: the HMAC of the raw bytes it got, compared in constant time with the header's. */
function verified(body: Buffer, header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== "string" || !header.startsWith("sha256=")) return false;
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(body).digest("hex")}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const EVENT: WatchEvent = {
  event: "placed",
  code: "ABP-123",
  title: "タイトル「引用」",
  from: "/inbox/abp123.mp4",
  to: "/library/ABP/ABP-123/ABP-123.mp4",
  sidecars: ["/library/ABP/ABP-123/ABP-123.nfo", "/library/ABP/ABP-123/ABP-123-poster.jpg"],
  reason: null,
  at: "2026-05-01T12:00:00.000Z",
};

async function receiver(status = 200): Promise<StandIn> {
  const s = await standIn((_r, res) => res.writeHead(status).end());
  open.push(s);
  return s;
}

describe("sendWebhook", () => {
  it("POSTs the event as JSON with a signature the receiver verifies over the bytes it got", async () => {
    const s = await receiver();
    await sendWebhook(http(), { url: `${s.url}/hooks/catalog?x=1`, secret: SECRET }, EVENT);
    expect(s.got).toHaveLength(1);
    const [r] = s.got;
    expect([r.method, r.url, r.headers["content-type"], r.headers["x-video-catalog-event"]]).toEqual([
      "POST",
      "/hooks/catalog?x=1",
      "application/json",
      "placed",
    ]);
    expect(JSON.parse(r.body.toString("utf8"))).toEqual(EVENT);
    expect(Object.keys(JSON.parse(r.body.toString("utf8")))).toEqual(["event", "code", "title", "from", "to", "sidecars", "reason", "at"]);
    expect(verified(r.body, r.headers["x-hub-signature-256"], SECRET)).toBe(true);
    expect(verified(r.body, r.headers["x-hub-signature-256"], "another secret")).toBe(false);
    expect(r.headers["x-hub-signature-256"]).toBe(signBody(r.body.toString("utf8"), SECRET));
  });

  it("signs as GitHub's X-Hub-Signature-256 does (its documented example)", () => {
    // docs.github.com, "Validating webhook deliveries": secret "It's a Secret to Everybody", payload "Hello, World!".
    expect(signBody("Hello, World!", "It's a Secret to Everybody")).toBe("sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17");
  });

  it("a receiver down or answering 503 is retried later; 401, 404 and 400 are not; the secret is in no message", async () => {
    const cases: [Promise<string>, boolean, string][] = [
      [downUrl(), true, "unreachable"],
      [receiver(503).then((s) => s.url), true, "server_error"],
      [receiver(401).then((s) => s.url), false, "refused"],
      [receiver(404).then((s) => s.url), false, "not_found"],
      [receiver(400).then((s) => s.url), false, "rejected"],
    ];
    for (const [url, retryable, kind] of cases) {
      const err = await sendWebhook(http(), { url: await url, secret: SECRET }, EVENT).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(MediaServerError);
      expect(err).toMatchObject({ retryable, kind, target: "webhook" });
      expect((err as Error).message).not.toContain(SECRET);
    }
  });
});
