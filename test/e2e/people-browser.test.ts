/**
 * The dashboard's People pages in a real browser (Chromium through playwright-core, see
 * test/helpers/browser.ts) against the real server on 127.0.0.1: at a phone's width, light
 * and dark, nothing wider than the screen; at a desktop's, People from the nav, a search,
 * a merge from the form, a name split off from its button, and both undone from the
 * journal's buttons, the catalog back as it was. Screenshots land in test/artifacts/.
 */
import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { personByKey, upsertRecords } from "../../src/catalog/index.js";
import { PEOPLE_TITLES } from "../helpers/people-titles.js";
import { launchChromium } from "../helpers/browser.js";
import { ADMIN_PASSWORD, buildDashboardApp, type DashboardApp } from "../helpers/dashboard.js";
import { ROOT } from "../helpers/run-cli.js";

const ARTIFACTS = join(ROOT, "test/artifacts");
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/dashboard/login`);
  await page.fill('input[name="password"]', ADMIN_PASSWORD);
  await Promise.all([page.waitForURL(`${base}/dashboard/keys`), page.click('button:has-text("Sign in")')]);
}

describe("the People pages in a real browser", () => {
  let t: DashboardApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    t = await buildDashboardApp({ seed: (db) => upsertRecords(db, PEOPLE_TITLES) });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    browser = (await launchChromium()).browser;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it("finds, merges, splits and undoes from the pages, the catalog back as it was", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    // The refused undo is answered 409 on purpose: Chromium logs that status; anything else is a problem.
    page.on("console", (m) => void (m.type() === "error" && !m.text().includes("status of 409") && problems.push(m.text())));
    page.on("pageerror", (e) => problems.push(e.message));
    await signIn(page, base);
    await Promise.all([page.waitForURL(`${base}/dashboard/people`), page.click('nav a:has-text("People")')]);
    await page.fill('input[name="q"]', "ゆき");
    await Promise.all([page.waitForURL(/q=/), page.click('button:has-text("Find")')]);
    expect(await page.textContent("#found-title")).toBe("Found (2)");
    await shot(page, "people");

    await page.fill('input[name="into"]', "1001");
    await page.fill('input[name="from"]', "旧名ゆき");
    await Promise.all([page.waitForURL(`${base}/dashboard/people/1001?merged=1`), page.click('button:has-text("Merge")')]);
    expect(await page.textContent(".notice.ok")).toBe("Edit 1: merged 1002 into 1001.");
    expect(await page.textContent("[data-titles]")).toBe("2");
    expect(await page.evaluate(() => (document.querySelector(".person-picture img") as HTMLImageElement).naturalWidth)).toBe(1);
    await shot(page, "people-person");

    await Promise.all([page.waitForURL(/\/dashboard\/people\/n\d+\?split=2$/), page.click('tr[data-name="Yuki Shinmei"] button:has-text("Split off")')]);
    expect(await page.textContent(".notice.ok")).toMatch(/^Edit 2: split "Yuki Shinmei" off 1001 to n\d+\.$/);

    await page.goto(`${base}/dashboard/people`);
    await Promise.all([page.waitForURL(`${base}/dashboard/people`), page.click('tr[data-edit-id="1"] button:has-text("Undo")')]);
    expect(await page.textContent(".notice.error")).toContain(
      "Not undone: edit 1 cannot be undone while later edits touch the same persons: undo this first: 2",
    );
    for (const id of ["2", "1"]) {
      await Promise.all([page.waitForURL(`${base}/dashboard/people?undone=${id}`), page.click(`tr[data-edit-id="${id}"] button:has-text("Undo")`)]);
      expect(await page.textContent(".notice.ok")).toMatch(new RegExp(`^Edit ${id} is undone by edit \\d+: `));
    }
    await shot(page, "people-undone");
    expect(personByKey(t.db, "1002")).not.toBe(personByKey(t.db, "1001"));
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it("fits a phone's width, light and dark: the list, the journal and a person's page", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width: 360, height: 800 }, colorScheme, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await signIn(page, base);
      for (const [name, url] of [
        ["people", "/dashboard/people?q=ゆき"],
        ["people-person", "/dashboard/people/1001"],
      ]) {
        await page.goto(`${base}${url}`);
        const beyond = await page.evaluate(() =>
          [...document.querySelectorAll("body *")]
            .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            .map((e) => `${e.tagName.toLowerCase()}: ${(e.textContent ?? "").trim().slice(0, 40)}`),
        );
        expect(beyond, name).toEqual([]);
        await shot(page, `phone-${colorScheme}-${name}`);
      }
      await context.close();
    }
  }, 120_000);
});
