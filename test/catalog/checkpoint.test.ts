import { describe, expect, it } from "vitest";
import { statSync } from "node:fs";
import { BulkLoad } from "../../src/catalog/bulk/bulk-load.js";
import { type CheckpointResult, checkpointPassive, checkpointsLeftToOthers, leaveCheckpointsToOthers } from "../../src/catalog/store/checkpoint.js";
import { openDatabase } from "../../src/catalog/open/open-catalog.js";
import type { Db } from "../../src/catalog/store/db.js";
import { prepareRecord, upsertRecords } from "../../src/catalog/store/movies-write.js";
import { readWalEnd, walFileSalt } from "../../src/catalog/store/wal-index.js";
import { generateSampleRecords } from "../../src/samples/titles/generate.js";
import { makeIngest, tempCatalogEach } from "../helpers/build-app.js";

const walFrames = (db: Db) => (db.pragma("wal_checkpoint(NOOP)") as CheckpointResult[])[0];

describe("checkpoints of the server's connection", () => {
  let db: Db;
  let path: string;
  tempCatalogEach((c) => ({ db, path } = c));

  /** Another process's import: over 1,000 WAL pages, not checkpointed. */
  const importElsewhere = () => {
    const other = openDatabase(path);
    try {
      other.pragma("wal_autocheckpoint = 0");
      upsertRecords(other, [...generateSampleRecords({ count: 3000 })]);
    } finally {
      other.close();
    }
  };

  it("a small commit copies a big WAL by default (what held the event loop)", () => {
    importElsewhere();
    expect(walFrames(db).log).toBeGreaterThan(1000);
    upsertRecords(db, [makeIngest()]);
    expect(walFrames(db).checkpointed).toBe(walFrames(db).log);
  });

  it("leaves the WAL to another connection, whose passive checkpoint copies it", () => {
    leaveCheckpointsToOthers(db);
    importElsewhere();
    upsertRecords(db, [makeIngest()]);
    const left = walFrames(db);
    expect(left.log).toBeGreaterThan(1000);
    expect(left.checkpointed).toBe(0);
    const checkpointer = openDatabase(path);
    try {
      expect(checkpointPassive(checkpointer)).toEqual({ busy: 0, log: left.log, checkpointed: left.log });
    } finally {
      checkpointer.close();
    }
  });
});

describe("the WAL's end, as a backup must hold it", () => {
  let db: Db;
  let path: string;
  tempCatalogEach((c) => ({ db, path } = c));

  it("is read from the -shm file: committed frames only, and the salt of the WAL's header", () => {
    leaveCheckpointsToOthers(db);
    upsertRecords(db, [...generateSampleRecords({ count: 200 })]);
    const end = readWalEnd(path);
    const frames = walFrames(db).log;
    expect(end).toMatchObject({ frames, pageSize: 4096, bytes: 32 + frames * (24 + 4096) });
    expect(statSync(`${path}-wal`).size).toBeGreaterThanOrEqual(end!.bytes);
    expect(walFileSalt(`${path}-wal`)).toEqual(end!.salt);
    // A transaction being written moves nothing until it commits.
    db.exec("BEGIN IMMEDIATE");
    upsertRecords(db, [...generateSampleRecords({ count: 200, start: 500 })]);
    expect(readWalEnd(path)?.frames).toBe(frames);
    db.exec("COMMIT");
    expect(readWalEnd(path)!.frames).toBeGreaterThan(frames);
  });

  it("is null without a -shm file", () => {
    expect(readWalEnd(`${path}.none`)).toBeNull();
    expect(walFileSalt(`${path}.none-wal`)).toBeNull();
  });

  it("a bulk load on a connection that leaves checkpoints to others runs none of its own", () => {
    const steps = (leave: boolean) => {
      if (leave) leaveCheckpointsToOthers(db);
      expect(checkpointsLeftToOthers(db)).toBe(leave);
      const seen: string[] = [];
      const load = BulkLoad.begin(db);
      try {
        load.upsert([...generateSampleRecords({ count: 300, start: leave ? 1000 : 0 })].map((r) => prepareRecord(r, 0)));
        load.commit((s) => seen.push(s));
      } finally {
        load.end();
      }
      return { seen, wal: walFrames(db) };
    };
    expect(steps(false)).toEqual({ seen: ["merge", "commit", "checkpoint"], wal: { busy: 0, log: 0, checkpointed: 0 } });
    const left = steps(true);
    expect(left.seen).toEqual(["merge", "commit"]);
    expect(left.wal.log).toBeGreaterThan(0);
    expect(checkpointsLeftToOthers(db)).toBe(true);
  });
});
