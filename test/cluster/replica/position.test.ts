import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ReplicaFiles } from "../../../src/cluster/replica/files.js";
import { formatPosition, latestPosition, moved, parseListing } from "../../../src/cluster/replica/position.js";

// As `litestream wal` and `litestream snapshots` (v0.3.13) print them.
const WAL = `replica  generation        index  offset  size    created
file     5a273111dece8499  0      0       399430  2026-11-27T02:06:15Z
file     5a273111dece8499  1      0       119     2026-11-27T02:07:16Z
file     5a273111dece8499  1      4152    361     2026-11-27T02:07:40Z
file     5a273111dece8499  2      0       119     2026-11-27T02:07:40Z
file     0b1c2d3e4f506172  0      0       5000    2026-11-27T01:00:00Z
`;
const SNAPSHOTS = `replica  generation        index  size    created
file     5a273111dece8499  0      391923  2026-11-27T02:06:15Z
file     0b1c2d3e4f506172  0      4000    2026-11-27T00:59:59Z
`;

describe("a backup's position, from Litestream's listings", () => {
  it("reads the rows and leaves out the header and anything else", () => {
    expect(parseListing(WAL, "wal")).toHaveLength(5);
    expect(parseListing(SNAPSHOTS, "snapshots")).toHaveLength(2);
    expect(parseListing("replica  generation  index  offset  size  created\n", "wal")).toEqual([]);
    expect(parseListing("2026/11/27 ERROR failed to run error=x\n", "wal")).toEqual([]);
    expect(parseListing(WAL, "wal")[2]).toEqual({ generation: "5a273111dece8499", index: 1, offset: 4152, createdAt: "2026-11-27T02:07:40Z" });
  });

  it("is the last segment of the generation written last, as a restore takes it", () => {
    const p = latestPosition(parseListing(WAL, "wal"), parseListing(SNAPSHOTS, "snapshots"));
    expect(p).toEqual({ generation: "5a273111dece8499", index: 2, offset: 0, createdAt: "2026-11-27T02:07:40Z" });
    expect(formatPosition(p!)).toBe("5a273111dece8499/00000002/00000000");
  });

  it("takes a newer generation (a writer restarted on a new file) even when its WAL index is lower", () => {
    const wal = parseListing(`${WAL}file 99aa99aa99aa99aa 0 0 10 2026-11-27T03:00:01Z\n`, "wal");
    const snapshots = parseListing(`${SNAPSHOTS}file 99aa99aa99aa99aa 0 10 2026-11-27T03:00:00Z\n`, "snapshots");
    expect(latestPosition(wal, snapshots)).toMatchObject({ generation: "99aa99aa99aa99aa", index: 0, offset: 0 });
  });

  it("is none without a snapshot to restore from (an empty or missing directory, a generation cut short)", () => {
    expect(latestPosition([], [])).toBeNull();
    expect(latestPosition(parseListing(WAL, "wal"), [])).toBeNull();
  });

  it("moved: a new generation, index or offset; the same position, or none served, decides alike every time", () => {
    const at = { generation: "5a273111dece8499", index: 2, offset: 0, createdAt: "2026-11-27T02:07:40Z" };
    expect(moved(null, at)).toBe(true);
    expect(moved(at, { ...at })).toBe(false);
    // Litestream's time alone is no move: the same frames.
    expect(moved(at, { ...at, createdAt: "2026-11-27T02:09:00Z" })).toBe(false);
    expect(moved(at, { ...at, offset: 4152 })).toBe(true);
    expect(moved(at, { ...at, index: 3 })).toBe(true);
    expect(moved(at, { ...at, generation: "99aa99aa99aa99aa" })).toBe(true);
  });
});

describe("a replica's copies beside DATABASE_PATH", () => {
  it("after a kill: keeps the newest whole copy, removes the rest and what a restore left, counts on from it", () => {
    const dir = mkdtempSync(join(tmpdir(), "vc-replica-files-"));
    try {
      const names = [
        "catalog.db.replica-3",
        "catalog.db.replica-3-shm",
        "catalog.db.replica-3-wal",
        "catalog.db.replica-4",
        "catalog.db.replica-4-shm",
        "catalog.db.replica-5.restoring.tmp",
        "catalog.db.replica-5.restoring.tmp-wal",
        "catalog.db.replica-12",
        "other.db.replica-13",
        "catalog.db",
      ];
      for (const n of names) writeFileSync(join(dir, n), "");
      const files = new ReplicaFiles(join(dir, "catalog.db"));
      expect(files.tidy()).toBe(join(dir, "catalog.db.replica-12"));
      expect(readdirSync(dir).sort()).toEqual(["catalog.db", "catalog.db.replica-12", "other.db.replica-13"]);
      expect(files.next()).toBe(13);
      expect(files.restoring(13)).toBe(join(dir, "catalog.db.replica-13.restoring"));
      files.remove(files.copy(12));
      expect(readdirSync(dir).sort()).toEqual(["catalog.db", "other.db.replica-13"]);
      expect(new ReplicaFiles(join(dir, "catalog.db")).tidy()).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
