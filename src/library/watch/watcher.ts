/**
 * The watcher: files that arrive in an inbox are placed in the library by themselves. It
 * reacts to file events (recursive) and also walks the whole inbox on an interval, since
 * network shares, missed events and restarts lose events. Each turn: the inbox as it is,
 * the downloads that settled queued as jobs (SQLite), the jobs placed through organize's
 * journal, pending titles tried again when the catalog has gained titles or their live
 * lookup is due, the notices sent, and a beat for /health. One turn at a time; a watcher
 * killed at any point and started again finishes each job once: the journal finishes the
 * run it was in, and a job whose file is gone is told where it went.
 */
import { type FSWatcher, watch } from "node:fs";
import path from "node:path";
import {
  claimReady,
  getWatchJob,
  type JobOutcome,
  jobsInState,
  movieIdRange,
  nextNoticeAt,
  nextPendingTry,
  queueSettled,
  requeuePending,
  reportLongPending,
  requeueJobs,
  writeWatchBeat,
} from "../../catalog/index.js";
import type { Part } from "../../lib/lifecycle.js";
import type { Log } from "../../lib/log.js";
import { processAlive } from "../../lib/process-alive.js";
import type { HttpClient } from "../../net/types.js";
import { finishOpenRuns, OrganizeBusy, type RunOwner } from "../organize/organize.js";
import { type InboxUnit, readInbox, readUnit } from "./inbox.js";
import { sendDueNotices } from "./notify.js";
import { type PlaceDeps, placeJobs, type WatchSettings } from "./place.js";
import { Settler } from "./settle.js";

export interface WatcherOptions {
  settings: WatchSettings;
  settleMs: number;
  intervalMs: number;
  pendingReportMs: number;
  /** Whether titles the catalog lacks are asked of the live sources (LIVE_LOOKUPS). */
  live: boolean;
}

export interface WatcherDeps extends PlaceDeps {
  /** The outbound client for the notices; null: none sent. */
  http: HttpClient | null;
  log: Pick<Log, "info" | "warn" | "error">;
  me: RunOwner;
}

/** Jobs placed in one organize run. */
const BATCH = 500;

/** How soon after a file event the inbox is looked at (a download writes many events). */
const EVENT_DELAY_MS = 500;

export class Watcher implements Part {
  readonly name = "watcher";
  private readonly settler: Settler;
  private fsWatcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private turning: Promise<void> | null = null;
  private again = false;
  private readonly dirty = new Set<string>();
  private lastWhole = 0;
  private catalogMark: number | null = null;
  private readonly abort = new AbortController();
  private readonly owner: string;

  constructor(
    private readonly deps: WatcherDeps,
    private readonly o: WatcherOptions,
  ) {
    this.settler = new Settler(o.settleMs);
    this.owner = `${deps.me.host}:${deps.me.pid}`;
  }

  async start(): Promise<void> {
    await this.recover();
    try {
      this.fsWatcher = watch(this.o.settings.inbox, { recursive: true }, (_event, name) => this.onEvent(name));
      this.fsWatcher.on("error", (err) => {
        this.deps.log.warn({ err: err.message }, "watch: file events stopped; the walks go on");
        this.fsWatcher?.close();
        this.fsWatcher = null;
      });
    } catch (err) {
      this.deps.log.warn({ err: (err as Error).message }, "watch: no file events here; the inbox is walked on its interval");
    }
    this.schedule(0);
  }

  stopping(): void {
    this.abort.abort();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    this.fsWatcher?.close();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.turning;
    await this.deps.http?.close();
  }

  /** One turn now (the walk of the whole inbox included), and its end. */
  async turnNow(): Promise<void> {
    this.lastWhole = 0;
    await this.run();
  }

  private onEvent(name: string | Buffer | null): void {
    if (typeof name === "string" && name !== "") this.dirty.add(name.split(path.sep)[0]);
    else this.lastWhole = 0;
    this.schedule(EVENT_DELAY_MS);
  }

  private schedule(delayMs: number): void {
    if (this.abort.signal.aborted) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), Math.max(0, delayMs));
    this.timer.unref?.();
  }

  private run(): Promise<void> {
    if (this.turning) {
      this.again = true;
      return this.turning;
    }
    this.turning = this.turn()
      .catch((err: Error) => this.deps.log.error({ err: err.message }, "watch: a turn failed; the next one tries again"))
      .finally(() => {
        this.turning = null;
        if (this.again) {
          this.again = false;
          this.schedule(0);
        } else this.schedule(this.nextDelay());
      });
    return this.turning;
  }

  /** Until the next thing due: a unit settling, a notice, a pending title's lookup, the next whole walk. */
  private nextDelay(): number {
    const now = Date.now();
    const dues = [this.lastWhole + this.o.intervalMs, this.settler.nextDue(), nextNoticeAt(this.deps.db), nextPendingTry(this.deps.db)];
    const next = Math.min(...dues.filter((d): d is number => d !== null));
    return Math.min(this.o.intervalMs, Math.max(100, next - now));
  }

  /** A run or jobs a watcher killed left behind: the run finished, the jobs placed again or told where they went. */
  private async recover(): Promise<void> {
    try {
      await finishOpenRuns(this.deps, this.deps.me);
    } catch (err) {
      if (!(err instanceof OrganizeBusy)) throw err;
    }
    // Placing under a process of this machine that is gone (another machine's watcher is its own to finish).
    const gone = (owner: string | null) => {
      if (owner === null) return true;
      const at = owner.lastIndexOf(":");
      return owner.slice(0, at) === this.deps.me.host && (owner === this.owner || !processAlive(Number(owner.slice(at + 1))));
    };
    const stale = jobsInState(this.deps.db, "placing").filter((j) => gone(j.owner));
    if (stale.length > 0)
      requeueJobs(
        this.deps.db,
        stale.map((j) => j.id),
        Date.now(),
      );
  }

  private async look(now: number): Promise<InboxUnit[]> {
    const { inbox } = this.o.settings;
    const whole = now - this.lastWhole >= this.o.intervalMs;
    if (whole) {
      this.lastWhole = now;
      this.dirty.clear();
      return this.settler.observe(await readInbox(inbox), now, true);
    }
    const names = [...this.dirty];
    this.dirty.clear();
    const units = (await Promise.all(names.map((n) => readUnit(inbox, n)))).filter((u): u is InboxUnit => u !== null);
    return this.settler.observe([...units, ...(await this.unsettled())], now, false);
  }

  /** The units whose settle time is up, looked at again (their sizes and times may have held since). */
  private async unsettled(): Promise<InboxUnit[]> {
    const due = this.settler.due(Date.now());
    return due.size === 0 ? [] : readInbox(this.o.settings.inbox, due);
  }

  private async turn(): Promise<void> {
    const { db } = this.deps;
    const now = Date.now();
    const settled = await this.look(now);
    const { inbox } = this.o.settings;
    queueSettled(
      db,
      settled.flatMap((u) => u.files.filter((f) => f.video).map((f) => ({ path: path.join(inbox, f.rel), inbox, size: f.size, mtimeMs: f.mtimeMs }))),
      now,
    );
    await this.placeQueued();
    for (const j of reportLongPending(db, now - this.o.pendingReportMs, now))
      this.deps.log.warn(
        { file: j.path, code: j.code, since: new Date(j.firstSeenAt).toISOString() },
        "watch: no source has this title yet; the file stays in the inbox",
      );
    if (this.deps.http !== null) await sendDueNotices({ ...this.deps, http: this.deps.http }, this.abort.signal);
    writeWatchBeat(db, {
      inbox,
      into: this.o.settings.into,
      pid: this.deps.me.pid,
      host: this.deps.me.host,
      at: Date.now(),
      everyMs: this.o.intervalMs,
      settling: this.settler.settling(Date.now()),
    });
  }

  /** Pending titles due again (the catalog gained titles: from it; a live lookup due: live), then every ready job. */
  private async placeQueued(): Promise<void> {
    const { db } = this.deps;
    // A run another process left open is finished first; one it applies now holds this turn's placing back.
    try {
      await finishOpenRuns(this.deps, this.deps.me);
    } catch (err) {
      if (err instanceof OrganizeBusy) return;
      throw err;
    }
    const mark = movieIdRange(db)?.max ?? 0;
    const gained = this.catalogMark !== null && mark !== this.catalogMark;
    this.catalogMark = mark;
    // Every pending job when the catalog gained titles; else those whose live lookup is due.
    const again = gained || this.o.live ? requeuePending(db, gained ? null : Date.now(), Date.now()) : [];
    const liveDue = new Set(again.filter((j) => this.o.live && j.nextTryAt !== null && j.nextTryAt <= Date.now()).map((j) => j.id));
    const wasPending = new Set(again.map((j) => j.id));
    const jobs = claimReady(db, this.owner, Date.now(), BATCH);
    // More than a batch: the next turn at once.
    if (jobs.length === BATCH) this.again = true;
    // A pending title tried again because the catalog changed is looked up in it alone; the others as the settings say.
    const fromCatalog = jobs.filter((j) => wasPending.has(j.id) && !liveDue.has(j.id));
    const rest = jobs.filter((j) => !fromCatalog.includes(j));
    const options = { wasPending, signal: this.abort.signal };
    let done: JobOutcome[];
    try {
      done = [
        ...(fromCatalog.length > 0 ? await placeJobs(this.deps, this.o.settings, fromCatalog, this.deps.me, { ...options, live: false }) : []),
        ...(rest.length > 0 ? await placeJobs(this.deps, this.o.settings, rest, this.deps.me, { ...options, live: this.o.live }) : []),
      ];
    } catch (err) {
      // Not placed (an organize run of another process under way, a disk error): ready again for the next turn.
      requeueJobs(
        db,
        jobs.filter((j) => getWatchJob(db, j.id)?.state === "placing").map((j) => j.id),
        Date.now(),
      );
      throw err;
    }
    for (const out of done) {
      const file = jobs.find((j) => j.id === out.id)?.path;
      if (out.state === "placed") this.deps.log.info({ file, to: out.placedAt }, "watch: placed");
      else if (out.state !== "ready" && !(out.state === "pending" && wasPending.has(out.id)))
        this.deps.log.info({ file, state: out.state, reason: out.reason }, "watch: left in the inbox");
    }
  }
}
