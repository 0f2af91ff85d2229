import { UpstreamError } from "./errors.js";
import { outOfReachMs } from "./retry.js";

/**
 * Hosts the client found out of reach a moment ago (a name that did not resolve, a refused
 * connection: retry.ts outOfReachMs), each with the failure that said so and until when.
 */
export class OutOfReach {
  private readonly hosts = new Map<string, { until: number; failure: UpstreamError }>();

  constructor(private readonly now: () => number) {}

  /** Notes a host's failure; only those that say the host is out of reach are kept. */
  note(host: string, failure: UpstreamError): void {
    const ms = outOfReachMs(failure);
    if (ms > 0) this.hosts.set(host, { until: this.now() + ms, failure });
  }

  /** The failure to answer a call to `url` with at once, or null when its host may be asked. */
  failureFor(host: string, url: string): UpstreamError | null {
    const held = this.hosts.get(host);
    if (held === undefined) return null;
    if (held.until <= this.now()) {
      this.hosts.delete(host);
      return null;
    }
    const f = held.failure;
    return new UpstreamError(`${host} is out of reach (${f.systemCode}, a moment ago): ${url}`, {
      kind: f.kind,
      url,
      retryable: f.retryable,
      systemCode: f.systemCode,
    });
  }
}
