/**
 * The user-agent a request sends: the client's, a request's own, or a source's through a view of
 * the one client (its limits, retries and counters shared).
 */
import { describe, expect, it } from "vitest";
import { withUserAgent } from "../../src/net/index.js";
import { perTest, sendJson, TEST_USER_AGENT } from "./test-server.js";

const { serve, client } = perTest();
const OWN = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

describe("user-agent", () => {
  it("is the client's unless a request names its own (an empty one is none)", async () => {
    const s = await serve((_req, res) => sendJson(res, 200, {}));
    const { http } = client();
    await http.getJson(s.url);
    await http.getJson(s.url, { userAgent: OWN });
    await http.getBytes(s.url, { userAgent: OWN });
    await http.getText(s.url, { userAgent: "" });
    expect(s.seen.map((h) => h["user-agent"])).toEqual([TEST_USER_AGENT, OWN, OWN, TEST_USER_AGENT]);
  });

  it("withUserAgent: a view of the same client that sends its own agent with every kind of request", async () => {
    const s = await serve((_req, res) => sendJson(res, 200, {}));
    const { http } = client();
    const view = withUserAgent(http, OWN);
    await view.getJson(s.url);
    await view.getBytes(s.url);
    await view.getText(s.url);
    await view.getJson(s.url, { userAgent: "a request's own" });
    await http.getJson(s.url);
    expect(s.seen.map((h) => h["user-agent"])).toEqual([OWN, OWN, OWN, "a request's own", TEST_USER_AGENT]);
    // One client: the view's requests are counted with the client's.
    expect(http.stats().requests).toBe(5);
    expect(view.stats()).toEqual(http.stats());
  });
});
