import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, runCliAsync } from "../helpers/run-cli.js";
import { json, localServer, sample } from "../helpers/sample-server.js";
import { makeRecord } from "../helpers/build-app.js";
import type { ScanEntry } from "../../src/library/scan-library.js";
import { providersOffEnv } from "../../src/cli/simulate-env.js";

type ScanFile = ScanEntry;

/** Every file, folder and link under dir with its size and mtime (links not followed): what a scan must leave as it was. */
function snapshot(dir: string, rel = ""): string[] {
  return readdirSync(join(dir, rel), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => {
      const p = join(rel, e.name);
      const s = lstatSync(join(dir, p));
      const own = `${p} ${s.size} ${s.mtimeMs}`;
      return e.isDirectory() ? [own, ...snapshot(dir, p)] : [own];
    });
}

describe("scan DIR", () => {
  let dir: string;
  let lib: string;
  let env: Record<string, string>;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "vc-scan-"));
    lib = join(dir, "Videos");
    env = { DATABASE_PATH: join(dir, "catalog.db"), ...providersOffEnv() };
    const records = [
      makeRecord({ contentId: "abp00123", dvdId: "ABP-123", titleEn: "The Lighthouse Keeper" }),
      makeRecord({ contentId: "fc2ppv1234567", dvdId: "FC2-PPV-1234567", titleEn: "", titleJa: "素人の記録" }),
      makeRecord({ contentId: "ipx00535", dvdId: "IPX-535", titleEn: "Ipx Title" }),
    ];
    writeFileSync(join(dir, "r.ndjson"), records.map((r) => JSON.stringify(r)).join("\n"));
    expect(runCli(["import", join(dir, "r.ndjson")], env).status).toBe(0);
    const files = [
      "hhd800.com@ABP-123-C.mp4",
      "IPX-535/video.mp4",
      "FC2 PPV 1234567 【素人】/fc2-ppv-1234567-2.mkv",
      "Yuki.mp4",
      "ABP-123 IPX-535.avi",
      "SSIS-001 Some Title.mp4",
      "notes.txt",
      "cover.jpg",
      ".@__thumb/ABP-123.mp4",
    ];
    for (const f of files) {
      mkdirSync(join(lib, f, ".."), { recursive: true });
      writeFileSync(join(lib, f), "");
    }
    // A link back up the tree: the walk must end.
    symlinkSync(lib, join(lib, "IPX-535", "loop"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads each video's code, finds its title in the catalog, and writes nothing", () => {
    const before = snapshot(lib);
    const res = runCli(["scan", lib, "--offline", "--json"], env);
    expect(res.status, res.stderr).toBe(0);
    const body = JSON.parse(res.stdout) as { files: ScanFile[]; totals: Record<string, number> };
    const byPath = new Map(body.files.map((f) => [f.path, f]));
    expect([...byPath.keys()]).toEqual([
      "ABP-123 IPX-535.avi",
      "FC2 PPV 1234567 【素人】/fc2-ppv-1234567-2.mkv",
      "IPX-535/video.mp4",
      "SSIS-001 Some Title.mp4",
      "Yuki.mp4",
      "hhd800.com@ABP-123-C.mp4",
    ]);
    expect(byPath.get("hhd800.com@ABP-123-C.mp4")).toMatchObject({
      status: "matched",
      code: "ABP-123",
      part: null,
      dvdId: "ABP-123",
      title: "The Lighthouse Keeper",
    });
    expect(byPath.get("IPX-535/video.mp4")).toMatchObject({ status: "matched", code: "IPX-535", title: "Ipx Title" });
    expect(byPath.get("FC2 PPV 1234567 【素人】/fc2-ppv-1234567-2.mkv")).toMatchObject({
      status: "matched",
      code: "FC2-PPV-1234567",
      part: 2,
      title: "素人の記録",
    });
    expect(byPath.get("SSIS-001 Some Title.mp4")).toMatchObject({ status: "not-in-catalog", code: "SSIS-001", title: null });
    expect(byPath.get("Yuki.mp4")).toMatchObject({ status: "no-code", code: null, reason: "no code in the name" });
    expect(byPath.get("ABP-123 IPX-535.avi")).toMatchObject({ status: "ambiguous", code: null });
    expect(byPath.get("ABP-123 IPX-535.avi")!.reason).toContain("ABP-123, IPX-535");
    expect(body.totals).toEqual({ files: 6, matched: 3, notInCatalog: 1, noCode: 1, ambiguous: 1, failed: 0 });
    expect(snapshot(lib)).toEqual(before);
  });

  it("prints a line per file and the totals as text", () => {
    const res = runCli(["scan", lib, "--offline"], env);
    expect(res.status, res.stderr).toBe(0);
    const lines = res.stdout.trim().split("\n");
    expect(lines[0]).toBe("status\tcode\tpart\tfile\ttitle or reason");
    expect(lines).toContain("matched\tFC2-PPV-1234567\t2\tFC2 PPV 1234567 【素人】/fc2-ppv-1234567-2.mkv\tFC2-PPV-1234567: 素人の記録 [file]");
    expect(lines).toContain("no-code\t-\t-\tYuki.mp4\tno code in the name");
    expect(lines.at(-1)).toMatch(/^6 videos in \d+\.\d s: 3 matched, 1 not in catalog, 2 no code found \(1 with more than one\)$/);
  });

  it("asks the live provider for a code the catalog lacks, within the run", async () => {
    const combined = sample("r18dev/combined-SNIS-217.json");
    const server = await localServer((req, res) => {
      if (req.url?.includes("dvd_id=SNIS-217")) return json(res, 200, { content_id: "snis00217" });
      if (req.url?.includes("combined=snis00217")) return json(res, 200, combined);
      json(res, 404, { detail: "Not Found" });
    });
    const live = join(dir, "live");
    mkdirSync(live);
    writeFileSync(join(live, "[site]snis-217-cd1.mp4"), "");
    writeFileSync(join(live, "ABC-999.mp4"), "");
    try {
      const res = await runCliAsync(["scan", live, "--json"], {
        ...env,
        PROVIDER_R18DEV_ENABLED: "on",
        PROVIDER_R18DEV_BASE_URL: server.url,
        PROVIDER_R18DEV_RATE: "0",
      });
      expect(res.status, res.stderr).toBe(0);
      const body = JSON.parse(res.stdout) as { files: ScanFile[] };
      expect(body.files).toEqual([
        expect.objectContaining({ path: "ABC-999.mp4", status: "not-in-catalog", code: "ABC-999" }),
        expect.objectContaining({ path: "[site]snis-217-cd1.mp4", status: "matched", code: "SNIS-217", part: 1, dvdId: "SNIS-217", source: "r18dev" }),
      ]);
    } finally {
      await server.close();
    }
    // The live answer was kept, as /movie keeps one: the next offline scan finds it in the catalog.
    const again = JSON.parse(runCli(["scan", live, "--offline", "--json"], env).stdout) as { files: ScanFile[] };
    expect(again.files[1]).toMatchObject({ status: "matched", source: "r18dev" });
  });

  it("refuses what is not a folder, or is not there", () => {
    const res = runCli(["scan", join(dir, "r.ndjson")], env);
    expect(res.status).toBe(2);
    expect(res.stderr).toContain("is not a folder");
    const missing = runCli(["scan", join(dir, "no such folder")], env);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(`no such folder: ${join(dir, "no such folder")}`);
    expect(runCli(["scan"], env).status).toBe(2);
  });
});
