/**
 * The inbox as the watcher sees it, on a real folder: units (a file, a torrent's folder
 * whole), the names download clients give files they are writing, and when a unit has
 * settled: not while a partial name is in it, not until its sizes and times held for the
 * settle time, once, and again only when it changes.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isPartialName, readInbox } from "../../../src/library/watch/inbox.js";
import { Settler } from "../../../src/library/watch/settle.js";

let inbox: string;
beforeEach(() => {
  inbox = mkdtempSync(join(tmpdir(), "vc-inbox-"));
});
afterEach(() => rmSync(inbox, { recursive: true, force: true }));

const put = (rel: string, text = "x") => {
  mkdirSync(join(inbox, rel, ".."), { recursive: true });
  writeFileSync(join(inbox, rel), text);
};

describe("the inbox", () => {
  it.each([
    ["ABP-123.mp4.!qB", true],
    ["ABP-123.mp4.part", true],
    ["ABP-123.mp4.crdownload", true],
    ["ABP-123.mp4.download", true],
    ["ABP-123.mp4.!ut", true],
    ["ABP-123.mp4.bc!", true],
    ["ABP-123.mp4.xltd", true],
    ["ABP-123.mp4.aria2", true],
    ["ABP-123.mp4", false],
    ["ABP-123.zh-CN.ass", false],
    ["part1.mp4", false],
    ["ABP-123-part1.mp4", false],
  ])("reads %j as %s for a file still being written", (name, partial) => {
    expect(isPartialName(name)).toBe(partial);
  });

  it("makes a unit of each top-level entry, a folder with all under it, and marks a download under way", async () => {
    put("hhd800.com@ABP-123-C.mp4");
    put("SSIS-001 [FHD]/SSIS-001.mp4");
    put("SSIS-001 [FHD]/subs/SSIS-001.zh-CN.ass.!qB");
    put("IPX-535.mp4");
    put("IPX-535.mp4.aria2");
    put(".hidden/ABP-999.mp4");
    put("@eaDir/ABP-998.mp4");
    const units = await readInbox(inbox);
    expect(units.map((u) => [u.name, u.partial, u.files.map((f) => [f.rel, f.video])])).toEqual([
      ["IPX-535.mp4", true, [["IPX-535.mp4", true]]],
      [
        "SSIS-001 [FHD]",
        true,
        [
          ["SSIS-001 [FHD]/SSIS-001.mp4", true],
          ["SSIS-001 [FHD]/subs/SSIS-001.zh-CN.ass.!qB", false],
        ],
      ],
      ["hhd800.com@ABP-123-C.mp4", false, [["hhd800.com@ABP-123-C.mp4", true]]],
    ]);
  });
});

describe("the settle", () => {
  it("hands a unit over once it held for the settle time with no partial name, once, and again when it changes", async () => {
    const s = new Settler(30_000);
    put("ABP-123 [FHD]/ABP-123.mp4", "part of it");
    put("ABP-123 [FHD]/ABP-123.srt.part");
    const look = async (at: number) => s.observe(await readInbox(inbox), at, true).map((u) => u.name);
    expect(await look(0)).toEqual([]);
    expect(await look(60_000)).toEqual([]);
    expect(s.nextDue()).toBeNull();
    // The subtitle finishes: renamed, the folder changed; it settles 30 s later.
    rmSync(join(inbox, "ABP-123 [FHD]/ABP-123.srt.part"));
    put("ABP-123 [FHD]/ABP-123.srt");
    expect(await look(61_000)).toEqual([]);
    expect(s.settling(61_000)).toBe(1);
    expect(s.nextDue()).toBe(91_000);
    expect(await look(90_999)).toEqual([]);
    expect(await look(91_000)).toEqual(["ABP-123 [FHD]"]);
    expect(await look(200_000)).toEqual([]);
    expect(s.settling(200_000)).toBe(0);
    // It grows again (a file rewritten in place): a new settle, then handed again.
    writeFileSync(join(inbox, "ABP-123 [FHD]/ABP-123.mp4"), "all of it now");
    utimesSync(join(inbox, "ABP-123 [FHD]/ABP-123.mp4"), 5, 5);
    expect(await look(201_000)).toEqual([]);
    expect(await look(231_000)).toEqual(["ABP-123 [FHD]"]);
  });

  it("takes no unit without a video, and forgets units gone from a whole look", async () => {
    const s = new Settler(0);
    put("notes.txt");
    expect(s.observe(await readInbox(inbox), 0, true)).toEqual([]);
    put("ABP-123.mp4");
    expect(s.observe(await readInbox(inbox), 1, true).map((u) => u.name)).toEqual(["ABP-123.mp4"]);
    rmSync(join(inbox, "ABP-123.mp4"));
    s.observe(await readInbox(inbox), 2, true);
    put("ABP-123.mp4");
    // Back after it was gone: a new download of that name, handed again.
    expect(s.observe(await readInbox(inbox), 3, true).map((u) => u.name)).toEqual(["ABP-123.mp4"]);
  });
});
