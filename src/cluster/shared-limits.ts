/**
 * The primary's side of what holds as one across its workers (worker-side.ts is theirs):
 * each API key's and each client address's rate budget, and the dashboard's sign-in
 * limits, kept here in memory and answered to every worker's calls. The primary of
 * several workers and a replica's primary answer them alike.
 */
import { KeyRateLimiter } from "../services/access/rate-budget.js";
import { LoginThrottle } from "../services/access/sign-in-throttle.js";

export function sharedLimits(rates = new KeyRateLimiter(), signIn = new LoginThrottle()) {
  return {
    "rates.grant": (key: string, rate: number, want: number) => rates.takeUpTo(key, rate, want),
    "rates.reserve": (key: string, rate: number, queued: number) => rates.reserve(key, rate, queued),
    "signIn.begin": (client: string) => signIn.begin(client),
    "signIn.failed": (client: string) => signIn.failed(client),
    "signIn.succeeded": (client: string) => signIn.succeeded(client),
  };
}
