/**
 * The dashboard's Watch page over a real catalog, its queue and outbox seeded through the
 * queue's own functions as a watcher leaves them (files in each state, notices sent,
 * waiting and given up, a beat): whether the watcher runs, every section, Retry of one
 * file and of all failed ones, unknown ids, forged forms, a read-only replica, and paths,
 * reasons and errors holding markup or a webhook's secret.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  claimReady,
  getWatchJob,
  listNotices,
  listWatchJobs,
  markNotice,
  queueSettled,
  reportLongPending,
  settleJobs,
  type WatchBeat,
  writeWatchBeat,
  openDatabase,
  type Db,
} from "../../src/catalog/index.js";
import { buildServer } from "../../src/server/app.js";
import { testConfig } from "../helpers/build-app.js";
import { Browser, buildDashboardApp, type DashboardApp } from "../helpers/dashboard.js";

/** A folder and a download name a user could have: markup and ampersands. */
const INBOX = "/srv/in<i>&amp;";
const LIB = "/srv/library";
const MARKUP = "<img src=x onerror=alert(1)> & friends.mp4";
const HOOK = "https://hooks.example/secret-token-123/watch";
const DAY = 86_400_000;

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

const beat = (o: Partial<WatchBeat> = {}): WatchBeat => ({
  inbox: INBOX,
  into: LIB,
  pid: 4242,
  host: "nas",
  at: Date.now(),
  everyMs: 10_000,
  settling: 2,
  ...o,
});

/** Jobs by name: one in each state (two failed), and three notices: one sent, one waiting, one given up. */
function seed(db: Db) {
  const now = Date.now();
  const names = ["placing.mp4", "ABC-001.mp4", "ABC-002.mp4", "ABC-003.mp4", "dl/ABC-004.mp4", MARKUP, "ABC-005.mp4", "no code.mp4", "ready.mp4"];
  queueSettled(
    db,
    names.map((n, i) => ({ path: `${INBOX}/${n}`, inbox: INBOX, size: i + 1, mtimeMs: now - 40 * DAY })),
    now - 40 * DAY,
  );
  // The first eight are taken by a watcher; the last stays ready.
  const [placing, placed, pending, late, failed, markup, conflict, stays] = claimReady(db, "watch", now, 8).map((j) => j.id);
  const ready = listWatchJobs(db, ["ready"], 1)[0].id;
  settleJobs(
    db,
    [
      { id: placed, state: "placed", code: "ABC-001", placedAt: `${LIB}/ABC/ABC-001 A title.mp4`, runId: 7 },
      { id: pending, state: "pending", code: "ABC-002", attempts: 2, nextTryAt: now + DAY },
      { id: late, state: "pending", code: "ABC-003" },
      { id: failed, state: "failed", code: "ABC-004", reason: `EACCES: permission denied, rename '${INBOX}/dl/ABC-004.mp4'` },
      { id: markup, state: "failed", reason: "<b>bold</b> reason" },
      { id: conflict, state: "conflict", code: "ABC-005", reason: `another file is at ${LIB}/ABC/ABC-005.mp4` },
      { id: stays, state: "stays", reason: "no code in the name" },
    ],
    [
      { kind: "jellyfin", target: "http://jf.local:8096", payload: `${LIB}/ABC` },
      { kind: "webhook", target: HOOK, payload: JSON.stringify({ event: "placed", code: "ABC-001" }) },
      { kind: "plex", target: "http://plex.local:32400", payload: `${LIB}/ABC` },
    ],
    now,
  );
  // Pending longer than the setting: the watcher reports it once.
  reportLongPending(db, now, now);
  const [plex, hook, jf] = listNotices(db, 3);
  markNotice(db, jf.id, "sent", now, now, null);
  markNotice(db, hook.id, "given-up", now, now, `POST ${HOOK}: 500 Internal Server Error`);
  expect(plex.kind).toBe("plex");
  return { ready, placing, placed, pending, late, failed, markup, conflict, stays };
}

async function watched(withBeat: WatchBeat | null = beat()) {
  const t: DashboardApp = await buildDashboardApp();
  open.push(() => t.close());
  const jobs = seed(t.db);
  if (withBeat) writeWatchBeat(t.db, withBeat);
  const b = new Browser(t.app);
  await b.signIn();
  return { t, b, jobs };
}

/** The HTML between a section's heading and the section's end. */
function section(body: string, id: string): string {
  return new RegExp(`<section aria-labelledby="${id}">([\\s\\S]*?)</section>`).exec(body)?.[1] ?? "";
}

/** The text of a cell of a job's row, by its data-label (tags dropped). */
function cell(body: string, job: number, label: string): string {
  const row = new RegExp(`<tr data-job-id="${job}"[^>]*>([\\s\\S]*?)</tr>`).exec(body)?.[1] ?? "";
  const td = new RegExp(`<td[^>]*data-label="${label}"[^>]*>([\\s\\S]*?)</td>`).exec(row)?.[1];
  return (td ?? "").replace(/<[^>]+>/g, "").trim();
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

describe("the Watch page", () => {
  it("comes after Library in the nav, and says how to start a watcher when none ever ran", async () => {
    const t = await buildDashboardApp();
    open.push(() => t.close());
    const b = new Browser(t.app);
    await b.signIn();
    const res = await b.get("/dashboard/watch");
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/>Library<\/a>\s*<a href="\/dashboard\/watch" aria-current="page">Watch<\/a>/);
    const watcher = section(res.body, "watcher-title");
    expect(watcher).toContain("No watcher has run on this catalog yet.");
    expect(watcher).toContain("<code>WATCH_INBOX=/downloads WATCH_INTO=/library npm start</code>");
    expect(watcher).toContain("<code>npm run cli -- watch /downloads --into /library</code>");
    for (const id of ["trouble-title", "pending-title", "queue-title", "placed-title", "stays-title"]) expect(section(res.body, id), id).toContain("(0)");
  });

  it("says a watcher runs (its folders, last beat, files settling), or that the last one stopped and how to start one", async () => {
    const { t, b } = await watched();
    const running = section((await b.get("/dashboard/watch")).body, "watcher-title");
    expect(running).toContain('<span class="status ok">running</span>: process 4242 on nas');
    expect(running).toContain("2 files settling");
    expect(running).toContain(`<dt>inbox</dt><dd><code>${esc(INBOX)}</code></dd><dt>into</dt><dd><code>${LIB}</code></dd>`);
    expect(running).not.toContain("WATCH_INBOX");
    writeWatchBeat(t.db, beat({ at: Date.now() - 31_000 }));
    const stopped = section((await b.get("/dashboard/watch")).body, "watcher-title");
    expect(stopped).toContain('<span class="status bad">not running</span>: the last watcher (process 4242 on nas) last said it ran');
    expect(stopped).toContain("WATCH_INBOX=/downloads");
  });

  it("lists conflicts and failures first with the reason and Retry, then pending, the queue, what was placed with its run, what stays, and the outbox", async () => {
    const { b, jobs: j } = await watched();
    const body = (await b.get("/dashboard/watch")).body;
    const order = ["trouble-title", "pending-title", "queue-title", "placed-title", "stays-title", "outbox-title"].map((id) => body.indexOf(`"${id}"`));
    expect(order).toEqual([...order].sort((x, y) => x - y));

    const trouble = section(body, "trouble-title");
    expect(trouble).toContain("Conflicts and failures (3)");
    expect(trouble).toContain("Retry all failed (2)");
    for (const id of [j.failed, j.markup, j.conflict]) expect(trouble).toContain(`action="/dashboard/watch/jobs/${id}/retry"`);
    expect(cell(body, j.conflict, "why")).toBe("another file is at …/library/ABC/ABC-005.mp4");
    expect(cell(body, j.conflict, "state")).toBe("conflict");
    // Paths relative to the inbox, the whole path in the title.
    expect(trouble).toContain(`title="${esc(`${INBOX}/dl/ABC-004.mp4`)}"><code>dl/ABC-004.mp4</code>`);

    const pending = section(body, "pending-title");
    expect(pending).toContain("(2)");
    expect(cell(body, j.pending, "code")).toBe("ABC-002");
    expect(cell(body, j.pending, "lookups")).toBe("2");
    expect(cell(body, j.pending, "next live lookup")).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect(cell(body, j.late, "next live lookup")).toBe("when the catalog gains titles");
    expect(cell(body, j.pending, "pending long")).toMatch(/^reported \d{4}-/);
    expect(cell(body, j.late, "pending long")).toMatch(/^reported \d{4}-/);
    expect(pending).not.toContain("/retry");

    const queue = section(body, "queue-title");
    expect(queue).toContain("In the queue (2)");
    expect(cell(body, j.ready, "state")).toBe("ready");
    expect(cell(body, j.placing, "state")).toBe("placing");

    const placed = section(body, "placed-title");
    expect(cell(body, j.placed, "placed at")).toBe("ABC/ABC-001 A title.mp4");
    expect(placed).toContain(`title="${LIB}/ABC/ABC-001 A title.mp4"`);
    expect(placed).toContain('<a href="/dashboard/library/runs/7">run 7</a>');

    expect(section(body, "stays-title")).toContain("(1)");
    expect(cell(body, j.stays, "why")).toBe("no code in the name");

    const outbox = section(body, "outbox-title");
    expect(outbox).toContain("1 waiting, 1 sent, 1 given up.");
    expect(outbox).toMatch(/plex <span class="muted small">plex\.local:32400<\/span>[\s\S]*?<code>ABC<\/code>[\s\S]*?status warn">waiting/);
    expect(outbox).toMatch(/webhook <span class="muted small">hooks\.example<\/span>[\s\S]*?placed ABC-001[\s\S]*?status bad">given-up/);
    expect(outbox).toContain("POST hooks.example: 500 Internal Server Error");
    // A webhook's URL may carry its secret: only its host is shown.
    expect(body).not.toContain("secret-token-123");
  });

  it("retries one file and then all failed ones: back to ready for the watcher's next turn, said on the page", async () => {
    const { t, b, jobs: j } = await watched();
    const token = await b.token("/dashboard/watch");
    const one = await b.post(`/dashboard/watch/jobs/${j.conflict}/retry`, {}, token);
    expect(one.statusCode).toBe(303);
    expect(getWatchJob(t.db, j.conflict)?.state).toBe("ready");
    const page = await b.get(one.headers.location as string);
    expect(page.body).toContain("ABC-005.mp4 is back in the queue: the watcher takes it on its next turn.");
    expect(section(page.body, "queue-title")).toContain("In the queue (3)");

    const all = await b.post("/dashboard/watch/retry-failed", {}, token);
    expect(all.statusCode).toBe(303);
    expect([getWatchJob(t.db, j.failed)?.state, getWatchJob(t.db, j.markup)?.state]).toEqual(["ready", "ready"]);
    const after = await b.get(all.headers.location as string);
    expect(after.body).toContain("2 failed files are back in the queue");
    expect(section(after.body, "trouble-title")).toContain("Conflicts and failures (0)");
    expect(after.body).not.toContain("Retry all failed");
    // Pending, placed and staying files are left as they are.
    expect([j.pending, j.placed, j.stays].map((id) => getWatchJob(t.db, id)?.state)).toEqual(["pending", "placed", "stays"]);
  });

  it("answers an unknown or malformed id with a 404 page, and a file that is neither a conflict nor a failure with a 409", async () => {
    const { t, b, jobs: j } = await watched();
    const token = await b.token("/dashboard/watch");
    for (const id of ["999", "abc", "1.5", "-1", "12345678901234567890", "%3Cb%3E"]) {
      const res = await b.post(`/dashboard/watch/jobs/${id}/retry`, {}, token);
      expect(res.statusCode, id).toBe(404);
      expect(res.body, id).toContain("There is no watched file");
      expect(res.body, id).not.toContain("<b>");
    }
    const placed = await b.post(`/dashboard/watch/jobs/${j.placed}/retry`, {}, token);
    expect(placed.statusCode).toBe(409);
    expect(placed.body).toContain("is placed, not a conflict or a failure");
    expect(getWatchJob(t.db, j.placed)?.state).toBe("placed");
  });

  it("refuses a retry without the page's CSRF token (403) and changes nothing", async () => {
    const { t, b, jobs: j } = await watched();
    for (const url of [`/dashboard/watch/jobs/${j.failed}/retry`, "/dashboard/watch/retry-failed"]) {
      const res = await b.post(url, {}, null);
      expect(res.statusCode, url).toBe(403);
      expect(res.body).toContain("came from another site");
    }
    expect(getWatchJob(t.db, j.failed)?.state).toBe("failed");
  });

  it("escapes every path, reason and error: markup in a folder's or a download's name stays text", async () => {
    const { b } = await watched();
    const body = (await b.get("/dashboard/watch")).body;
    expect(body).not.toContain("<img");
    expect(body).not.toContain("<i>");
    expect(body).not.toContain("<b>bold");
    expect(body).toContain(esc(MARKUP));
    expect(body).toContain("&lt;b&gt;bold&lt;/b&gt; reason");
    expect(body).toContain("&lt;i&gt;&amp;amp;");
  });
});

describe("the Watch page on a read-only replica", () => {
  it("shows the queue with no Retry button and refuses a retry, naming the writer", async () => {
    const { t, jobs: j } = await watched();
    const writer = "http://writer.test:8080";
    const db: Db = openDatabase(t.config.databasePath, { readonly: true });
    const config = testConfig({ DATABASE_PATH: t.config.databasePath, ADMIN_PASSWORD: "correct horse battery staple", REPLICA_OF: `${t.dir}/backup` });
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
    const page = await b.get("/dashboard/watch");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`This server is a read-only replica of <a href="${writer}">${writer}</a>`);
    expect(section(page.body, "trouble-title")).toContain("Conflicts and failures (3)");
    expect(page.body.match(/<form method="post"/g)).toHaveLength(1);
    const token = await b.token("/dashboard/watch");
    for (const url of [`/dashboard/watch/jobs/${j.failed}/retry`, "/dashboard/watch/retry-failed"]) {
      const res = await b.post(url, {}, token);
      expect(res.statusCode, url).toBe(403);
      expect(res.body).toContain(`This server is a read-only replica of ${writer}: retry watched files there.`);
    }
    expect(getWatchJob(t.db, j.failed)?.state).toBe("failed");
  });
});
