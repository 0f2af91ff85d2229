/**
 * `people` end to end, as `npm run cli` runs it, over a catalog filled by `import`: find
 * and show, a merge, a split of the merged person, an undo refused while a later edit
 * depends on it (naming it), undone in order back to the start; an alias table read in
 * and undone; a rebuild that keeps a merge; and the refusals, each one line with exit 2.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeRecord } from "../helpers/build-app.js";
import { ROOT, runCli } from "../helpers/run-cli.js";

const TABLES = join(ROOT, "test/fixtures/people/alias-tables");

describe("people, from the command line", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-people-cli-"));
  const env = { DATABASE_PATH: join(dir, "catalog.db") };
  const people = (...args: string[]) => runCli(["people", ...args], env);
  const show = (who: string) => JSON.parse(people("show", who, "--json").stdout) as { key: string; titles: number; names: { name: string; kind: string }[] };

  beforeAll(() => {
    const file = join(dir, "titles.ndjson");
    const titles = [
      makeRecord({ contentId: "abc00001", dvdId: "ABC-001", releaseDate: "2021-01-01T00:00:00.000Z", actresses: ["新名ゆき"] }),
      makeRecord({ contentId: "abc00002", dvdId: "ABC-002", releaseDate: "2018-01-01T00:00:00.000Z", actresses: ["旧名ゆき"] }),
      makeRecord({ contentId: "abc00003", dvdId: "ABC-003", releaseDate: "2020-01-01T00:00:00.000Z", actresses: ["河北彩花", "新名ゆき"] }),
    ];
    writeFileSync(file, titles.map((t) => JSON.stringify(t)).join("\n"));
    expect(runCli(["import", file], env).status).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("finds and shows persons, merges two, splits a name off, refuses an undo out of order naming the edit, and undoes back to the start", () => {
    const found = people("find", "ゆき");
    expect(found.status).toBe(0);
    expect(
      found.stdout
        .split("\n")
        .filter(Boolean)
        .map((l) => l.split("\t")[1]),
    ).toEqual(["新名ゆき", "旧名ゆき"]);
    const yuki = show("新名ゆき");
    expect([yuki.titles, yuki.key]).toEqual([2, expect.stringMatching(/^n\d+$/)]);
    const old = show("旧名ゆき").key;

    const merged = people("merge", "新名ゆき", "旧名ゆき");
    expect(merged.stdout).toBe(`edit 1: merged ${old} into ${yuki.key} (undo: people undo 1)\n`);
    expect(show("旧名ゆき")).toMatchObject({ key: yuki.key, titles: 3 });
    expect(show(yuki.key).names.map((n) => `${n.kind}:${n.name}`)).toEqual(["current:新名ゆき", "former:旧名ゆき"]);

    const split = people("split", yuki.key, "--name", "旧名ゆき");
    expect(split.stdout).toMatch(new RegExp(`^edit 2: split "旧名ゆき" off ${yuki.key} to n\\d+ with 1 title \\(`));
    expect(show(yuki.key).titles).toBe(2);

    const refused = people("undo", "1");
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(
      new RegExp(`^edit 1 cannot be undone while later edits touch the same persons: undo this first: 2 \\(split "旧名ゆき" off ${yuki.key} to n\\d+\\)\n$`),
    );
    expect(people("undo", "2").stdout).toBe("edit 3: undid edit 2\n");
    expect(people("undo", "1").stdout).toBe("edit 4: undid edit 1\n");
    expect(show(old)).toMatchObject({ key: old, titles: 1 });
    const journal = people("edits").stdout.trim().split("\n");
    expect(journal.map((l) => l.split("\t").slice(0, 2).join(" "))).toEqual(["id kind", "4 undo", "3 undo", "2 split", "1 merge"]);
  });

  it("reads JavSP's alias table in as one edit and undoes it", () => {
    const r = people("import-aliases", join(TABLES, "actress_alias.json"));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("as JavSP's actress_alias.json: 4 entries\nmerged 1, aliases added 2, skipped 2 (no name of a person), ambiguous 0\n");
    const edit = /edit (\d+) \(undo/.exec(r.stdout)![1];
    expect(show("しんめいゆき").titles).toBe(3);
    expect(people("undo", edit).status).toBe(0);
    expect(show("新名ゆき").titles).toBe(2);
  });

  it("keeps a merge through a rebuild", () => {
    expect(people("merge", "新名ゆき", "旧名ゆき").status).toBe(0);
    const rebuilt = people("rebuild");
    expect(rebuilt.stdout).toBe("people read again from 3 titles; the edits of the journal stay\n");
    expect(show("旧名ゆき").titles).toBe(3);
    const last = JSON.parse(people("edits", "--json").stdout).edits[0].id as number;
    expect(people("undo", String(last)).status).toBe(0);
    expect(show("旧名ゆき").titles).toBe(1);
  });

  it("refuses what it cannot do in one line, exit 2", () => {
    for (const [args, line] of [
      [["show", "誰もいない人"], 'no person has the key or name "誰もいない人"'],
      [["undo", "x1"], 'error: people undo needs an edit\'s id (see people edits), got "x1"'],
      [["merge", "新名ゆき", "新名ゆき"], "cannot be merged into herself"],
      [["split", "河北彩花", "--name", "河北彩花"], "is the only name of person"],
      [["import-aliases", join(ROOT, "package.json")], "not JavSP's actress_alias.json"],
    ] as const) {
      const r = people(...args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr.split("\n")[0], args.join(" ")).toContain(line);
      expect(r.stdout).toBe("");
    }
  });
});
