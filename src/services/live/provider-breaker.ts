/**
 * A circuit breaker per provider for live lookups: after `failures` failures in a row
 * a provider is not asked for `cooldownMs`, so that clients missing the catalog cannot
 * make us hammer a source that is down (or make each of their requests wait out the
 * live timeout). When the cooldown is over, one request probes it; its success closes
 * the breaker, its failure opens it for another cooldown.
 */
export interface BreakerOptions {
  failures: number;
  cooldownMs: number;
  now: () => number;
}

interface State {
  streak: number;
  openUntil: number;
  probing: boolean;
}

export class ProviderBreakers {
  private readonly states = new Map<string, State>();

  constructor(private readonly options: BreakerOptions) {}

  private stateOf(name: string): State {
    let s = this.states.get(name);
    if (!s) {
      s = { streak: 0, openUntil: 0, probing: false };
      this.states.set(name, s);
    }
    return s;
  }

  /** Null when `name` may be asked now (maybe as the probe); else why not. */
  refusal(name: string): string | null {
    const s = this.stateOf(name);
    if (s.streak < this.options.failures) return null;
    const wait = s.openUntil - this.options.now();
    if (wait > 0) return `${name}: not asked, it failed ${s.streak} times in a row; next try in ${Math.ceil(wait / 1000)} s`;
    if (s.probing) return `${name}: not asked, a request is checking whether it answers again`;
    s.probing = true;
    return null;
  }

  /** An answer (a match or a "no match"): the provider works. */
  succeeded(name: string): void {
    const s = this.stateOf(name);
    s.streak = 0;
    s.openUntil = 0;
    s.probing = false;
  }

  failed(name: string): void {
    const s = this.stateOf(name);
    s.streak++;
    s.probing = false;
    if (s.streak >= this.options.failures) s.openUntil = this.options.now() + this.options.cooldownMs;
  }
}
