import type { Db } from "../../catalog/index.js";
import type { Config } from "../../config/load.js";
import { readCodesList } from "../../ingest/codes-list.js";
import { IngestBusyError, runIngest, type IngestOptions, type RunSummary } from "../../ingest/run-ingest.js";
import type { Log } from "../../lib/log.js";
import type { ProviderRuntime } from "../../providers/runtime.js";
import { providerReadiness } from "./provider-health.js";
import { stableCode, VideoCatalogError } from "../../lib/video-catalog-error.js";

/** How long a shutdown waits for a run to finish its page before cancelling its requests. */
export const SHUTDOWN_PAGE_MS = 10_000;
/** How long start() waits for the write lock (another process may be importing) before it gives up. */
export const START_WAIT_MS = 5_000;

/** A run that cannot be started as asked (an unknown, disabled or unusable provider, nothing to crawl): the message says why. */
export class IngestRefusedError extends VideoCatalogError {
  static {
    stableCode(IngestRefusedError, "VC_ERR_INGEST_REFUSED");
  }
}

export interface IngestControlOptions {
  /** START_WAIT_MS unless set (tests). */
  startWaitMs?: number;
  /** SHUTDOWN_PAGE_MS unless set (tests). */
  shutdownPageMs?: number;
}

/**
 * The server's ingest runs: the schedule's, and those the dashboard starts. They run on
 * the server's event loop, so they write without waiting for the write lock, in small
 * transactions (runIngest's triggers other than "cli"). On shutdown a run ends after the
 * page it is on, or at once (its requests cancelled) when that takes longer than
 * SHUTDOWN_PAGE_MS.
 */
/** What starts a run for the dashboard: the ingest control itself, or a worker's line to the primary process that holds it (src/cluster). */
export interface IngestStarter {
  start(provider: string): Promise<{ runId: number }>;
}

export class IngestControl implements IngestStarter {
  private readonly finish = new AbortController();
  private readonly abort = new AbortController();
  private readonly inFlight = new Set<Promise<unknown>>();
  private hurry: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly runtime: ProviderRuntime,
    private readonly config: Config,
    private readonly log: Pick<Log, "info" | "error">,
    private readonly timing: IngestControlOptions = {},
  ) {}

  /** A run of every provider that can crawl, as the cron schedule starts it; a run holding the lock makes it a no-op. */
  async runScheduled(): Promise<void> {
    if (this.finish.signal.aborted) return;
    try {
      const runs = await this.track(runIngest(this.db, this.runtime, this.options("cron", undefined, this.codes())));
      for (const r of runs) this.log.info(outcome(r), "scheduled ingest");
    } catch (err) {
      if (err instanceof IngestBusyError) this.log.info({ holder: err.holder }, "scheduled ingest skipped: another run holds the lock");
      else throw err;
    }
  }

  /**
   * Starts a run of one provider (the dashboard's "ingest now"). Resolves once the run
   * holds the ingest lock and has its id; the run goes on in the background, its end
   * and its errors logged. Rejects with IngestBusyError while another run holds the
   * lock, and with IngestRefusedError when the provider cannot be crawled.
   */
  start(provider: string): Promise<{ runId: number }> {
    let codes: string[] | undefined;
    try {
      codes = this.crawlable(provider);
    } catch (err) {
      return Promise.reject(err);
    }
    return new Promise((resolve, reject) => {
      let started = false;
      // Taking the lock and opening the run are writes: they wait while another process
      // (an import) holds the catalog's write lock, but not for longer than the request.
      const giveUp = new AbortController();
      const wait = setTimeout(() => {
        giveUp.abort();
        reject(new IngestRefusedError("another process is writing the catalog (an import?); try again when it is done"));
      }, this.timing.startWaitMs ?? START_WAIT_MS);
      const onStarted = (runId: number) => {
        started = true;
        clearTimeout(wait);
        resolve({ runId });
      };
      const options = this.options("dashboard", provider, codes);
      const signal = AbortSignal.any([this.abort.signal, giveUp.signal]);
      const run = runIngest(this.db, this.runtime, { ...options, signal, onStarted });
      void this.track(run).then(
        (runs) => {
          clearTimeout(wait);
          for (const r of runs) this.log.info(outcome(r), "dashboard ingest");
          if (!started) reject(new Error(`the run of ${provider} ended before it started`));
        },
        (err: unknown) => {
          clearTimeout(wait);
          if (started) this.log.error({ provider, err }, "dashboard ingest failed");
          else reject(err);
        },
      );
    });
  }

  /** Asks the runs in flight to end after their page, and cancels them after SHUTDOWN_PAGE_MS; starts no more. */
  shutdown(): void {
    if (this.finish.signal.aborted) return;
    this.finish.abort();
    this.hurry = setTimeout(() => this.abort.abort(), this.timing.shutdownPageMs ?? SHUTDOWN_PAGE_MS);
    this.hurry.unref();
    void this.settled().then(() => clearTimeout(this.hurry ?? undefined));
  }

  /** Resolves when no run this control started is in flight. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** The codes to crawl a provider with when it crawls a list (r18dev), or why the provider cannot be crawled. */
  private crawlable(provider: string): string[] | undefined {
    if (this.finish.signal.aborted) throw new IngestRefusedError("the server is shutting down");
    const known = providerReadiness(this.config);
    const p = known.find((r) => r.provider === provider);
    if (!p) throw new IngestRefusedError(`unknown provider "${provider}"; providers: ${known.map((r) => r.provider).join(", ")}`);
    if (!p.usable || !this.runtime.get(provider)) throw new IngestRefusedError(`${provider} is not usable: ${p.reason ?? "not set up in this process"}`);
    if (!p.canCrawl) throw new IngestRefusedError(`${provider} crawls only the codes of a list file, and ${p.codesFileSetting} is not set`);
    if (p.codesFileSetting === null) return undefined;
    let codes: string[] | undefined;
    try {
      codes = this.codes();
    } catch (err) {
      throw new IngestRefusedError((err as Error).message);
    }
    if (!codes?.length) throw new IngestRefusedError(`the codes file ${this.codesFile()?.path} (${p.codesFileSetting}) lists no codes`);
    return codes;
  }

  /** The file of codes that list-crawling providers work through, and its setting; null when none is set. */
  private codesFile(): { path: string; setting: string } | null {
    for (const s of this.runtime.setups) {
      const setting = s.provider.codesFileSetting;
      if (setting !== undefined && s.settings[setting]) return { path: s.settings[setting], setting };
    }
    return null;
  }

  /** The codes of that file, read afresh for each run (it may have changed). */
  private codes(): string[] | undefined {
    const file = this.codesFile();
    if (file === null) return undefined;
    try {
      return readCodesList(file.path);
    } catch (err) {
      throw new Error(`cannot read the codes file ${file.path} (${file.setting}): ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }

  private options(trigger: "cron" | "dashboard", provider: string | undefined, codes: string[] | undefined): IngestOptions {
    return { trigger, provider, codes, signal: this.abort.signal, stopAfterPage: this.finish.signal };
  }

  private track<T>(run: Promise<T>): Promise<T> {
    this.inFlight.add(run);
    const done = () => this.inFlight.delete(run);
    run.then(done, done);
    return run;
  }
}

function outcome(r: RunSummary) {
  return { provider: r.provider, runId: r.runId, status: r.status, pages: r.pages, added: r.added, updated: r.updated, error: r.error };
}
