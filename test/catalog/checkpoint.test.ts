import { describe, expect, it } from "vitest";
import { type CheckpointResult, checkpointPassive, leaveCheckpointsToOthers } from "../../src/catalog/store/checkpoint.js";
import { type Db, openDatabase } from "../../src/catalog/store/db.js";
import { upsertRecords } from "../../src/catalog/store/movies-write.js";
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
