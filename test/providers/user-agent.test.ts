/**
 * The user-agent the sources see: USER_AGENT (a desktop browser's by default) on every request,
 * a provider's own PROVIDER_<NAME>_USER_AGENT on that provider's requests, all through the one
 * client; the pictures' hosts get USER_AGENT. A local server records what each request sent.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCode } from "../../src/codes/index.js";
import { BROWSER_USER_AGENT, ConfigError } from "../../src/config/schema.js";
import { fetchSource } from "../../src/images/fetch-source.js";
import { providerSettingDocs, providerSetups } from "../../src/providers/registry.js";
import { createProviderRuntime, type ProviderRuntime } from "../../src/providers/runtime.js";
import { testConfig } from "../helpers/build-app.js";

const MINE = "video-catalog-test/1.0 (mine)";
const MGS = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

let url = "";
const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
const server = createServer((req, res) => {
  seen.push({ path: req.url ?? "", headers: req.headers });
  res.writeHead(404, { "content-type": "application/json" });
  res.end('{"detail":"Not Found"}');
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** r18dev and mgstage at the local server (under paths of their own), with `env` on top. */
function runtimeWith(env: Record<string, string>): ProviderRuntime {
  return createProviderRuntime(
    testConfig({
      PROVIDER_R18DEV_ENABLED: "on",
      PROVIDER_R18DEV_BASE_URL: `${url}/r18dev`,
      PROVIDER_R18DEV_RATE: "0",
      PROVIDER_MGSTAGE_ENABLED: "on",
      PROVIDER_MGSTAGE_BASE_URL: `${url}/mgstage`,
      PROVIDER_MGSTAGE_RATE: "0",
      HTTP_MAX_RETRIES: "0",
      ...env,
    }),
  );
}

/** The agents each source's lookup and a picture's fetch sent, by the path's first segment. */
async function agentsSeen(runtime: ProviderRuntime): Promise<Record<string, string[]>> {
  seen.length = 0;
  try {
    for (const setup of runtime.setups) await setup.provider.lookup(parseCode("ABP-123")!, runtime.contextFor(setup)).catch(() => null);
    await fetchSource(runtime.http, `${url}/pics/digital/video/abp00123/abp00123pl.jpg`).catch(() => null);
  } finally {
    await runtime.close();
  }
  const out: Record<string, string[]> = {};
  for (const s of seen) (out[s.path.split("/")[1]] ??= []).push(String(s.headers["user-agent"]));
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...new Set(v)]]));
}

describe("the user-agent the sources see", () => {
  it("is a desktop browser's by default, on every source's requests and on the pictures'", async () => {
    expect(BROWSER_USER_AGENT).toMatch(/^Mozilla\/5\.0 \(Windows NT 10\.0; Win64; x64; rv:(\d+)\.0\) Gecko\/20100101 Firefox\/\1\.0$/);
    expect(await agentsSeen(runtimeWith({}))).toEqual({ r18dev: [BROWSER_USER_AGENT], mgstage: [BROWSER_USER_AGENT], pics: [BROWSER_USER_AGENT] });
  });

  it("is USER_AGENT when set, for every source", async () => {
    expect(await agentsSeen(runtimeWith({ USER_AGENT: MINE }))).toEqual({ r18dev: [MINE], mgstage: [MINE], pics: [MINE] });
  });

  it("is a source's own PROVIDER_<NAME>_USER_AGENT on its requests alone, through the one client", async () => {
    const runtime = runtimeWith({ USER_AGENT: MINE, PROVIDER_MGSTAGE_USER_AGENT: MGS });
    const before = runtime.http.stats().requests;
    const agents = await agentsSeen(runtime);
    expect(agents).toEqual({ r18dev: [MINE], mgstage: [MGS], pics: [MINE] });
    // Every request, the source's own included, went through the runtime's one client.
    expect(runtime.http.stats().requests - before).toBe(seen.length);
  });
});

describe("PROVIDER_<NAME>_USER_AGENT", () => {
  it("is listed with every provider's settings, empty by default (USER_AGENT then)", () => {
    const docs = providerSettingDocs();
    expect(docs.find((d) => d.env === "PROVIDER_TOKYO_HOT_USER_AGENT")).toMatchObject({ provider: "tokyo-hot", default: "" });
    expect(docs.filter((d) => d.env.endsWith("_USER_AGENT"))).toHaveLength(providerSetups(testConfig()).length);
    expect(providerSetups(testConfig()).every((s) => s.userAgent === undefined)).toBe(true);
  });

  it("refuses a value that is no header's, and a provider that does not exist, naming the variable", () => {
    expect(() => providerSetups(testConfig({ PROVIDER_FC2_USER_AGENT: "Mozilla/5.0\r\nX-Evil: 1" }))).toThrow(
      /PROVIDER_FC2_USER_AGENT must be printable ASCII/,
    );
    expect(() => providerSetups(testConfig({ PROVIDER_FC_USER_AGENT: MINE }))).toThrow(/PROVIDER_FC_USER_AGENT names no provider/);
    expect(() => testConfig({ USER_AGENT: "Firefox\u0007" })).toThrow(ConfigError);
  });
});
