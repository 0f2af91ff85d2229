import { tryUpsertRecords, type Db, type SortKey } from "../../catalog/index.js";
import type { IngestRecord } from "../../model/record.js";
import { firstShopOf, sellersOf, type ParsedCode, type Seller } from "../../codes/index.js";
import type { ProviderRuntime } from "../../providers/runtime.js";
import type { ProviderSetup } from "../../providers/registry.js";
import { ProviderParseError } from "../../providers/errors.js";
import { canLookupById, canSearch, type Provider } from "../../providers/types.js";
import { ProviderBreakers } from "./provider-breaker.js";
import { UnstoredAnswers } from "./unstored-answers.js";

export type LiveError = { provider: string; message: string };

export type LiveOutcome =
  | { status: "found"; provider: string; record: IngestRecord }
  /** A code of several sellers (codes/sellers.ts) that more than one of them holds: which one is meant, the name must say. */
  | { status: "ambiguous"; found: { provider: string; record: IngestRecord }[] }
  | { status: "no_match" }
  | { status: "failed"; errors: LiveError[] };

export interface LiveSearchOutcome {
  provider: string | null;
  records: IngestRecord[];
  errors: LiveError[];
}

export interface LiveOptions {
  timeoutMs: number;
  negativeTtlMs: number;
  now?: () => number;
  onError?: (provider: string, err: Error) => void;
  /** A live answer was not written through: another connection held the write lock. */
  onBusy?: (records: number) => void;
  /** A live answer could not be written through (a full disk...); it is answered all the same. */
  onWriteError?: (err: Error) => void;
  /**
   * Whether answers are written through to the catalog (default true). False on a read-only
   * replica: they are answered, never stored; "no match" is still remembered, in memory.
   */
  store?: boolean;
  /** Failures in a row after which a provider rests (default 5), and for how long (default 30 s). */
  breakerFailures?: number;
  breakerCooldownMs?: number;
}

/**
 * A title whose answer cannot be read (ProviderParseError: the provider answered, the record is
 * unusable) is not asked again for this long: asked again and again, that one title would count
 * as the provider failing, and its breaker would refuse every other code.
 */
const BROKEN_TTL_MS = 60_000;

const BREAKER_FAILURES = 5;
const BREAKER_COOLDOWN_MS = 30_000;

/**
 * Asks live providers when the catalog misses: in order, first match wins and is
 * written through to the catalog (not on a read-only replica: LiveOptions.store).
 * Bounded by one time budget; identical misses in flight share one upstream call; a "no match" is remembered for a while; a
 * provider that keeps failing rests for a while (provider-breaker.ts).
 */
export class LiveFallback {
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly negative = new Map<string, number>();
  private readonly broken = new Map<string, { until: number; message: string }>();
  private readonly unstored: UnstoredAnswers;
  private readonly now: () => number;
  private readonly breakers: ProviderBreakers;
  private storing: boolean;

  constructor(
    private readonly db: Db,
    private readonly runtime: ProviderRuntime,
    private readonly options: LiveOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.unstored = new UnstoredAnswers(this.now);
    this.storing = options.store ?? true;
    this.breakers = new ProviderBreakers({
      failures: options.breakerFailures ?? BREAKER_FAILURES,
      cooldownMs: options.breakerCooldownMs ?? BREAKER_COOLDOWN_MS,
      now: this.now,
    });
  }

  /**
   * One provider call, shared by identical requests in flight, through the provider's
   * breaker: refused while the provider rests (an error of that provider); the upstream
   * call itself (not each request waiting on it) counts as a success or a failure.
   */
  private async guarded<T>(name: string, key: string, errors: LiveError[], call: () => Promise<T>, breaker = name): Promise<T | undefined> {
    const broken = this.broken.get(key);
    if (broken !== undefined) {
      if (broken.until > this.now()) {
        errors.push({ provider: name, message: broken.message });
        return undefined;
      }
      this.broken.delete(key);
    }
    const refusal = this.breakers.refusal(breaker);
    if (refusal !== null) {
      errors.push({ provider: name, message: refusal });
      return undefined;
    }
    try {
      return await this.shared(key, async () => {
        try {
          const value = await call();
          this.breakers.succeeded(breaker);
          return value;
        } catch (err) {
          this.breakers.failed(breaker);
          throw err;
        }
      });
    } catch (err) {
      errors.push({ provider: name, message: (err as Error).message });
      if (err instanceof ProviderParseError) {
        if (this.broken.size > 10_000) this.broken.clear();
        this.broken.set(key, { until: this.now() + BROKEN_TTL_MS, message: (err as Error).message });
      }
      this.options.onError?.(name, err as Error);
      return undefined;
    }
  }

  /**
   * Keeps what a provider answered, unless an import holds the catalog's write lock:
   * the answer is served all the same, and a later miss asks again.
   */
  private writeThrough(records: IngestRecord[]): void {
    if (!this.storing) return this.keepUnstored(records);
    try {
      if (tryUpsertRecords(this.db, records) === null) {
        this.options.onBusy?.(records.length);
        this.keepUnstored(records);
      }
    } catch (err) {
      // A full disk (or any failed write) costs the catalog this record, not the client its answer.
      this.options.onWriteError?.(err as Error);
      this.keepUnstored(records);
    }
  }

  private keepUnstored(records: IngestRecord[]): void {
    this.unstored.keep(records);
  }

  /** A live answer of the last hour that is not in the catalog (unstored-answers.ts): the first of `providers` with this content id. */
  unstoredAnswer(contentId: string, providers: readonly string[]): IngestRecord | undefined {
    return this.unstored.get(contentId, providers);
  }

  /** From now on answers are never written through (a read-only replica's app: server/app.ts); there is no way back. */
  neverStore(): void {
    this.storing = false;
  }

  /** Live provider names, in the default order. */
  names(): string[] {
    return this.runtime.setups.map((s) => s.provider.name);
  }

  /** Whether a usable provider answers for any of a code's sellers (Heydouga's codes have none yet). */
  serves(code: ParsedCode): boolean {
    const sellers = sellersOf(code);
    return this.runtime.setups.some((s) => s.provider.sellers.some((x) => sellers.includes(x)));
  }

  private ordered<P extends Provider>(providers: string[] | null, can: (p: Provider) => p is P): (ProviderSetup & { provider: P })[] {
    const setups = this.runtime.setups.filter((s): s is ProviderSetup & { provider: P } => can(s.provider));
    if (providers === null) return setups;
    return providers.flatMap((n) => setups.filter((s) => s.provider.name === n));
  }

  private isNegative(key: string): boolean {
    const until = this.negative.get(key);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.negative.delete(key);
    return false;
  }

  private remember(key: string): void {
    if (this.options.negativeTtlMs <= 0) return;
    if (this.negative.size > 100_000) this.negative.clear();
    this.negative.set(key, this.now() + this.options.negativeTtlMs);
  }

  /** Shares one call among identical requests in flight. */
  private shared<T>(key: string, call: () => Promise<T>): Promise<T> {
    const existing = this.inflight.get(key) as Promise<T> | undefined;
    if (existing) return existing;
    const p = call().finally(() => this.inflight.delete(key));
    this.inflight.set(key, p);
    return p;
  }

  /**
   * A code of the catalog's miss, asked of the providers of its sellers only (codes/sellers.ts, or `only` of them),
   * in `providers` order (else PROVIDER_ORDER's, with the shop that sells the code's line first:
   * MGStage for its amateur lines, which DMM's providers would spend the budget saying they lack).
   * Of one seller, the first provider that has it answers. A code that several sellers write
   * (010120_001) is asked of each of them at once, and is found only when exactly one holds it and
   * none failed to say: two holding it is `ambiguous`, one holding it while another failed is
   * `failed` (asked again, it may be two), never a guess.
   */
  async lookup(code: ParsedCode, providers: string[] | null, only?: readonly Seller[]): Promise<LiveOutcome> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const errors: LiveError[] = [];
    // `only`: the sellers the catalog cannot speak for (services/titles/catalog-titles.ts).
    const sellers = only ?? sellersOf(code);
    const setups = this.ordered(providers, (p): p is Provider => p.sellers.some((x) => sellers.includes(x)));
    const first = providers === null ? firstShopOf(code) : null;
    if (first !== null) setups.sort((a, b) => Number(b.provider.name === first) - Number(a.provider.name === first));
    const bySeller = sellers.map((seller) => setups.filter((s) => s.provider.sellers.includes(seller))).filter((list) => list.length > 0);
    const answers = await Promise.all(
      bySeller.map(async (list) => {
        const own: LiveError[] = [];
        const hit = await this.firstMatch(list, code, signal, own);
        errors.push(...own);
        // A seller whose providers failed and none found it may hold the code too.
        return { hit, unsure: hit === null && own.length > 0 };
      }),
    );
    const found = answers.flatMap((a) => (a.hit === null ? [] : [a.hit]));
    if (found.length > 1) return { status: "ambiguous", found };
    if (answers.some((a) => a.unsure)) return { status: "failed", errors };
    return found.length === 1 ? { status: "found", ...found[0] } : { status: "no_match" };
  }

  /** The first of these providers (one seller's) that has the code, written through; null when none has it or they failed (in `errors`). */
  private async firstMatch(setups: ProviderSetup[], code: ParsedCode, signal: AbortSignal, errors: LiveError[]) {
    for (const setup of setups) {
      const name = setup.provider.name;
      const key = `lookup\u0000${name}\u0000${code.dvdId}`;
      if (this.isNegative(key)) continue;
      const found = await this.guarded(name, key, errors, async () => {
        const r = await setup.provider.lookup(code, this.runtime.contextFor(setup, signal));
        if (r.status === "found") this.writeThrough([r.record]);
        else this.remember(key);
        return r;
      });
      if (found?.status === "found") return { provider: name, record: found.record };
      if (signal.aborted) break;
    }
    return null;
  }

  /**
   * A title by its source's own id (a record's contentId), of the first of `providers` that can
   * be asked so and has it: what a media server asks once it knows the title (MetaTube's info).
   */
  async lookupById(contentId: string, providers: string[]): Promise<LiveOutcome> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const errors: LiveError[] = [];
    for (const setup of this.ordered(providers, canLookupById)) {
      const name = setup.provider.name;
      const key = `id\u0000${name}\u0000${contentId}`;
      if (this.isNegative(key)) continue;
      const found = await this.guarded(name, key, errors, async () => {
        const r = await setup.provider.lookupById(contentId, this.runtime.contextFor(setup, signal));
        if (r.status === "found") this.writeThrough([r.record]);
        else this.remember(key);
        return r;
      });
      if (found?.status === "found") return { status: "found", provider: name, record: found.record };
      if (signal.aborted) break;
    }
    return errors.length ? { status: "failed", errors } : { status: "no_match" };
  }

  async search(query: string, sort: SortKey, providers: string[] | null): Promise<LiveSearchOutcome> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const errors: LiveError[] = [];
    for (const setup of this.ordered(providers, canSearch)) {
      const name = setup.provider.name;
      const key = `search\u0000${name}\u0000${sort}\u0000${query}`;
      if (this.isNegative(key)) continue;
      const records = await this.guarded(
        name,
        key,
        errors,
        async () => {
          const found = await setup.provider.search(query, 1, sort, this.runtime.contextFor(setup, signal));
          // A search's popularity is the title's place in this one answer (FANZA's rank for the
          // keyword): it orders the answer, and means nothing beside the rest of the catalog.
          if (found.length) this.writeThrough(found.map((r) => (r.popularity === null ? r : { ...r, popularity: null })));
          else this.remember(key);
          return found;
        },
        // A search (many titles, a text few sources serve) rests apart: its failures never keep a code's lookup from the provider.
        `${name}\u0000search`,
      );
      if (records?.length) return { provider: name, records, errors };
      if (signal.aborted) break;
    }
    return { provider: null, records: [], errors };
  }
}
