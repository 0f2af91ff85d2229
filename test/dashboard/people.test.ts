/**
 * The dashboard's People pages over a real catalog: a search by any name, a person's page
 * (names with kind, script, sources, releases; picture; titles), a merge from the form, a
 * split from a name's button, the journal with its Undo buttons (an undo out of order
 * refused, naming the edit), a form without its CSRF token refused, and names holding
 * markup shown as text.
 */
import { afterEach, describe, expect, it } from "vitest";
import { personByKey, upsertRecords } from "../../src/catalog/index.js";
import { buildServer } from "../../src/server/app.js";
import { Browser, buildDashboardApp, type DashboardApp } from "../helpers/dashboard.js";
import { PEOPLE_TITLES, PICTURE } from "../helpers/people-titles.js";

const open: DashboardApp[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
});

async function signedIn(): Promise<{ t: DashboardApp; b: Browser }> {
  const t = await buildDashboardApp({ seed: (db) => upsertRecords(db, PEOPLE_TITLES) });
  open.push(t);
  const b = new Browser(t.app);
  await b.signIn();
  return { t, b };
}

const text = (body: string) =>
  body
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("the People pages", () => {
  it("finds persons by any name and shows one: names with kind and sources, picture, titles", async () => {
    const { b } = await signedIn();
    const list = await b.get("/dashboard/people?q=ゆき");
    expect(list.statusCode).toBe(200);
    expect(text(list.body)).toContain("Found (2)");
    expect(list.body).toContain('<a href="/dashboard/people/1001">新名ゆき</a>');
    const page = await b.get("/dashboard/people/1001");
    expect(page.body).toContain(`<img src="${PICTURE}"`);
    expect(text(page.body)).toContain("Yuki Shinmei current latin fanza 2021-01-01 2021-01-01");
    expect(page.body).toMatch(/data-titles>1</);
    expect((await b.get("/dashboard/people/n999")).statusCode).toBe(404);
    const markup = await b.get("/dashboard/people/1003");
    expect(markup.body).toContain("&lt;b&gt;河北&lt;/b&gt;彩花");
    expect(markup.body).not.toContain("<b>河北</b>");
  });

  it("merges from the form, splits a name off, refuses an undo out of order naming the edit, and undoes in order", async () => {
    const { t, b } = await signedIn();
    const csrf = await b.token("/dashboard/people");
    const merged = await b.post("/dashboard/people/merge", { into: "1001", from: "旧名ゆき" }, csrf);
    expect([merged.statusCode, merged.headers.location]).toEqual([303, "/dashboard/people/1001?merged=1"]);
    const shown = await b.get("/dashboard/people/1001?merged=1");
    expect(text(shown.body)).toContain("Edit 1: merged 1002 into 1001.");
    expect(text(shown.body)).toContain("merged into her 1002");
    expect(shown.body).toMatch(/data-titles>2</);
    expect(personByKey(t.db, "1002")).toBe(personByKey(t.db, "1001"));

    const split = await b.post("/dashboard/people/1001/split", { name: "Yuki Shinmei" }, csrf);
    expect(split.statusCode).toBe(303);
    const to = /^\/dashboard\/people\/(n\d+)\?split=2$/.exec(split.headers.location as string)![1];
    expect((await b.get(`/dashboard/people/${to}`)).body).toContain("(made by a split)");

    const refused = await b.post("/dashboard/people/edits/1/undo", {}, csrf);
    expect(refused.statusCode).toBe(409);
    expect(text(refused.body)).toContain("Not undone: edit 1 cannot be undone while later edits touch the same persons: undo this first: 2 (split");
    for (const id of ["2", "1"]) {
      const undone = await b.post(`/dashboard/people/edits/${id}/undo`, {}, csrf);
      expect([undone.statusCode, undone.headers.location]).toEqual([303, `/dashboard/people?undone=${id}`]);
    }
    const journal = await b.get("/dashboard/people?undone=1");
    expect(text(journal.body)).toContain("Edit 1 is undone by edit 4: merged 1002 into 1001.");
    expect(journal.body.match(/<button type="submit" class="secondary">Undo<\/button>/g)).toBeNull();
    expect(personByKey(t.db, "1002")).not.toBe(personByKey(t.db, "1001"));
  });

  it("refuses a merge it cannot make with the reason, and a form without its CSRF token", async () => {
    const { b } = await signedIn();
    const csrf = await b.token("/dashboard/people");
    const nobody = await b.post("/dashboard/people/merge", { into: "1001", from: "誰もいない" }, csrf);
    expect(nobody.statusCode).toBe(409);
    expect(text(nobody.body)).toContain('Not merged: no person has the key or name "誰もいない".');
    expect(nobody.body).toContain('value="誰もいない"');
    expect((await b.post("/dashboard/people/merge", { into: "1001", from: "1002" }, null)).statusCode).toBe(403);
  });

  it("on a read-only replica, shows the persons and the journal with no form that would edit, and refuses an edit naming the writer", async () => {
    const { t } = await signedIn();
    const replica = await buildServer(t.deps, {
      logger: false,
      dashboard: { throttle: { stepMs: 1, maxDelayMs: 5, limit: 100, windowMs: 60_000 } },
      readOnly: { writer: "http://writer.test:8080", sessionSecret: "one secret" },
    });
    try {
      const b = new Browser(replica);
      await b.signIn();
      const list = await b.get("/dashboard/people?q=ゆき");
      expect(text(list.body)).toContain("Found (2)");
      expect(list.body).not.toContain('action="/dashboard/people/merge"');
      expect((await b.get("/dashboard/people/1001")).body).not.toContain("Split off</button>");
      const refused = await b.post("/dashboard/people/merge", { into: "1001", from: "1002" }, await b.token("/dashboard/people"));
      expect(refused.statusCode).toBe(403);
      expect(text(refused.body)).toContain("This server is a read-only replica of http://writer.test:8080: merge people there.");
    } finally {
      await replica.close();
    }
  });
});
