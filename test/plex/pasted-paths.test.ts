/**
 * The provider's URL as users paste it, and paths as long as the provider's own: a URL pasted
 * with a trailing slash (`…/plex/KEY/`), to which PMS joins each feature key (giving `//`),
 * works for every feature; a ratingKey up to the length rating-key.ts allows gets the
 * provider's own answer, never the router's refusal (Fastify's maxParamLength is 100 unless
 * set). And the key in the path is in no answer and no log line, whichever route or refusal
 * (the Plex face, MetaTube's, the API's 404, the dashboard's, the router's own 400s).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, Browser } from "../helpers/dashboard.js";
import { ask, EMPTY, type PlexApp, plexApp } from "./plex-app.js";
import { featurePath, plexImages, plexMatch, plexMetadata, plexRoot } from "./plex-requests.js";

const LANGUAGE = { language: "en-US" };
const SNIS = "r18dev_snis00217";

describe("a provider URL pasted with a trailing slash", () => {
  let p: PlexApp;
  beforeAll(async () => {
    p = await plexApp({ env: { PUBLIC_URL: "https://catalog.example.com" } });
  });
  afterAll(() => p.close());

  it("every feature answers under it as under the URL without one: PMS's `//` is one slash", async () => {
    const pasted = `${p.root}/`;
    expect(featurePath(pasted, "/library/metadata/matches")).toBe(`${p.root}//library/metadata/matches`);
    const requests = (base: string) => [
      plexRoot(base, LANGUAGE),
      plexMatch(base, { title: "SNIS-217", filename: "/Movies/SNIS-217.mp4" }, LANGUAGE),
      plexMatch(base, { title: "SNIS-217", manual: true }, LANGUAGE),
      plexMetadata(base, SNIS, LANGUAGE),
      plexImages(base, SNIS, LANGUAGE),
      ...["extras", "children", "grandchildren"].map((none) => ({ method: "GET" as const, url: `${base}/library/metadata/${SNIS}/${none}` })),
    ];
    const plain = requests(p.root);
    const slashed = requests(pasted);
    for (let i = 0; i < plain.length; i++) {
      const [want, got] = [await ask(p.app, plain[i]), await ask(p.app, slashed[i])];
      expect(got.status, String(slashed[i].url)).toBe(200);
      expect(got.body, String(slashed[i].url)).toEqual(want.body);
    }
    expect((await ask(p.app, slashed[5])).body).toEqual(EMPTY);
  });
});

describe("a ratingKey as long as the provider allows", () => {
  let p: PlexApp;
  beforeAll(async () => {
    p = await plexApp();
  });
  afterAll(() => p.close());

  it("up to 512 characters, a key of no title: the provider's 404; longer, the provider's 400; on both paths", async () => {
    const cases: [string, number, string][] = [
      [`r18dev_${"a".repeat(505)}`, 404, "no title has this ratingKey"],
      [`r18dev_${"a".repeat(150)}`, 404, "no title has this ratingKey"],
      [`r18dev_${"a".repeat(506)}`, 400, "not a ratingKey of this provider"],
      [`r18dev_${"a".repeat(1017)}`, 400, "not a ratingKey of this provider"],
    ];
    for (const [key, status, message] of cases) {
      for (const path of [`/library/metadata/${key}`, `/library/metadata/${key}/images`]) {
        const got = await ask(p.app, { url: `${p.root}${path}` });
        expect(got, `${key.length}: ${path.slice(-8)}`).toMatchObject({ status, body: { error: { code: status, message } } });
      }
    }
  });

  it("past any segment a route reads (1,024 characters): still the provider's answer under a key, the router's 400 in its shape for a key that long", async () => {
    const past = await ask(p.app, { url: `${p.root}/library/metadata/r18dev_${"a".repeat(1018)}` });
    expect(past).toMatchObject({ status: 404, body: { error: { code: 404, message: "no such path on this provider" } } });
    const got = await ask(p.app, { url: `/plex/${"k".repeat(1025)}/library/metadata/${SNIS}` });
    expect(got.status).toBe(400);
    expect(got.res.headers["x-request-id"]).toBeTruthy();
    expect(got.body).toEqual({ error: { code: 400, message: "a segment of the URL's path is longer than 1024 characters" } });
  });
});

describe("the key in the path: in no answer, in no log line", () => {
  let p: PlexApp;
  const lines: string[] = [];
  beforeAll(async () => {
    p = await plexApp({
      env: { LOG_LEVEL: "trace", ADMIN_PASSWORD },
      server: {
        logger: true,
        logStream: { write: (line: string) => lines.push(line) },
        dashboard: { throttle: { stepMs: 1, maxDelayMs: 5, limit: 100, windowMs: 60_000 } },
      },
    });
  });
  afterAll(() => p.close());

  it("every face's answer to a path holding it, the router's refusals included", async () => {
    const key = p.key;
    const long = "a".repeat(1100);
    const urls: [string, number][] = [
      // The Plex face: a path of no feature, a malformed ratingKey, the router's refusals under it.
      [`/plex/${key}/nothing/here`, 404],
      [`/plex/${key}/library/metadata/x%20y`, 400],
      [`/plex/${key}/library/metadata/${long}`, 404],
      [`/plex/${key}${long}/library/metadata/${SNIS}`, 400],
      [`/plex/${key}/library/metadata/%zz`, 400],
      [`/plex//${key}/library/metadata/${long}`, 404],
      [`/plex//${key}/x`, 404],
      // A key with more after it: refused, and the refusal logged with the path (debug).
      [`/plex/${key}x/library/metadata/${SNIS}`, 401],
      // The provider's URL under a wrong prefix or in another case: the API's 404 names the path.
      [`/catalog/plex/${key}/library/metadata/${SNIS}`, 404],
      [`/PLEX/${key}`, 404],
      [`/movie%zz/plex/${key}`, 400],
      [`/movie/${long}/plex/${key}`, 404],
      [`/${long}/plex/${key}`, 404],
      // MetaTube's face and the dashboard (signed in: its page of no route names the path).
      [`/v1/movies/FANZA/${long}/plex/${key}`, 400],
      [`/v1/plex/${key}`, 404],
      [`/dashboard/plex/${key}`, 404],
    ];
    const browser = new Browser(p.app);
    expect((await browser.signIn()).statusCode).toBe(303);
    for (const [url, status] of urls) {
      const res = await browser.get(url, { authorization: `Bearer ${key}` });
      const said = `${url.slice(0, 60)} ${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(res.statusCode, said).toBe(status);
      // The answer as a whole, headers and body: neither the key nor the part the redaction cuts off.
      const answer = JSON.stringify(res.headers) + res.body;
      for (const secret of [key, key.slice(10)]) expect(answer.includes(secret), said).toBe(false);
    }
    const log = lines.join("");
    expect(lines.some((l) => l.includes('"msg":"plex: API key refused"'))).toBe(true);
    for (const secret of [key, key.slice(10)]) expect(log.includes(secret)).toBe(false);
  });

  it("the API's 404 and the dashboard's still name the path asked, its key cut short as the log cuts it", async () => {
    const res = await p.app.inject({ url: `/catalog/plex/${p.key}/library/metadata` });
    expect(res.json()).toMatchObject({ code: "ROUTE_NOT_FOUND", message: `no route GET /catalog/plex/${p.key.slice(0, 10)}…/library/metadata` });
    const browser = new Browser(p.app);
    await browser.signIn();
    const page = await browser.get(`/dashboard/plex/${p.key}`);
    expect(page.body).toContain(`There is no dashboard page /dashboard/plex/${p.key.slice(0, 10)}…`);
  });
});
