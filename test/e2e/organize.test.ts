/**
 * `organize` as a user runs it (the built CLI) on a download folder with every case the
 * issue names (test/helpers/organize-library.ts), on real file systems: the plan compared
 * whole; after --apply every file where the plan said, byte for byte; after --undo the tree
 * as before (paths, bytes, and the inodes of every file that stayed on its file system);
 * a second undo, a stale plan, a clash with --on-conflict suffix, a case clash on a
 * windows target, hard links, the folder for files without a title, and sidecars written
 * at the new place.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildCaseLibrary, OTHER_FS, putClash, seedCatalog, treeOf, type CaseLibrary } from "../helpers/organize-library.js";
import { runCli } from "../helpers/run-cli.js";

interface PlanJson {
  source: string;
  into: string;
  units: { status: string; code: string | null; why: string; files: { from: string; to: string; kind: string }[] }[];
  left: { path: string; status: string; reason: string }[];
}

let seeded: string;
let root: string;
let shm: string | null = null;
let lib: CaseLibrary;
let env: Record<string, string>;

beforeAll(() => {
  seeded = join(mkdtempSync(join(tmpdir(), "vc-organize-seed-")), "catalog.db");
  seedCatalog(seeded);
});

function setUp(): void {
  root = mkdtempSync(join(tmpdir(), "vc-organize-"));
  shm = OTHER_FS ? mkdtempSync(join(OTHER_FS, "vc-organize-")) : null;
  lib = buildCaseLibrary(root, shm);
  writeFileSync(join(root, "catalog.db"), readFileSync(seeded));
  env = { DATABASE_PATH: join(root, "catalog.db") };
}
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  if (shm) rmSync(shm, { recursive: true, force: true });
});

const MIDE = "七沢みあ/MIDE-799 友達の妹が常にノーブラぽろり！！可愛すぎるビンビン乳首をこねくりたい 七沢みあ";
const ROYD = "白石もも/ROYD-191 兄嫁とキスだけの関係…のはずが互いに我慢できずに唾液を濃厚に絡ませ、何度も何度も隠れて種付け性交を繰り返した。 白石もも";
const SNIS = "ティア/SNIS-217 ラブ◆キモメン ティア";

function organize(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return runCli(["organize", ...args], env);
}

function plan(...more: string[]): PlanJson {
  const r = organize(lib.src, "--into", lib.lib, "--offline", "--json", ...more);
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as PlanJson;
}

/** The plan as rows: status, code, the file under the downloads, where it goes under the library. */
const rows = (p: PlanJson) =>
  p.units.flatMap((u) => u.files.map((f) => [u.status, u.code, relative(p.source, f.from), u.status === "move" ? relative(p.into, f.to) : "-"]));

/** Both trees: the folder of the case (the catalog beside it aside) and the other file system's. */
const everything = () => ({ root: new Map([...treeOf(root)].filter(([p]) => !p.startsWith("catalog.db"))), shm: shm ? treeOf(shm) : new Map() });

describe("organize", () => {
  it("plans every case and changes nothing; the plan, compared whole", () => {
    setUp();
    putClash(join(lib.lib, MIDE, "MIDE-799.mp4"));
    const before = everything();
    const p = plan();
    expect(everything()).toEqual(before);
    const sone = rows(p).find((r) => r[1] === "SONE-708" && r[0] === "move")?.[3] as string;
    expect(rows(p)).toEqual([
      ["move", "SONE-708", "SONE-708.mkv", sone],
      [
        "move",
        "TKMIRD-261",
        "TKMIRD-261.mp4",
        "水原みその, 小梅えな, 羽月乃蒼 et al./TKMIRD-261 【FANZA限定】爆乳保育士がむぎゅむぎゅ圧迫お遊戯会 授乳手コキハーレム保育園 水原みその 小梅えな 羽月乃蒼 小坂ひまり 生写真2枚付き/TKMIRD-261.mp4",
      ],
      ["move", "SNIS-217", "hhd800.com@SNIS-217-C.mp4", `${SNIS}/SNIS-217-C.mp4`],
      ["move", "SNIS-217", "hhd800.com@SNIS-217-C.zh-CN.ass", `${SNIS}/SNIS-217-C.zh-CN.ass`],
      ["move", "SNIS-217", "SNIS-217-C.chs.srt", `${SNIS}/SNIS-217-C.chs.srt`],
      ["move", "ROYD-191", "[ROYD-191] 兄嫁とキスだけ/ROYD-191-cd1.mp4", `${ROYD}/ROYD-191-cd1.mp4`],
      ["move", "ROYD-191", "[ROYD-191] 兄嫁とキスだけ/ROYD-191-cd2.mp4", `${ROYD}/ROYD-191-cd2.mp4`],
      ["move", "ROYD-191", "[ROYD-191] 兄嫁とキスだけ/ROYD-191-cd1.en.srt", `${ROYD}/ROYD-191-cd1.en.srt`],
      ["move", "ROYD-191", "[ROYD-191] 兄嫁とキスだけ/ROYD-191-cd1.idx", `${ROYD}/ROYD-191-cd1.idx`],
      ["move", "ROYD-191", "[ROYD-191] 兄嫁とキスだけ/ROYD-191-cd1.sub", `${ROYD}/ROYD-191-cd1.sub`],
      ["move", "ROYD-191", "[ROYD-191] 兄嫁とキスだけ/ROYD-191-cd1.zh-CN.ass", `${ROYD}/ROYD-191-cd1.zh-CN.ass`],
      ["move", "ROYD-191", "[ROYD-191] 兄嫁とキスだけ/ROYD-191-cd2.en.srt", `${ROYD}/ROYD-191-cd2.en.srt`],
      ["move", "ROYD-191", "[ROYD-191] 兄嫁とキスだけ/ROYD-191-cd2.zh-CN.ass", `${ROYD}/ROYD-191-cd2.zh-CN.ass`],
      ["duplicate", "SONE-708", "copies/SONE-708.mkv", "-"],
      ["conflict", "SNIS-217", "dl2/SNIS-217-C.mp4", "-"],
      ["conflict", "MIDE-799", "mide799/MIDE-799.mp4", "-"],
      ["conflict", "MIDE-799", "mide799/MIDE-799-poster.jpg", "-"],
      ["conflict", "MIDE-799", "mide799/MIDE-799.nfo", "-"],
      ...(shm ? [["move", "SNIS-217", "usb/SNIS-217.mp4", `${SNIS}/SNIS-217.mp4`]] : []),
    ]);
    // The title over 255 bytes: shortened in the title alone, at a character, the code kept.
    const folder = sone.split("/")[1];
    expect(Buffer.byteLength(folder)).toBeLessThanOrEqual(255);
    expect(folder).toMatch(/^SONE-708 村上悠華を【強力媚薬】.*…$/);
    expect(p.units.find((u) => u.status === "conflict" && u.code === "MIDE-799")?.why).toBe(`another file is at ${join(lib.lib, MIDE, "MIDE-799.mp4")}`);
    expect(p.left).toEqual([
      { path: "ABP-123 SSIS-001.mp4", status: "ambiguous", reason: "more than one code in the name: ABP-123, SSIS-001" },
      { path: "ZZZ-999.mp4", status: "not-in-catalog", reason: "not in the catalog" },
      { path: "holiday 2021.mp4", status: "no-code", reason: "no code in the name" },
      { path: "SSIS-001.srt", status: "no-video", reason: "a subtitle named for no single video of its folder" },
    ]);
    // The lines say the same, with the files that stay.
    const lines = organize(lib.src, "--into", lib.lib, "--offline").stdout.split("\n");
    expect(lines).toContain(
      `would-move\tROYD-191\t[ROYD-191] 兄嫁とキスだけ/ROYD-191-cd2.zh-CN.ass\t${ROYD}/ROYD-191-cd2.zh-CN.ass\tsubtitle: ROYD-191 (r18dev)`,
    );
    expect(lines).toContain("stays\t-\tholiday 2021.mp4\t-\tno-code: no code in the name");
    expect(lines.at(-2)).toMatch(/nothing changed \(--apply carries the plan out\)$/);
  });

  it("applies the plan: every file where it said, byte for byte; undo puts the tree back, inodes kept; a second undo changes nothing", () => {
    setUp();
    const before = everything();
    const p = plan();
    const bytesOf = new Map(p.units.flatMap((u) => u.files.map((f) => [f.from, readFileSync(f.from, "latin1")])));
    const seedingIno = statSync(lib.seeding).ino;
    const r = organize(lib.src, "--into", lib.lib, "--offline", "--apply");
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/run 1: \d+ files placed, 0 failed/);
    for (const u of p.units)
      for (const f of u.files) {
        if (u.status === "move") {
          expect(existsSync(f.from), f.from).toBe(false);
          expect(readFileSync(f.to, "latin1"), f.to).toBe(bytesOf.get(f.from));
        } else expect(readFileSync(f.from, "latin1")).toBe(bytesOf.get(f.from));
      }
    // The seeding copy is still a name of the same file, now in the library.
    const placed = p.units.find((u) => u.code === "TKMIRD-261")?.files[0].to as string;
    expect(statSync(placed).ino).toBe(seedingIno);
    expect(statSync(lib.seeding).nlink).toBe(2);

    const undo = organize("--undo", "last");
    expect(undo.status, undo.stderr).toBe(0);
    const after = everything();
    expect([...after.root.keys()]).toEqual([...before.root.keys()]);
    for (const [path, entry] of before.root) {
      // The file that came back from the other file system is a copy: its bytes are the same, its inode new.
      const crossed = path === "downloads/usb";
      expect(after.root.get(path)?.bytes, path).toBe(entry.bytes);
      if (!crossed) expect(after.root.get(path)?.ino, path).toBe(entry.ino);
    }
    expect([...after.shm].map(([p, e]) => [p, e.bytes])).toEqual([...before.shm].map(([p, e]) => [p, e.bytes]));

    const again = organize("--undo", "1");
    expect(again.stdout.trim()).toBe("run 1 was undone by run 2 already: nothing to put back");
    expect(everything().root).toEqual(after.root);
    const runs = organize("runs").stdout.split("\n");
    expect(runs[1]).toMatch(/^2\tundo of 1\tdone\t/);
    expect(runs[2]).toMatch(/^1\torganize\tundone\t/);
  });

  it("checks a plan applied later against the files, and moves nothing when one changed", () => {
    setUp();
    const file = join(root, "plan.json");
    writeFileSync(file, organize(lib.src, "--into", lib.lib, "--offline", "--json").stdout);
    appendFileSync(join(lib.src, "TKMIRD-261.mp4"), "more bytes: still downloading");
    const before = everything();
    const r = organize("--plan", file, "--apply");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${join(lib.src, "TKMIRD-261.mp4")} changed since the plan was made`);
    expect(r.stderr).toMatch(/the files changed since the plan was made \(1 differences\): nothing moved; make a new plan/);
    expect(everything()).toEqual(before);
    // A fresh plan applies.
    writeFileSync(file, organize(lib.src, "--into", lib.lib, "--offline", "--json").stdout);
    expect(organize("--plan", file, "--apply").status).toBe(0);
    expect(existsSync(join(lib.src, "TKMIRD-261.mp4"))).toBe(false);
  });

  it("gives a clashing unit a suffix with --on-conflict suffix, all its files alike, the stack still a stack", () => {
    setUp();
    putClash(join(lib.lib, MIDE, "MIDE-799.mp4"));
    putClash(join(lib.lib, ROYD, "ROYD-191-cd1.mp4"));
    const p = plan("--on-conflict", "suffix");
    const of = (code: string) => (p.units.find((u) => u.code === code && u.status === "move")?.files ?? []).map((f) => relative(p.into, f.to));
    expect(of("MIDE-799")).toEqual([`${MIDE}/MIDE-799 (2).mp4`, `${MIDE}/MIDE-799 (2)-poster.jpg`, `${MIDE}/MIDE-799 (2).nfo`]);
    expect(of("ROYD-191").slice(0, 2)).toEqual([`${ROYD}/ROYD-191 (2)-cd1.mp4`, `${ROYD}/ROYD-191 (2)-cd2.mp4`]);
    // The second copy of SNIS-217-C gets its own name beside the first.
    expect(p.units.filter((u) => u.code === "SNIS-217").flatMap((u) => u.files.filter((f) => f.kind === "video").map((f) => relative(p.into, f.to)))).toEqual([
      `${SNIS}/SNIS-217-C.mp4`,
      `${SNIS}/SNIS-217-C (2).mp4`,
      ...(shm ? [`${SNIS}/SNIS-217.mp4`] : []),
    ]);
  });

  it("on a windows target, a file differing only by case is a conflict; on posix it is another file", () => {
    setUp();
    putClash(join(lib.lib, SNIS, "snis-217-c.mp4"));
    const windows = plan("--target", "windows").units.find((u) => u.files[0]?.from.endsWith("hhd800.com@SNIS-217-C.mp4"));
    expect(windows?.status).toBe("conflict");
    expect(windows?.why).toBe(`another file is at ${join(lib.lib, SNIS, "snis-217-c.mp4")}`);
    expect(plan().units.find((u) => u.files[0]?.from.endsWith("hhd800.com@SNIS-217-C.mp4"))?.status).toBe("move");
  });

  it("links with --link hard, leaving the downloads as they are, and says which cannot be linked across file systems", () => {
    setUp();
    const p = plan("--link", "hard");
    if (shm) expect(p.units.find((u) => u.files[0]?.from.includes("/usb/"))?.status).toBe("cannot-link");
    const before = treeOf(lib.src);
    const r = organize(lib.src, "--into", lib.lib, "--offline", "--apply", "--link", "hard");
    expect(r.status, r.stderr).toBe(0);
    expect(treeOf(lib.src)).toEqual(before);
    const placed = join(lib.lib, ROYD, "ROYD-191-cd1.mp4");
    expect(statSync(placed).ino).toBe(statSync(join(lib.src, "[ROYD-191] 兄嫁とキスだけ/ROYD-191-cd1.mp4")).ino);
    expect(organize("--undo", "last").status).toBe(0);
    expect(existsSync(lib.lib)).toBe(false);
    expect(treeOf(lib.src)).toEqual(before);
  });

  it("moves the files without one title to --unmatched, their folders kept, and back on undo", () => {
    setUp();
    mkdirSync(join(lib.src, "odd"));
    writeFileSync(join(lib.src, "odd", "holiday 2022.mp4"), "x");
    writeFileSync(join(lib.src, "odd", "holiday 2022.srt"), "subtitle");
    const unmatched = join(root, "unsorted");
    const r = organize(lib.src, "--into", lib.lib, "--offline", "--apply", "--unmatched", unmatched);
    expect(r.status, r.stderr).toBe(0);
    expect([...treeOf(unmatched).keys()]).toEqual([
      "ABP-123 SSIS-001.mp4",
      "ZZZ-999.mp4",
      "holiday 2021.mp4",
      "odd/",
      "odd/holiday 2022.mp4",
      "odd/holiday 2022.srt",
    ]);
    expect(organize("--undo", "last").status).toBe(0);
    expect(existsSync(unmatched)).toBe(false);
    expect(readFileSync(join(lib.src, "odd", "holiday 2022.srt"), "utf8")).toBe("subtitle");
  });

  it("writes sidecars at the new place with --write, never over the user's own, and undo removes only what it wrote", () => {
    setUp();
    const r = organize(lib.src, "--into", lib.lib, "--offline", "--apply", "--write", "nfo");
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(lib.lib, MIDE, "MIDE-799.nfo"), "utf8")).toBe("<movie><title>my own notes</title></movie>\n");
    const ours = readFileSync(join(lib.lib, SNIS, "SNIS-217-C.nfo"), "utf8");
    expect(ours).toContain("<title>ラブ◆キモメン ティア</title>");
    expect(readFileSync(join(lib.lib, ROYD, "ROYD-191-cd1.nfo"), "utf8")).toContain("ROYD-191");
    expect(organize("--undo", "last").status).toBe(0);
    expect(existsSync(lib.lib)).toBe(false);
    expect(readFileSync(join(lib.src, "mide799/MIDE-799.nfo"), "utf8")).toBe("<movie><title>my own notes</title></movie>\n");
  });

  it("refuses what cannot be right with one line: a template without the code, a bad target, --write without --apply", () => {
    setUp();
    const cases: [string[], RegExp][] = [
      [[lib.src, "--into", lib.lib, "--template", "{actresses}/{title}"], /^error: --template: .*code/m],
      [[lib.src, "--into", lib.lib, "--target", "ntfs"], /--target takes posix or windows, got "ntfs"/],
      [[lib.src, "--into", lib.lib, "--write", "nfo"], /--write goes with --apply/],
      [[lib.src], /organize needs a folder and --into/],
      [["--undo", "7"], /no organize run 7/],
      [[join(root, "nope"), "--into", lib.lib], /no such folder/],
      [[lib.src, "--into", lib.seeding], /is not a folder \(--into\)/],
    ];
    for (const [args, message] of cases) {
      const r = organize(...args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toMatch(message);
    }
  });
});
