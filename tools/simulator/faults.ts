/**
 * Fault injection for the provider simulator. Every switch is off by default. Random
 * choices hash (seed, request number, switch), so the same seed and the same request
 * order give the same faults on every run.
 */
import { hashInts } from "../../src/samples/titles/prng.js";

export interface FaultOptions {
  /** Seed of the fault choices; defaults to the simulator's seed. */
  seed?: number;
  /** Share of requests answered 429 with retry-after. */
  rate429?: number;
  /** retry-after of the 429s (rate429 and rateLimitRps), in seconds; default 1. */
  retryAfterSeconds?: number;
  /** Request number `every`, 2*every, ... starts a burst of `burst` consecutive 500s. */
  burst500?: { every: number; burst: number };
  /** Delay before the response headers, for `slowShare` of requests. */
  slowMs?: number;
  slowShare?: number;
  /**
   * Delay before the headers of every answer of a source, by its name (`r18dev`, `fanza`,
   * `mgstage`...), on top of the faults: a source that is far away, or slow to say it lacks a title.
   */
  sourceDelayMs?: Record<string, number>;
  /** Share of responses that announce a longer body than they send, then drop the connection. */
  truncateShare?: number;
  /** Share of requests answered by a Cloudflare challenge page (403, cf-mitigated: challenge). */
  challengeShare?: number;
  /** Share of requests answered 200 with an HTML maintenance page where JSON was expected. */
  htmlShare?: number;
  /** Requests per second over which the simulator answers 429 (a sliding one-second window). */
  rateLimitRps?: number;
  /**
   * Faults by request number, deterministic: `{ status500: 7 }` answers every 7th request
   * 500 (request 7, 14, ...); `slow` delays every Nth by slowMs. The first that applies wins.
   */
  every?: Partial<Record<"status500" | "rate429" | "challenge" | "html" | "slow" | "truncate", number>>;
}

export type FaultKind = "rateLimit" | "rate429" | "burst500" | "challenge" | "html" | "slow" | "truncate";

/** What to do with one request: an error response instead of the answer, and/or a damaged answer. */
export interface FaultDecision {
  replace: "rateLimit" | "rate429" | "burst500" | "challenge" | "html" | null;
  slowMs: number;
  truncate: boolean;
}

const SWITCH = { rate429: 1, challenge: 2, html: 3, slow: 4, truncate: 5 } as const;
const TWO_POW_32 = 4294967296;

export class FaultPlan {
  private options: FaultOptions;
  private readonly defaultSeed: number;
  private recent: number[] = [];

  constructor(options: FaultOptions | undefined, defaultSeed: number) {
    this.options = validateFaults(options ?? {});
    this.defaultSeed = defaultSeed;
  }

  set(options: FaultOptions): void {
    this.options = validateFaults(options);
    this.recent = [];
  }

  get retryAfterSeconds(): number {
    return this.options.retryAfterSeconds ?? 1;
  }

  /** The delay of every answer of the route `route` (`r18dev.dvd_id`, `mgstage.product`...): its source's. */
  sourceDelay(route: string): number {
    return this.options.sourceDelayMs?.[route.split(".")[0]] ?? 0;
  }

  /** The fate of request number `n` (1-based) arriving at `nowMs`. */
  decide(n: number, nowMs: number): FaultDecision {
    const o = this.options;
    const seed = o.seed ?? this.defaultSeed;
    const roll = (which: number): number => hashInts(seed, n, which) / TWO_POW_32;
    const decision: FaultDecision = { replace: null, slowMs: 0, truncate: false };

    if (o.rateLimitRps !== undefined && o.rateLimitRps > 0) {
      this.recent = this.recent.filter((t) => nowMs - t < 1000);
      this.recent.push(nowMs);
      if (this.recent.length > o.rateLimitRps) decision.replace = "rateLimit";
    }
    const every = o.every ?? {};
    const nth = (k: keyof typeof every) => every[k] !== undefined && n % every[k]! === 0;
    if (decision.replace === null && nth("status500")) decision.replace = "burst500";
    if (decision.replace === null && nth("rate429")) decision.replace = "rate429";
    if (decision.replace === null && nth("challenge")) decision.replace = "challenge";
    if (decision.replace === null && nth("html")) decision.replace = "html";
    if (nth("slow")) decision.slowMs = o.slowMs ?? 2000;
    if (decision.replace === null && nth("truncate")) decision.truncate = true;
    const burst = o.burst500;
    if (decision.replace === null && burst !== undefined && n >= burst.every && n % burst.every < burst.burst) {
      decision.replace = "burst500";
    }
    if (decision.replace === null && roll(SWITCH.rate429) < (o.rate429 ?? 0)) decision.replace = "rate429";
    if (decision.replace === null && roll(SWITCH.challenge) < (o.challengeShare ?? 0)) decision.replace = "challenge";
    if (decision.replace === null && roll(SWITCH.html) < (o.htmlShare ?? 0)) decision.replace = "html";
    if (roll(SWITCH.slow) < (o.slowShare ?? 0)) decision.slowMs = o.slowMs ?? 0;
    if (decision.replace === null && roll(SWITCH.truncate) < (o.truncateShare ?? 0)) decision.truncate = true;
    return decision;
  }
}

function share(name: string, v: number | undefined): void {
  if (v !== undefined && !(v >= 0 && v <= 1)) throw new RangeError(`${name} must be within 0..1, got ${v}`);
}

export function validateFaults(o: FaultOptions): FaultOptions {
  share("rate429", o.rate429);
  share("slowShare", o.slowShare);
  share("truncateShare", o.truncateShare);
  share("challengeShare", o.challengeShare);
  share("htmlShare", o.htmlShare);
  for (const [name, v] of [
    ["slowMs", o.slowMs],
    ["retryAfterSeconds", o.retryAfterSeconds],
    ["rateLimitRps", o.rateLimitRps],
  ] as const) {
    if (v !== undefined && !(Number.isFinite(v) && v >= 0)) throw new RangeError(`${name} must be a number >= 0, got ${v}`);
  }
  for (const [name, v] of Object.entries(o.sourceDelayMs ?? {})) {
    if (!(Number.isFinite(v) && v >= 0)) throw new RangeError(`sourceDelayMs.${name} must be a number >= 0, got ${v}`);
  }
  for (const [name, v] of Object.entries(o.every ?? {})) {
    if (!Number.isSafeInteger(v) || v < 1) throw new RangeError(`every.${name} must be an integer >= 1, got ${v}`);
  }
  if (o.burst500 !== undefined) {
    const { every, burst } = o.burst500;
    if (!Number.isSafeInteger(every) || every < 1 || !Number.isSafeInteger(burst) || burst < 0) {
      throw new RangeError(`burst500 needs integers every >= 1 and burst >= 0, got ${JSON.stringify(o.burst500)}`);
    }
  }
  return { ...o };
}
