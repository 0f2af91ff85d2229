/**
 * The dashboard's Library pages over a real catalog and real files in a temporary folder:
 * a run of the case library (moves, a clash, two copies of a code, a duplicate, an
 * ambiguous name, a name with no code, one not in the catalog) listed with its counts, its
 * page with its moves, conflicts and what stayed; an undo from the page that puts the tree
 * back, twice; unknown ids, forged forms, a read-only replica, a run left open by a
 * process that is gone, and paths holding markup.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { finishOrganizeRun, listOrganizeRuns, startOrganizeRun, upsertRecords, openDatabase, type Db } from "../../src/catalog/index.js";
import { applyPlan, thisProcess } from "../../src/library/organize/organize.js";
import { type PlanOptions, planOrganize } from "../../src/library/organize/plan.js";
import { DEFAULT_TEMPLATE, parseTemplate } from "../../src/library/organize/template.js";
import { buildServer } from "../../src/server/app.js";
import { testConfig } from "../helpers/build-app.js";
import { buildDashboardApp, type DashboardApp, Browser } from "../helpers/dashboard.js";
import { buildCaseLibrary, organizeTitles, putClash, treeOf } from "../helpers/organize-library.js";

/** A download name a user could have: markup and an ampersand, no code (it stays). */
const MARKUP_NAME = "<img src=x onerror=alert(1)> & friends.mp4";
const MARKUP_ESCAPED = "&lt;img src=x onerror=alert(1)&gt; &amp; friends.mp4";

interface Organized {
  t: DashboardApp;
  b: Browser;
  root: string;
  src: string;
  lib: string;
  /** The tree before the run (the clash already in the library). */
  before: ReturnType<typeof treeOf>;
  runId: number;
}

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

const planOptions = (src: string, lib: string): PlanOptions => ({
  source: src,
  into: lib,
  template: DEFAULT_TEMPLATE,
  parsed: parseTemplate(DEFAULT_TEMPLATE),
  target: "posix",
  mode: "move",
  onConflict: "skip",
  unmatched: null,
  live: false,
  language: "ja",
  concurrency: 4,
});

/** The case library (under a folder whose name holds markup too), planned, its clash put in place, planned again and applied. */
async function organized(): Promise<Organized> {
  const t = await buildDashboardApp({ seed: (db) => upsertRecords(db, organizeTitles()) });
  const root = mkdtempSync(join(tmpdir(), "vc-dash-lib-<i>&amp;-"));
  open.push(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });
  const { src, lib } = buildCaseLibrary(root, null);
  writeFileSync(join(src, MARKUP_NAME), "a video with markup in its name\n");
  const first = (await planOrganize(t.deps, planOptions(src, lib))).plan;
  const mide = first.units.find((u) => u.code === "MIDE-799")?.files.find((f) => f.kind === "video");
  putClash(mide?.to ?? "");
  const { plan } = await planOrganize(t.deps, planOptions(src, lib));
  const before = treeOf(root);
  const runId = (await applyPlan(t.deps, plan, thisProcess("organize"))) as number;
  const b = new Browser(t.app);
  await b.signIn();
  return { t, b, root, src, lib, before, runId };
}

/** The text of a table cell of a row, by its data-label (tags dropped). */
function cell(body: string, rowAttr: string, label: string): string {
  const row = new RegExp(`<tr ${rowAttr}[^>]*>([\\s\\S]*?)</tr>`).exec(body)?.[1] ?? "";
  const td = new RegExp(`<td[^>]*data-label="${label}"[^>]*>([\\s\\S]*?)</td>`).exec(row)?.[1];
  return (td ?? "").replace(/<[^>]+>/g, "").trim();
}

/** The HTML between a section's heading and the section's end. */
function section(body: string, id: string): string {
  return new RegExp(`<section aria-labelledby="${id}">([\\s\\S]*?)</section>`).exec(body)?.[1] ?? "";
}

describe("the Library pages", () => {
  it("list each run with its files moved, conflicts and files that stayed", async () => {
    const o = await organized();
    const res = await o.b.get("/dashboard/library");
    expect(res.statusCode).toBe(200);
    const row = `data-run-id="${o.runId}"`;
    expect(cell(res.body, row, "kind")).toBe("organize");
    expect(cell(res.body, row, "state")).toBe("done");
    // SONE-708, TKMIRD-261, SNIS-217 with its subtitle, ROYD-191's two parts with six subtitle files.
    expect(cell(res.body, row, "moved")).toBe("13");
    expect(cell(res.body, row, "conflicts")).toBe("2");
    expect(cell(res.body, row, "failed")).toBe("0");
    // The ambiguous name, the one without a code, the one not in the catalog, the duplicate, the name with markup.
    expect(cell(res.body, row, "stayed")).toBe("6");
  });

  it("show a run's conflicts and what stayed with the reason, apart from and before its moves, paths relative to the run's folders", async () => {
    const o = await organized();
    const res = await o.b.get(`/dashboard/library/runs/${o.runId}`);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    const conflicts = section(body, "conflicts-title");
    const stayed = section(body, "stayed-title");
    const moves = section(body, "moves-title");
    expect(body.indexOf("conflicts-title")).toBeLessThan(body.indexOf("moves-title"));
    expect(body.indexOf("stayed-title")).toBeLessThan(body.indexOf("moves-title"));

    expect(conflicts).toContain("dl2/SNIS-217-C.mp4");
    expect(conflicts).toContain("is the target of");
    expect(conflicts).toContain("mide799/MIDE-799.mp4");
    expect(conflicts).toContain("another file is at");
    expect(stayed).toContain("more than one code in the name: ABP-123, SSIS-001");
    expect(stayed).toContain("no code in the name");
    expect(stayed).toContain("ZZZ-999.mp4");
    expect(stayed).toContain("not in the catalog");
    expect(stayed).toContain("copies/SONE-708.mkv");
    expect(stayed).toContain("the same bytes as");
    expect(moves).not.toContain("dl2/SNIS-217-C.mp4");

    // Each move from its place in the downloads to its place in the library, shown relative, the full path in the title.
    const from = `${o.src}/[ROYD-191] 兄嫁とキスだけ/ROYD-191-cd2.zh-CN.ass`;
    expect(moves).toContain(`title="${esc(from)}"><code>[ROYD-191] 兄嫁とキスだけ/ROYD-191-cd2.zh-CN.ass</code>`);
    expect(moves).toMatch(/<code>白石もも\/ROYD-191 兄嫁とキスだけの関係…[^<]*\/ROYD-191-cd2\.zh-CN\.ass<\/code>/);
    expect(moves.match(/<tr data-step=/g)).toHaveLength(13);
    // The folders made are counted apart, not mixed with the files.
    expect(body).toContain("Folders made (8)");
  });

  it("list a file a step could not move, and its unit's files put back, with the conflicts, not with the moves", async () => {
    const t = await buildDashboardApp({ seed: (db) => upsertRecords(db, organizeTitles()) });
    const root = mkdtempSync(join(tmpdir(), "vc-dash-lib-"));
    open.push(async () => {
      await t.close();
      rmSync(root, { recursive: true, force: true });
    });
    const { src, lib } = buildCaseLibrary(root, null);
    const { plan } = await planOrganize(t.deps, planOptions(src, lib));
    // A file lands at the subtitle's target after the plan was made: the subtitle cannot go, so its video is put back too.
    const sub = plan.units.find((u) => u.code === "SNIS-217" && u.status === "move")?.files.find((f) => f.kind === "subtitle");
    putClash(sub?.to ?? "");
    const runId = (await applyPlan(t.deps, plan, thisProcess("organize"))) as number;
    const b = new Browser(t.app);
    await b.signIn();
    const list = await b.get("/dashboard/library");
    // The subtitle that could not go, and the one skipped with its unit; the video put back.
    expect(cell(list.body, `data-run-id="${runId}"`, "failed")).toBe("2");
    expect(cell(list.body, `data-run-id="${runId}"`, "put back")).toBe("1");
    const page = (await b.get(`/dashboard/library/runs/${runId}`)).body;
    const conflicts = section(page, "conflicts-title");
    expect(conflicts).toContain("<code>hhd800.com@SNIS-217-C.zh-CN.ass</code>");
    expect(conflicts).toContain('<span class="status bad">failed</span>');
    expect(conflicts).toContain("<code>hhd800.com@SNIS-217-C.mp4</code>");
    expect(conflicts).toContain('<span class="status warn">reverted</span>');
    expect(section(page, "moves-title")).not.toContain("SNIS-217-C");
  });

  it("undoes a run from its page: the files are back, the run shows as undone with a link to its undo; a second undo changes nothing and says so", async () => {
    const o = await organized();
    expect(treeOf(o.root)).not.toEqual(o.before);
    const token = await o.b.token(`/dashboard/library/runs/${o.runId}`);
    const res = await o.b.post(`/dashboard/library/runs/${o.runId}/undo`, {}, token);
    expect(res.statusCode).toBe(303);
    expect(treeOf(o.root)).toEqual(o.before);
    const list = await o.b.get(res.headers.location as string);
    expect(list.body).toContain(`Run ${o.runId} is undone by run ${o.runId + 1}: its files are back where they were.`);
    const undo = `data-run-id="${o.runId + 1}"`;
    expect(cell(list.body, undo, "kind")).toBe(`undo of run ${o.runId}`);
    expect(cell(list.body, undo, "moved")).toBe("13");
    expect(cell(list.body, `data-run-id="${o.runId}"`, "state")).toBe("undone");

    const page = await o.b.get(`/dashboard/library/runs/${o.runId}`);
    expect(page.body).toContain(`undone</span> by <a href="/dashboard/library/runs/${o.runId + 1}">run ${o.runId + 1}</a>`);
    expect(page.body).not.toContain('/undo"');
    const undoPage = await o.b.get(`/dashboard/library/runs/${o.runId + 1}`);
    expect(undoPage.statusCode).toBe(200);
    expect(undoPage.body).toContain(`undo of <a href="/dashboard/library/runs/${o.runId}">run ${o.runId}</a>`);

    // The same form sent again (a double click, a back button): nothing changes, and the page says why.
    const again = await o.b.post(`/dashboard/library/runs/${o.runId}/undo`, {}, token);
    expect(again.statusCode).toBe(303);
    expect(treeOf(o.root)).toEqual(o.before);
    expect(listOrganizeRuns(o.t.db, 10)).toHaveLength(2);
    const said = await o.b.get(again.headers.location as string);
    expect(said.body).toContain(`Run ${o.runId} was undone already, by run ${o.runId + 1}: nothing changed.`);
    // A notice for a run that is not undone is not shown.
    expect((await o.b.get(`/dashboard/library?undone=${o.runId + 1}`)).body).not.toContain("is undone");
  });

  it("answers an unknown or malformed run id with a 404 page, on the run's page and its undo", async () => {
    const o = await organized();
    const token = await o.b.token("/dashboard/library");
    for (const id of ["999", "abc", "1.5", "-1", "12345678901234567890", "%3Cb%3E"]) {
      const page = await o.b.get(`/dashboard/library/runs/${id}`);
      expect(page.statusCode, id).toBe(404);
      expect(page.headers["content-type"], id).toMatch(/^text\/html/);
      expect(page.body, id).toContain("There is no organize run");
      expect(page.body, id).not.toContain("<b>");
      const post = await o.b.post(`/dashboard/library/runs/${id}/undo`, {}, token);
      expect(post.statusCode, id).toBe(404);
    }
    // An undo of an undo is refused with the reason.
    await o.b.post(`/dashboard/library/runs/${o.runId}/undo`, {}, token);
    const undoOfUndo = await o.b.post(`/dashboard/library/runs/${o.runId + 1}/undo`, {}, token);
    expect(undoOfUndo.statusCode).toBe(409);
    expect(undoOfUndo.body).toContain(`run ${o.runId + 1} is an undo (of run ${o.runId})`);
  });

  it("refuses an undo without the page's CSRF token (403) and changes nothing", async () => {
    const o = await organized();
    const after = treeOf(o.root);
    const res = await o.b.post(`/dashboard/library/runs/${o.runId}/undo`, {}, null);
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain("came from another site");
    expect(treeOf(o.root)).toEqual(after);
    expect(listOrganizeRuns(o.t.db, 10)).toHaveLength(1);
  });

  it("escapes every path and reason: markup in a download's name or a folder's name stays text", async () => {
    const o = await organized();
    const token = await o.b.token(`/dashboard/library/runs/${o.runId}`);
    await o.b.post(`/dashboard/library/runs/${o.runId}/undo`, {}, token);
    for (const url of ["/dashboard/library", `/dashboard/library/runs/${o.runId}`, `/dashboard/library/runs/${o.runId + 1}`]) {
      const res = await o.b.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain("<i>");
      expect(res.body, url).not.toContain("<img");
      expect(res.body, url).toContain("&lt;i&gt;&amp;amp;");
    }
    expect((await o.b.get(`/dashboard/library/runs/${o.runId}`)).body).toContain(MARKUP_ESCAPED);
  });

  it("says of a run left applying whether its process is gone (the next command or an undo finishes it) or still at it", async () => {
    const o = await organized();
    const dead = spawnSync(process.execPath, ["-e", ""]).pid as number;
    const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    open.push(async () => void sleeper.kill("SIGKILL"));
    const run = {
      kind: "organize" as const,
      undoOf: null,
      source: o.src,
      into: o.lib,
      mode: "move" as const,
      host: hostname(),
      plannedAt: 1,
      startedAt: Date.now(),
      left: [],
    };
    // One run applies at a time: the first, of a process that is gone, is finished before the second begins.
    const gone = startOrganizeRun(o.t.db, { ...run, owner: "organize", pid: dead }, []) as number;
    const list = await o.b.get("/dashboard/library");
    expect(cell(list.body, `data-run-id="${gone}"`, "state")).toContain(
      `applying: its process (${dead}) is gone; the next organize command, or an undo, finishes it`,
    );
    finishOrganizeRun(o.t.db, gone, Date.now());
    const busy = startOrganizeRun(o.t.db, { ...run, owner: "organize", pid: sleeper.pid as number }, []);
    expect(cell((await o.b.get("/dashboard/library")).body, `data-run-id="${busy}"`, "state")).toContain(
      `applying: organize (process ${sleeper.pid}) is at it`,
    );
    const page = await o.b.get(`/dashboard/library/runs/${busy}`);
    expect(page.body).not.toContain('/undo"');
    // An undo while another process applies a run is refused with its name, and changes nothing.
    const after = treeOf(o.root);
    const res = await o.b.post(`/dashboard/library/runs/${o.runId}/undo`, {}, await o.b.token("/dashboard/library"));
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain(`is being applied by organize (process ${sleeper.pid})`);
    expect(treeOf(o.root)).toEqual(after);
  });
});

describe("the Library pages on a read-only replica", () => {
  it("show the runs with no Undo button and refuse an undo, naming the writer", async () => {
    const o = await organized();
    const writer = "http://writer.test:8080";
    const db: Db = openDatabase(o.t.config.databasePath, { readonly: true });
    const config = testConfig({ DATABASE_PATH: o.t.config.databasePath, ADMIN_PASSWORD: "correct horse battery staple", REPLICA_OF: `${o.root}/backup` });
    const app = await buildServer(
      { db, config, live: null, pool: null, ingest: null },
      { logger: false, dashboard: { throttle: { stepMs: 1, maxDelayMs: 5, limit: 100, windowMs: 60_000 } }, readOnly: { writer, sessionSecret: "s" } },
    );
    open.push(async () => {
      await app.close();
      db.close();
    });
    const b = new Browser(app);
    await b.signIn();
    const banner = `This server is a read-only replica of <a href="${writer}">${writer}</a>`;
    for (const url of ["/dashboard/library", `/dashboard/library/runs/${o.runId}`]) {
      const res = await b.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(banner);
      expect(res.body.match(/<form method="post"/g), url).toHaveLength(1);
    }
    const after = treeOf(o.root);
    const res = await b.post(`/dashboard/library/runs/${o.runId}/undo`, {}, await b.token("/dashboard/library"));
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain(`This server is a read-only replica of ${writer}: undo organize runs there.`);
    expect(treeOf(o.root)).toEqual(after);
  });
});

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

describe("the list of runs", () => {
  it("shows the newest 50, then older ones a page at a time", async () => {
    const t = await buildDashboardApp();
    open.push(() => t.close());
    const run = {
      kind: "organize" as const,
      undoOf: null,
      source: "/d",
      into: "/l",
      mode: "move" as const,
      owner: "organize",
      pid: 1,
      host: "elsewhere",
      plannedAt: 1,
      startedAt: 1,
      left: [],
    };
    // The last left applying: one run applies at a time.
    for (let i = 0; i < 52; i++) {
      const id = startOrganizeRun(t.db, run, []) as number;
      if (i < 51) finishOrganizeRun(t.db, id, 1);
    }
    const b = new Browser(t.app);
    await b.signIn();
    const first = await b.get("/dashboard/library");
    expect(first.body.match(/<tr data-run-id=/g)).toHaveLength(50);
    expect(first.body).toContain('<a href="/dashboard/library?before=3">Older runs</a>');
    const older = await b.get("/dashboard/library?before=3");
    expect([...older.body.matchAll(/<tr data-run-id="(\d+)"/g)].map((m) => m[1])).toEqual(["2", "1"]);
    expect(older.body).not.toContain("Older runs");
    // A run left applying on another machine: this one cannot tell whether its process runs.
    expect(cell(first.body, 'data-run-id="52"', "state")).toContain("applying: by organize on elsewhere (process 1)");
  });
});
