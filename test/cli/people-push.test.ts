/**
 * `people push` as a user runs it (the built CLI) against a stand-in Jellyfin configured as
 * JELLYFIN_URL and JELLYFIN_TOKEN: a dry run lists and sends nothing, a run sends, a second
 * sends nothing; a refused token and a server not reached are one line each.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCatalog, upsertRecords } from "../../src/catalog/index.js";
import { makeIngest } from "../helpers/build-app.js";
import { paintedJpeg } from "../helpers/cover-server.js";
import { downUrl } from "../helpers/media-server-stand-ins.js";
import { type PeopleStandIn, peopleStandIn } from "../helpers/people-stand-in.js";
import { runCliAsync } from "../helpers/run-cli.js";

const TOKEN = "fedcba9876543210fedcba9876543210";

describe("people push (CLI)", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-people-push-"));
  const pictures = createServer(async (_req, res) => res.writeHead(200, { "content-type": "image/jpeg" }).end(await paintedJpeg(125, 125)));
  let jellyfin: PeopleStandIn;
  let env: Record<string, string> = {};

  beforeAll(async () => {
    await new Promise<void>((r) => pictures.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
    const db = openCatalog(join(dir, "catalog.db"));
    upsertRecords(db, [
      makeIngest(
        { contentId: "abc00001", dvdId: "ABC-001", releaseDate: "2023-01-01T00:00:00.000Z", actresses: ["Yui Minami"] },
        { provider: "fanza", credits: [{ id: "1001", names: ["Yui Minami", "美波ゆい"], image: `${base}/mono/actjpgs/minami_yui.jpg` }] },
      ),
    ]);
    db.close();
    jellyfin = await peopleStandIn("jellyfin", TOKEN, [
      { id: "lib1", name: "JAV", collectionType: "movies", items: [{ id: "i1", name: "ABC-001", path: "/media/jav/ABC-001.mp4", cast: ["Yui Minami"] }] },
      { id: "lib2", name: "Movies", collectionType: "movies", items: [{ id: "m1", name: "A Film", path: "/media/movies/A Film.mkv", cast: ["Some Star"] }] },
    ]);
    env = {
      DATABASE_PATH: join(dir, "catalog.db"),
      SAMPLE_DATA: "off",
      ENV_FILE: join(dir, "no.env"),
      IMAGE_CACHE_DIR: join(dir, "images"),
      MEDIA_LANGUAGE: "ja",
      JELLYFIN_URL: jellyfin.url,
      JELLYFIN_TOKEN: TOKEN,
      HTTP_MAX_RETRIES: "0",
    };
  });
  afterAll(async () => {
    await jellyfin.close();
    await new Promise<void>((r) => pictures.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  });

  const push = (...more: string[]) => runCliAsync(["people", "push", "--server", jellyfin.url, ...more], env);

  it("lists on a dry run, sends on a run, and sends nothing on the next", async () => {
    const dry = await push("--library", "JAV", "--dry-run");
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain("would send\tYui Minami\t1001\tpicture, overview\n");
    expect(dry.stdout).toMatch(/1 person credited in "JAV": 1 picture and 1 overview would be sent \(dry run: nothing sent or recorded\)/);
    expect(jellyfin.posts()).toEqual([]);

    const run = await push("--library", "JAV");
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("sent\tYui Minami\t1001\tpicture, overview\n");
    const id = jellyfin.personId("Yui Minami");
    expect(jellyfin.posts().map((p) => p.url)).toEqual([`/Items/${id}/Images/Primary`, `/Items/${id}`]);
    expect(jellyfin.persons.get(id)?.Overview).toBe("美波ゆい（Yui Minami）。出演 1 作（2023-01-01）。");
    for (const r of jellyfin.got) {
      expect(r.headers.authorization).toBe(`MediaBrowser Token="${TOKEN}"`);
      expect(r.url).not.toMatch(/api_key/i);
    }

    const again = await push("--library", "JAV");
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain("unchanged\tYui Minami\t1001\tnothing changed\n");
    expect(jellyfin.posts()).toHaveLength(2);
  });

  it("without --library, names the libraries to choose from", async () => {
    const r = await push();
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(
      `jellyfin at ${jellyfin.url} has 2 libraries of titles: name the one to push to (its libraries: "JAV" (lib1), "Movies" (lib2))`,
    );
  });

  it("a refused token, and a server not reached, are one line each", async () => {
    const refused = await push("--library", "JAV", "--token", "not-the-token");
    expect(refused.status).toBe(2);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toMatch(/^jellyfin at .* refused the token \(HTTP 401\)/);
    const down = await downUrl();
    const unreached = await runCliAsync(["people", "push", "--server", down, "--token", "x", "--library", "JAV"], env);
    expect(unreached.status).toBe(2);
    expect(unreached.stderr.trim().split("\n")).toHaveLength(1);
    expect(unreached.stderr).toMatch(/^jellyfin at .* is not reached/);
  });
});
