/**
 * A worker process's view of what the primary holds for all of them: each API key's
 * (and each client address's) rate budget, leased a few tokens at a time; the
 * dashboard's sign-in limits; and the ingest runs the dashboard starts.
 */

import type { LockHolder } from "../catalog/index.js";
import { IngestBusyError } from "../ingest/run-ingest.js";
import type { SignInThrottle } from "../services/access/sign-in-throttle.js";
import type { RateBudget, Turn } from "../services/access/rate-budget.js";
import type { BackupState, BackupStatus } from "../services/operations/backup-state.js";
import { IngestRefusedError, type IngestStarter } from "../services/operations/ingest-control.js";
import { type primaryLine, RemoteError } from "./ipc.js";

type Call = ReturnType<typeof primaryLine>;

/** What the primary grants a worker of a budget (see GRANT in primary.ts). */
export interface Grant {
  granted: number;
  waitSeconds: number;
}

/**
 * A budget kept by the primary, taken here from a lease of a few tokens: a lease is a
 * twentieth of the budget shared among the workers (one token for small budgets), so a
 * key gets no more than its rate across all of them, and a worker asks the primary
 * once every few requests rather than for each one.
 */
export class LeasedRates implements RateBudget {
  private readonly leases = new Map<string, { rate: number; tokens: number }>();
  private readonly asking = new Map<string, Promise<number>>();

  constructor(
    private readonly call: Call,
    private readonly workers: number,
  ) {}

  async take(key: number | string, ratePerMinute: number): Promise<number> {
    const k = String(key);
    for (;;) {
      const lease = this.leases.get(k);
      if (lease && lease.rate === ratePerMinute && lease.tokens >= 1) {
        lease.tokens -= 1;
        return 0;
      }
      let asked = this.asking.get(k);
      if (asked === undefined) {
        asked = this.ask(k, ratePerMinute).finally(() => this.asking.delete(k));
        this.asking.set(k, asked);
      }
      const wait = await asked;
      if (wait > 0) return wait;
    }
  }

  /** A token of the lease, or (none left there) the primary's reservation of the key's next one. */
  async reserve(key: number | string, ratePerMinute: number, maxQueued: number): Promise<Turn> {
    if ((await this.take(key, ratePerMinute)) === 0) return { granted: true, waitMs: 0 };
    return (await this.call("rates.reserve", String(key), ratePerMinute, maxQueued)) as Turn;
  }

  private async ask(key: string, rate: number): Promise<number> {
    const want = Math.max(1, Math.floor(rate / (this.workers * 20)));
    const grant = (await this.call("rates.grant", key, rate, want)) as Grant;
    if (grant.granted === 0) return grant.waitSeconds;
    const lease = this.leases.get(key);
    if (lease && lease.rate === rate) lease.tokens += grant.granted;
    else this.leases.set(key, { rate, tokens: grant.granted });
    if (this.leases.size > 10_000) this.leases.clear();
    return 0;
  }
}

export function remoteSignIn(call: Call): SignInThrottle {
  return {
    begin: async (client) => (await call("signIn.begin", client)) as number,
    failed: async (client) => (await call("signIn.failed", client)) as number,
    succeeded: async (client) => {
      await call("signIn.succeeded", client);
    },
  };
}

export function remoteIngest(call: Call): IngestStarter {
  return {
    start: async (provider) => {
      try {
        return (await call("ingest.start", provider)) as { runId: number };
      } catch (err) {
        // The dashboard answers these by their kind.
        if (err instanceof RemoteError && err.name === "IngestBusyError") throw new IngestBusyError(err.data.holder as LockHolder);
        if (err instanceof RemoteError && err.name === "IngestRefusedError") throw new IngestRefusedError(err.message);
        throw err;
      }
    },
  };
}

/** The backup's state, from the primary that runs Litestream. */
export function remoteBackup(call: Call): BackupStatus {
  return { state: async () => (await call("backup.state")) as BackupState };
}
