/**
 * A backup that takes the connection and never answers (an S3 endpoint gone quiet):
 * Litestream's requests have no time limit, so the restore is stopped once it makes no
 * progress, and says why, rather than hang for good.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { litestreamRestore, RestoreError } from "../../src/cluster/litestream/restore.js";
import { backupPosition } from "../../src/cluster/replica/source.js";
import { loadConfig } from "../../src/config/load.js";

describe("a restore from a backup that never answers", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-restore-stall-"));
  const sockets: Socket[] = [];
  let closed = 0;
  const silent = createServer((s) => {
    sockets.push(s);
    s.resume().on("close", () => closed++);
  });
  let port = 0;

  beforeAll(async () => {
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    port = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it("a replica's look at it is stopped after its time limit, with a reason", async () => {
    const config = loadConfig({
      REPLICA_OF: "s3://bucket/catalog",
      DATABASE_PATH: join(dir, "replica.db"),
      BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      BACKUP_S3_ACCESS_KEY_ID: "id",
      BACKUP_S3_SECRET_ACCESS_KEY: "secret",
    });
    const before = sockets.length;
    const t0 = Date.now();
    const err = await backupPosition(config, { timeoutMs: 1500 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RestoreError);
    expect((err as Error).message).toMatch(/^litestream (wal|snapshots) stopped: no answer within 1\.5 s from the backup at s3:\/\/bucket\/catalog$/);
    expect(sockets.length).toBeGreaterThan(before);
    expect((Date.now() - t0) / 1000).toBeLessThan(10);
  }, 20_000);

  it("is stopped after the stall time with a reason, its Litestream killed", async () => {
    const config = loadConfig({
      BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      BACKUP_S3_ACCESS_KEY_ID: "id",
      BACKUP_S3_SECRET_ACCESS_KEY: "secret",
    });
    const lines: string[] = [];
    const t0 = Date.now();
    const err = await litestreamRestore(config, "s3://bucket/catalog", join(dir, "catalog.db"), join(dir, "catalog.db.restoring"), {
      say: (l) => lines.push(l),
      stallMs: 1500,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    const seconds = (Date.now() - t0) / 1000;
    expect(err).toBeInstanceOf(RestoreError);
    expect((err as Error).message).toBe("litestream restore stopped: no progress for 1.5 s (the backup at s3://bucket/catalog does not answer)");
    // It did reach the endpoint (a refused connection fails at once, with its own error).
    expect(sockets.length).toBeGreaterThan(0);
    expect(seconds).toBeGreaterThanOrEqual(1.5);
    expect(seconds).toBeLessThan(10);
    // Nothing was written, and the endpoint's connections were closed by the killed process.
    expect(readdirSync(dir)).toEqual([]);
    await expect.poll(() => closed, { timeout: 5000 }).toBe(sockets.length);
  }, 20_000);
});
