/**
 * The dashboard's Library pages in a real browser (Chromium through playwright-core, see
 * test/helpers/browser.ts; one start for the file) against the real server listening on
 * 127.0.0.1, over a real catalog and a run of the case library in a temporary folder:
 * at a phone's width, light and dark, nothing wider than the screen; at a desktop's,
 * sign in, open Library from the nav, open the run, press Undo, see the notice and the
 * files back on disk; the Watch page at a phone's width (header included) with a queue seeded
 * as a watcher leaves it, and a failed file retried from it. Screenshots land in
 * test/artifacts/ (ignored by git).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimReady, getWatchJob, queueSettled, settleJobs, upsertRecords, writeWatchBeat } from "../../src/catalog/index.js";
import { applyPlan, thisProcess } from "../../src/library/organize/organize.js";
import { planOrganize } from "../../src/library/organize/plan.js";
import { DEFAULT_TEMPLATE, parseTemplate } from "../../src/library/organize/template.js";
import { launchChromium } from "../helpers/browser.js";
import { ADMIN_PASSWORD, buildDashboardApp, type DashboardApp } from "../helpers/dashboard.js";
import { buildCaseLibrary, organizeTitles, putClash, treeOf } from "../helpers/organize-library.js";
import { ROOT } from "../helpers/run-cli.js";

const ARTIFACTS = join(ROOT, "test/artifacts");

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/dashboard/login`);
  await page.fill('input[name="password"]', ADMIN_PASSWORD);
  await Promise.all([page.waitForURL(`${base}/dashboard/keys`), page.click('button:has-text("Sign in")')]);
}

describe("the Library pages in a real browser", () => {
  const root = mkdtempSync(join(tmpdir(), "vc-library-browser-"));
  let t: DashboardApp;
  let browser: Browser;
  let base: string;
  let before: ReturnType<typeof treeOf>;
  let runId: number;
  let failedJob: number;

  /** A watcher's queue over the same folders: a long Japanese name placed by the run, one pending, one failed. Returns the failed one. */
  function seedWatch(src: string, lib: string, run: number): number {
    const now = Date.now();
    const names = ["[ROYD-191] 兄嫁とキスだけの関係のはずだったのにいつの間にか一線を越えてしまった夏の日.mp4", "ZZZ-999.mp4", "dl/SNIS-217.mp4"];
    queueSettled(
      t.db,
      names.map((n) => ({ path: `${src}/${n}`, inbox: src, size: 1, mtimeMs: now })),
      now,
    );
    const [placed, pending, failed] = claimReady(t.db, "watch", now).map((j) => j.id);
    const reason = `EACCES: permission denied, rename '${src}/dl/SNIS-217.mp4' -> '${lib}/SNIS-217/SNIS-217.mp4'`;
    settleJobs(
      t.db,
      [
        {
          id: placed,
          state: "placed",
          code: "ROYD-191",
          placedAt: `${lib}/白石もも/ROYD-191 兄嫁とキスだけの関係のはずだったのにいつの間にか/ROYD-191.mp4`,
          runId: run,
        },
        { id: pending, state: "pending", code: "ZZZ-999", nextTryAt: now + 3_600_000 },
        { id: failed, state: "failed", code: "SNIS-217", reason },
      ],
      [{ kind: "webhook", target: "https://hooks.example/secret/watch", payload: JSON.stringify({ event: "placed", code: "ROYD-191" }) }],
      now,
    );
    writeWatchBeat(t.db, { inbox: src, into: lib, pid: process.pid, host: "test", at: now, everyMs: 3_600_000, settling: 1 });
    return failed;
  }

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    t = await buildDashboardApp({ seed: (db) => upsertRecords(db, organizeTitles()) });
    const { src, lib } = buildCaseLibrary(root, null);
    const o = {
      source: src,
      into: lib,
      template: DEFAULT_TEMPLATE,
      parsed: parseTemplate(DEFAULT_TEMPLATE),
      target: "posix" as const,
      mode: "move" as const,
      onConflict: "skip" as const,
      unmatched: null,
      live: false,
      language: "ja" as const,
      concurrency: 4,
    };
    const first = (await planOrganize(t.deps, o)).plan;
    putClash(first.units.find((u) => u.code === "MIDE-799")?.files.find((f) => f.kind === "video")?.to ?? "");
    const { plan } = await planOrganize(t.deps, o);
    before = treeOf(root);
    runId = (await applyPlan(t.deps, plan, thisProcess("organize"))) as number;
    failedJob = seedWatch(src, lib, runId);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    browser = (await launchChromium()).browser;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("fits a phone's width, light and dark: the runs and a run's page as cards, nothing wider than the screen", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await signIn(page, base);
      for (const [name, url] of [
        ["library", "/dashboard/library"],
        ["library-run", `/dashboard/library/runs/${runId}`],
      ]) {
        await page.goto(`${base}${url}`);
        const beyond = await page.evaluate(() =>
          [...document.querySelectorAll("main *")]
            .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            .map((e) => `${e.tagName.toLowerCase()}: ${(e.textContent ?? "").trim().slice(0, 40)}`),
        );
        expect(beyond, name).toEqual([]);
        await shot(page, `phone-${colorScheme}-${name}`);
      }
      await context.close();
    }
  }, 120_000);

  it("shows the Watch page at a phone's width, nothing wider than the screen (the nav included), and retries a failed file from it", async () => {
    // 320: the narrowest phones, where the nav's six entries wrap.
    const context = await browser.newContext({ viewport: { width: 320, height: 700 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signIn(page, base);
    await Promise.all([page.waitForURL(`${base}/dashboard/watch`), page.click('nav a:has-text("Watch")')]);
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 844 });
      const beyond = await page.evaluate(() =>
        [...document.querySelectorAll("body *")]
          .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .map((e) => `${e.tagName.toLowerCase()}: ${(e.textContent ?? "").trim().slice(0, 40)}`),
      );
      expect(beyond, String(width)).toEqual([]);
    }
    expect(await page.textContent("#trouble-title")).toBe("Conflicts and failures (1)");
    await shot(page, "phone-light-watch");
    await Promise.all([page.waitForURL(`${base}/dashboard/watch?retried=${failedJob}`), page.click(`tr[data-job-id="${failedJob}"] button:has-text("Retry")`)]);
    expect(await page.textContent(".notice.ok")).toBe("SNIS-217.mp4 is back in the queue: the watcher takes it on its next turn.");
    expect(getWatchJob(t.db, failedJob)?.state).toBe("ready");
    expect(await page.textContent("#trouble-title")).toBe("Conflicts and failures (0)");
    await context.close();
  }, 120_000);

  it("opens Library from the nav, a run from the list, undoes it: the notice, and the files back on disk", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && problems.push(m.text())));
    page.on("pageerror", (e) => problems.push(e.message));
    await signIn(page, base);
    await Promise.all([page.waitForURL(`${base}/dashboard/library`), page.click('nav a:has-text("Library")')]);
    expect(await page.textContent(`tr[data-run-id="${runId}"] td[data-label="moved"]`)).toBe("13");
    await shot(page, "library");
    await Promise.all([page.waitForURL(`${base}/dashboard/library/runs/${runId}`), page.click(`tr[data-run-id="${runId}"] a:has-text("${runId}")`)]);
    expect(await page.textContent("#conflicts-title")).toBe("Conflicts and failures (2)");
    await shot(page, "library-run");
    expect(treeOf(root)).not.toEqual(before);
    await Promise.all([page.waitForURL(`${base}/dashboard/library?undone=${runId}`), page.click(`button:has-text("Undo run ${runId}")`)]);
    expect(await page.textContent(".notice.ok")).toBe(`Run ${runId} is undone by run ${runId + 1}: its files are back where they were.`);
    expect(treeOf(root)).toEqual(before);
    await shot(page, "library-undone");
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
