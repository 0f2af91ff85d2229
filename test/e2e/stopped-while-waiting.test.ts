/**
 * Stopped while waiting on a backup that does not answer (an S3 endpoint that takes the
 * connection and never replies): a replica's first look (which would wait 30 s) and the
 * restore command (60 s) end on a signal as they do at any other moment.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { CLI_ENTRY, killHard, ROOT, startProcess, waitFor } from "../helpers/run-cli.js";

describe("stopped while the backup does not answer", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-replica-stop-"));
  const sockets: Socket[] = [];
  const silent = createServer((s) => sockets.push(s.resume()));
  let proc: ReturnType<typeof startProcess> | undefined;

  afterAll(async () => {
    await killHard(proc);
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  let port = 0;
  const s3 = () => ({
    BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    BACKUP_S3_ACCESS_KEY_ID: "id",
    BACKUP_S3_SECRET_ACCESS_KEY: "secret",
  });

  it("a replica exits 0 on SIGTERM while its first look waits on the backup, and leaves nothing", async () => {
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    port = (silent.address() as { port: number }).port;
    proc = startProcess(
      process.execPath,
      [CLI_ENTRY, "serve"],
      {
        DATABASE_PATH: join(dir, "catalog.db"),
        REPLICA_OF: "s3://bucket/catalog",
        ...s3(),
        PORT: "0",
        LOG_LEVEL: "info",
      },
      /listening on/,
    );
    proc.readyLine.catch(() => {});
    const exited = new Promise<number | null>((r) => proc!.child.once("exit", (code) => r(code)));
    await waitFor("the look to reach the backup", () => (sockets.length > 0 ? true : null), 20_000);
    const t0 = Date.now();
    process.kill(proc.child.pid!, "SIGTERM");
    expect(await exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(10_000);
    const { stdout, stderr } = proc.output();
    expect(stdout).toContain('"msg":"shutting down"');
    expect(stdout).toContain('"msg":"shut down"');
    expect(stdout).not.toContain("replica refresh failed");
    expect(stderr).not.toMatch(/Error|\n\s+at /);
    expect(readdirSync(dir)).toEqual([]);
    proc = undefined;
  }, 60_000);

  it("restore ends on Ctrl-C with nothing written, and removes what restores killed earlier left", async () => {
    const target = join(dir, "restored.db");
    // A restore killed with -9 earlier left Litestream's file; one still running (this process, say) is left alone.
    const dead = join(dir, ".restored.db.restoring-999999999.tmp");
    const live = join(dir, `.restored.db.restoring-${process.pid}.tmp`);
    writeFileSync(dead, "half a catalog");
    writeFileSync(live, "being written");
    const before = sockets.length;
    const child = spawn(process.execPath, [CLI_ENTRY, "restore", "--from", "s3://bucket/catalog", "--to", target], {
      cwd: ROOT,
      env: { ...process.env, ...s3() },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    await waitFor("the restore to reach the backup", () => (sockets.length > before ? true : null), 20_000);
    child.kill("SIGINT");
    expect(await exited).toBe(130);
    expect(stderr).toContain(`restore stopped by SIGINT: ${target} is as it was`);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(readdirSync(dir).sort()).toEqual([`.restored.db.restoring-${process.pid}.tmp`]);
  }, 60_000);
});
