/**
 * The dashboard in a real browser (Chromium, driven by playwright-core: a system one,
 * or the one @sparticuz/chromium ships in its npm package; see test/helpers/browser.ts)
 * against the server started as `npm start` starts it, with titles parsed from the
 * providers' real samples and their covers served by a local image server.
 * Screenshots of each page land in test/artifacts/ (ignored by git).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DetailedRecord } from "../../src/model/record.js";
import { parseFanzaItem, parseFanzaItemList } from "../../src/providers/fanza/parse.js";
import { parseR18Combined } from "../../src/providers/r18dev/parse.js";
import { startSimulator, type Simulator } from "../../tools/simulator/index.js";
import { launchChromium } from "../helpers/browser.js";
import { ROOT, runCli, startProcess } from "../helpers/run-cli.js";
import { providersOffEnv } from "../../src/cli/simulate-env.js";

const SAMPLES = join(ROOT, "test/fixtures/provider-samples");
const ARTIFACTS = join(ROOT, "test/artifacts");

const sample = (file: string) => JSON.parse(readFileSync(join(SAMPLES, file), "utf8")) as unknown;

/** The real samples' titles, their cover URLs moved onto `imageBase` (same paths). */
function sampleRecords(imageBase: string): DetailedRecord[] {
  const ingest = [
    parseR18Combined(sample("r18dev/combined-SNIS-217.json")),
    parseR18Combined(sample("r18dev/combined-ROYD-191.trimmed-fixture.json")),
    ...parseFanzaItemList(sample("fanza-api/itemlist-digital-videoa-mide00799.json")).items,
    ...parseFanzaItemList(sample("fanza-api/itemlist-legacy-2018-mono-dvd-and-digital-videoa.json")).items,
    parseFanzaItem(sample("fanza-api/item-digital-videoa-sone00708.json")),
    parseFanzaItem(sample("fanza-api/item-mono-dvd-tkmird261.json")),
  ];
  const move = (url: string) => (url ? imageBase + new URL(url).pathname : url);
  return ingest.map((r) => ({ ...r.record, jacketFullUrl: move(r.record.jacketFullUrl), jacketThumbUrl: move(r.record.jacketThumbUrl) }));
}

/** Covers: an SVG naming the file asked for, so each title's cover is visibly its own. */
function coverServer(): Promise<Server> {
  const server = createServer((req, res) => {
    const name =
      (req.url ?? "/")
        .split("/")
        .pop()
        ?.replace(/\.jpg$/, "") ?? "";
    const hue = [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 0);
    const label = name.replace(/[^a-z0-9_-]/gi, "");
    res.writeHead(200, { "content-type": "image/svg+xml" });
    res.end(
      `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="420" viewBox="0 0 300 420">` +
        `<rect width="300" height="420" fill="hsl(${hue} 55% 45%)"/><rect x="20" y="20" width="260" height="380" fill="none" stroke="#fff" stroke-width="4"/>` +
        `<text x="150" y="215" font-family="sans-serif" font-size="26" fill="#fff" text-anchor="middle">${label}</text></svg>`,
    );
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

describe("the dashboard in a real browser, against the server as npm start runs it", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-browser-"));
  const env: Record<string, string> = {
    DATABASE_PATH: join(dir, "catalog.db"),
    PORT: "0",
    LOG_LEVEL: "warn",
    SAMPLE_DATA: "off",
    INGEST_CRON: "off",
    ADMIN_PASSWORD: "",
  };
  let images: Server;
  let source: Simulator;
  let server: ReturnType<typeof startProcess>;
  let browser: Browser;
  let base: string;
  let password: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    images = await coverServer();
    // FANZA's API in its real format, on this machine: the catalog page's "ingest now" crawls it.
    source = await startSimulator({ records: 400, seed: 3 });
    Object.assign(env, {
      PROVIDER_FANZA_BASE_URL: source.url,
      PROVIDER_FANZA_RATE: "60",
      FANZA_API_ID: "local",
      FANZA_AFFILIATE_ID: "local-990",
      ...providersOffEnv("fanza"),
    });
    const imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
    const file = join(dir, "titles.ndjson");
    writeFileSync(
      file,
      sampleRecords(imageBase)
        .map((r) => JSON.stringify(r))
        .join("\n") + "\n",
    );
    const imported = runCli(["import", file], env);
    expect(imported.status, imported.stderr).toBe(0);
    server = startProcess("npm", ["start", "--silent"], env, /listening on (http:\/\/[^\s]+)/);
    base = (await server.readyLine)[1];
    password = /admin password[^\n]*\n\s+(\S+)/.exec(server.output().stdout)?.[1] as string;
    expect(password, server.output().stdout).toBeTruthy();
    const launched = await launchChromium();
    browser = launched.browser;
    console.info(`browser: ${launched.found.executablePath} (${launched.found.origin})`);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    images?.close();
    await source?.close();
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      const exited = new Promise((r) => server.child.once("exit", r));
      server.signalGroup("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("signs in, creates a key, uses it on every endpoint with covers, revokes it (then 401), signs out", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      // The wrong password and the revoked key are meant to be refused; anything else (a CSP refusal, a script error) is a problem.
      if (m.type() === "error" && !m.text().includes("status of 401")) problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));

    await page.goto(`${base}/dashboard`);
    expect(page.url()).toBe(`${base}/dashboard/login`);
    await shot(page, "login");
    await page.fill('input[name="password"]', "not the password");
    await page.click('button:has-text("Sign in")');
    expect(await page.textContent(".notice.error")).toContain("Wrong password.");
    await page.fill('input[name="password"]', password);
    await Promise.all([page.waitForURL(`${base}/dashboard/keys`), page.click('button:has-text("Sign in")')]);

    await page.fill('input[name="name"]', "browser test");
    await page.fill('input[name="rate"]', "600");
    await page.click('button:has-text("Create key")');
    const token = ((await page.textContent("#new-key")) ?? "").trim();
    expect(token).toMatch(/^vc_[A-Za-z0-9_-]{43}$/);
    expect(await page.isVisible('button[data-copy="new-key"]')).toBe(true);
    await shot(page, "keys-created");

    await Promise.all([page.waitForURL(`${base}/dashboard/playground`), page.click('a[data-use-key="new-key"]')]);
    expect(await page.inputValue("#pg-key")).toBe(token);
    const send = async () => {
      await page.click('button:has-text("Send")');
      await page.waitForSelector("#pg-status[data-status]");
      return Number(await page.getAttribute("#pg-status", "data-status"));
    };
    const coversLoaded = () =>
      page.waitForFunction(() => {
        const imgs = [...document.querySelectorAll<HTMLImageElement>("#pg-covers img")];
        return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0);
      });

    await page.fill('fieldset[data-endpoint="movie"] input[name="q"]', "snis217");
    expect(await send()).toBe(200);
    await coversLoaded();
    expect(await page.textContent("#pg-covers figcaption")).toContain("SNIS-217");
    expect(await page.textContent("#pg-json")).toContain('"dvdId": "SNIS-217"');

    await page.selectOption("#pg-endpoint", "query");
    await page.fill('fieldset[data-endpoint="query"] input[name="q"]', "");
    await page.fill('fieldset[data-endpoint="query"] input[name="num"]', "5");
    expect(await send()).toBe(200);
    await coversLoaded();
    expect(await page.locator("#pg-covers figure").count()).toBe(5);
    expect(await page.textContent("#pg-headers")).toMatch(/x-total-count\s*\d+/);
    expect(await page.textContent("#pg-headers")).toContain("link");
    await shot(page, "playground");

    await page.selectOption("#pg-endpoint", "random");
    await page.fill('fieldset[data-endpoint="random"] input[name="num"]', "3");
    expect(await send()).toBe(200);
    await coversLoaded();
    expect(await page.locator("#pg-covers figure").count()).toBe(3);

    await page.goto(`${base}/dashboard/catalog`);
    expect(await page.textContent("#titles-title")).toBe("Titles: 7");
    await Promise.all([page.waitForURL(/\/dashboard\/catalog\?started=\d+$/), page.click('tr:has-text("fanza") button:has-text("Ingest now")')]);
    expect(await page.textContent(".notice.ok")).toMatch(/Ingest run \d+ started\./);
    // The runs table follows the run without a reload, until it ends.
    await page.waitForSelector('#runs td[data-label="outcome"]:has-text("succeeded")', { timeout: 30_000 });
    expect(await page.textContent('#runs td[data-label="trigger"]')).toBe("dashboard");
    await page.reload();
    expect(await page.textContent("#titles-title")).toBe("Titles: 407");
    await shot(page, "catalog");

    await page.goto(`${base}/dashboard/keys`);
    await page.click('tr:has-text("browser test") a:has-text("Revoke")');
    await shot(page, "revoke");
    await Promise.all([page.waitForURL(/\/dashboard\/keys\?revoked=\d+$/), page.click('button:has-text("Revoke")')]);
    expect(await page.textContent('tr:has-text("browser test")')).toContain("revoked");

    await page.goto(`${base}/dashboard/playground`);
    expect(await page.inputValue("#pg-key")).toBe(token);
    await page.fill('fieldset[data-endpoint="movie"] input[name="q"]', "SNIS-217");
    expect(await send()).toBe(401);
    expect(await page.textContent("#pg-json")).toContain("INVALID_API_KEY");

    await Promise.all([page.waitForURL(/\/dashboard\/login\?signed-out$/), page.click('button:has-text("Sign out")')]);
    expect(await page.textContent(".notice.ok")).toContain("signed out");
    await page.goto(`${base}/dashboard/keys`);
    expect(page.url()).toBe(`${base}/dashboard/login`);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it("fits a phone's width, light and dark", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.goto(`${base}/dashboard/login`);
      await page.fill('input[name="password"]', password);
      await Promise.all([page.waitForURL(`${base}/dashboard/keys`), page.click('button:has-text("Sign in")')]);
      for (const name of ["keys", "catalog", "playground"]) {
        await page.goto(`${base}/dashboard/${name}`);
        // Nothing wider than the screen, not even inside a box that scrolls sideways (a
        // long setting name once pushed a provider's row off the screen inside its card).
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, name).toBeLessThanOrEqual(0);
        const beyond = await page.evaluate(() =>
          [...document.querySelectorAll("main *")]
            .filter((e) => !e.closest("pre") && e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            .map((e) => `${e.tagName.toLowerCase()}: ${(e.textContent ?? "").trim().slice(0, 40)}`),
        );
        expect(beyond, name).toEqual([]);
        await shot(page, `phone-${colorScheme}-${name}`);
      }
      await context.close();
    }
  }, 120_000);
});
