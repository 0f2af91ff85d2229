import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/catalog/index.js";
import { runCliAsync } from "../../helpers/run-cli.js";
import { TempDir } from "./helpers.js";

describe("CLI: sample-dump, then import-dump", () => {
  const dir = new TempDir();
  afterAll(() => dir.remove());
  const env = { DATABASE_PATH: join(dir.path, "catalog.db") };

  it("writes a synthetic dump and imports it, with a summary at the end", async () => {
    const dump = join(dir.path, "sample.sql.gz");
    const made = await runCliAsync(["sample-dump", "--videos", "600", "--out", dump, "--seed", "4"], env);
    expect(made.stderr).toBe("");
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(/^wrote .*sample\.sql\.gz: 600 videos, 150 actresses, /);
    expect(gunzipSync(readFileSync(dump)).toString("utf8")).toContain("COPY public.derived_video (content_id, dvd_id, ");

    const r = await runCliAsync(["import-dump", dump], env);
    expect(r.status).toBe(0);
    const imported = Number(/: ([\d,]+) videos \(/.exec(r.stdout)?.[1].replace(/,/g, ""));
    expect(r.stdout).toMatch(
      /^imported .*sample\.sql\.gz as provider "r18dev": [\d,]+ videos \([\d,]+ added, 0 updated, 0 unchanged\), 150 actresses, in [\d.]+ s \([\d,]+ videos\/s\)$/m,
    );
    // The sample has videos without a release date (1%): each is kept, dated "".
    expect(r.stdout).toMatch(/^skipped rows: none$/m);
    // Not a TTY: plain progress lines on stderr, one per phase at least, and the notes.
    expect(r.stderr).toMatch(/^import-dump reading .*videos\/s/m);
    expect(r.stderr).toMatch(/^import-dump writing .*videos\/s/m);
    expect(r.stderr).toMatch(
      /^import-dump merging the search index \.\.\. {2}\(.* so far\)\nimport-dump committing \.\.\. {2}\(.* so far\)\nimport-dump copying the write-ahead log into the catalog file \.\.\. {2}\(.* so far\)$/m,
    );
    expect(r.stderr).toMatch(/^note: .*table machine_translation is not used by the import; skipped$/m);

    const db = openDatabase(env.DATABASE_PATH, { readonly: true });
    expect(db.prepare("SELECT count(*) FROM movies WHERE provider = 'r18dev'").pluck().get()).toBe(imported);
    expect(imported).toBe(600);
    expect(db.prepare("SELECT count(*) FROM movies WHERE provider = 'r18dev' AND release_date = ''").pluck().get()).toBeGreaterThan(0);
    db.close();
    // 2 s alone; the import runs at BULK_NICE 19, so beside a busy suite it waits: 26 s once.
  }, 120_000);

  it("fails with a clear message on a bad file", async () => {
    const truncated = dir.write("cut.sql", "COPY public.derived_video (content_id, dvd_id) FROM stdin;\nabc00001\tABC-001\n");
    const r = await runCliAsync(["import-dump", truncated], env);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/the dump is truncated: .* Nothing was imported \(the catalog is unchanged\)/);
    const missing = await runCliAsync(["import-dump", join(dir.path, "nope.sql")], env);
    expect(missing).toMatchObject({ status: 2, stderr: expect.stringMatching(/no such file/) });
  });
});
