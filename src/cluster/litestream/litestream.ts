/**
 * BACKUP_TO: Litestream beside the server, streaming the catalog's WAL to a directory
 * or an S3 bucket. It runs as a child of the process that would otherwise checkpoint
 * the WAL (the only one, or the primary of several workers), which then leaves the
 * checkpoints to it. It is restarted when it dies (ever more slowly while it keeps
 * dying), its log lines become ours, and it is stopped last on the way out, after the
 * catalog is closed: SIGTERM makes it send what it has not sent yet before it exits.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Config } from "../../config/load.js";
import type { Log } from "../../lib/log.js";
import type { BackupState, BackupStatus } from "../../services/operations/backup-state.js";
import { BackupLag, type ReplicaPosition } from "./backup-lag.js";
import { litestreamBinary, parentDeathPrefix } from "./bin.js";
import { litestreamEnv, litestreamYaml, setupFor } from "./config.js";
import { fetchReplicaPosition, parseLitestreamLine } from "./output.js";

/** How often the backup's position is compared with the catalog's. */
const SAMPLE_EVERY_MS = 1000;
/** How long a stop waits for Litestream's last sync (a slow S3 store) before killing it. */
const STOP_WAIT_MS = 30_000;
/** A backup this far behind is said once in the logs (and again when it has caught up). */
const BEHIND_WARN_SECONDS = 60;

export class Litestream implements BackupStatus {
  private child: ChildProcess | null = null;
  private addr = "";
  private position: ReplicaPosition | null = null;
  private readonly lag: BackupLag;
  private lastError: { message: string; at: number } | null = null;
  private restarts = 0;
  private readonly deaths: number[] = [];
  private stopping = false;
  private warnedBehind = false;
  private sampler: NodeJS.Timeout | null = null;
  private relaunch: NodeJS.Timeout | null = null;
  private readonly binary: string;
  private dir = "";

  /** Throws LitestreamMissingError where npm brought no binary (before anything starts). */
  constructor(
    private readonly config: Config,
    private readonly log: Log,
  ) {
    this.binary = litestreamBinary();
    this.lag = new BackupLag(setupFor(config).dbPath);
  }

  /** Starts Litestream for the configured catalog and backup. */
  async start(): Promise<void> {
    // Its configuration (no secret in it) in a folder of our own, gone at stop.
    this.dir = mkdtempSync(join(tmpdir(), "video-catalog-litestream-"));
    await this.launch();
    this.sampler = setInterval(() => void this.sample(), SAMPLE_EVERY_MS);
    this.sampler.unref();
    this.log.info({ to: this.config.backupTo, syncSeconds: this.config.backupSyncSeconds, litestreamPid: this.child?.pid }, "backup: litestream started");
  }

  async state(): Promise<BackupState> {
    const at = (t: number | null | undefined) => (t == null ? null : new Date(t).toISOString());
    return {
      to: this.config.backupTo,
      running: this.child !== null,
      lagSeconds: this.lag.lagSeconds,
      lagBytes: this.lag.lagBytes,
      lastSyncAt: at(this.lag.lastSyncAt),
      lastError: this.lastError?.message ?? null,
      lastErrorAt: at(this.lastError?.at),
      restarts: this.restarts,
    };
  }

  /** Stops Litestream after its last sync (waiting up to STOP_WAIT_MS). Call after the catalog is closed. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.sampler) clearInterval(this.sampler);
    if (this.relaunch) clearTimeout(this.relaunch);
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), STOP_WAIT_MS);
      await exited;
      clearTimeout(killer);
    }
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }

  private async launch(): Promise<void> {
    this.addr = `127.0.0.1:${await freePort()}`;
    const file = join(this.dir, "litestream.yml");
    writeFileSync(file, litestreamYaml({ ...setupFor(this.config), metricsAddr: this.addr }), { mode: 0o600 });
    const [command, ...prefix] = [...parentDeathPrefix(), this.binary];
    const extra = litestreamEnv(this.config);
    // The S3 key in its environment, on top of ours (Litestream reads AWS_* and LITESTREAM_* there).
    const env = Object.keys(extra).length > 0 ? { ...process.env, ...extra } : undefined;
    const child = spawn(command, [...prefix, "replicate", "-config", file, "-no-expand-env"], { stdio: ["ignore", "pipe", "pipe"], env });
    this.child = child;
    for (const out of [child.stdout, child.stderr]) createInterface({ input: out }).on("line", (line) => this.said(line));
    child.once("error", (err) => this.died(child, `could not run: ${err.message}`));
    child.once("exit", (code, signal) => this.died(child, signal ? `killed by ${signal}` : `exited with code ${code}`));
  }

  private said(line: string): void {
    if (line.trim() === "") return;
    const { level, msg, fields } = parseLitestreamLine(line);
    if (level === "error") this.noteError(typeof fields.error === "string" ? `${msg}: ${fields.error}` : msg);
    this.log[level]({ litestream: fields }, `litestream: ${msg}`);
  }

  /** `child`: the process that died; null when none could be started. */
  private died(child: ChildProcess | null, why: string): void {
    if (child !== null && this.child !== child) return;
    this.child = null;
    if (this.stopping) return;
    this.noteError(`litestream ${why}`);
    const now = Date.now();
    this.deaths.push(now);
    while (this.deaths.length > 0 && now - this.deaths[0] > 10 * 60_000) this.deaths.shift();
    // One that dies at once, again and again (a bad bucket, a full disk), is restarted ever more slowly, up to 30 s.
    const delay = Math.min(30_000, 1000 * 2 ** (this.deaths.length - 1));
    this.log.warn({ reason: why, restartInMs: delay }, "backup: litestream died; starting it again");
    this.relaunch = setTimeout(() => {
      if (this.stopping) return;
      this.restarts++;
      this.launch().catch((err: Error) => this.died(null, `could not be restarted: ${err.message}`));
    }, delay);
    this.relaunch.unref();
  }

  private noteError(message: string): void {
    this.lastError = { message, at: Date.now() };
  }

  private async sample(): Promise<void> {
    if (this.child) this.position = (await fetchReplicaPosition(this.addr)) ?? this.position;
    if (this.stopping) return;
    this.lag.sample(this.position);
    const seconds = this.lag.lagSeconds;
    if (!this.warnedBehind && seconds >= BEHIND_WARN_SECONDS + this.config.backupSyncSeconds) {
      this.warnedBehind = true;
      this.log.warn({ lagSeconds: seconds, lagBytes: this.lag.lagBytes, running: this.child !== null }, "backup: behind the catalog");
    } else if (this.warnedBehind && seconds === 0) {
      this.warnedBehind = false;
      this.log.info({ to: this.config.backupTo }, "backup: caught up with the catalog");
    }
  }
}

/** A free port on the loopback for Litestream's metrics (taken again at each start). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
