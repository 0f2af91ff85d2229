import { describe, expect, it } from "vitest";
import { LoginThrottle, PENDING_MS } from "../../../src/services/access/sign-in-throttle.js";

const OPTIONS = { stepMs: 1000, maxDelayMs: 5000, limit: 3, windowMs: 15 * 60_000 };

describe("the sign-in throttle", () => {
  it("waits longer after each wrong password, refuses after the limit until the window ends, and a right one clears it", () => {
    let now = 0;
    const t = new LoginThrottle(OPTIONS, () => now);
    for (const wait of [1000, 2000, 3000]) {
      expect(t.begin("a")).toBe(0);
      expect(t.failed("a")).toBe(wait);
    }
    expect(t.begin("a")).toBe(900);
    expect(t.begin("b")).toBe(0);
    now += OPTIONS.windowMs;
    expect(t.begin("a")).toBe(0);
    t.succeeded("a");
    expect(t.begin("a")).toBe(0);
  });

  it("counts attempts being checked, so guesses sent together gain nothing", () => {
    const t = new LoginThrottle(OPTIONS, () => 0);
    expect([t.begin("a"), t.begin("a"), t.begin("a"), t.begin("a")]).toEqual([0, 0, 0, 900]);
  });

  it("forgets an attempt whose answer never came (its worker died), rather than lock the client out for good", () => {
    let now = 0;
    const t = new LoginThrottle(OPTIONS, () => now);
    // Two wrong passwords, then an attempt that is never answered.
    for (let i = 0; i < 2; i++) {
      t.begin("a");
      t.failed("a");
    }
    expect(t.begin("a")).toBe(0);
    expect(t.begin("a")).toBeGreaterThan(0);
    now += PENDING_MS;
    expect(t.begin("a")).toBe(0);
    // And the window ends as for any client: a wrong password a day later starts afresh.
    t.failed("a");
    now += 24 * 3600_000;
    expect(t.begin("a")).toBe(0);
    expect(t.failed("a")).toBe(1000);
  });
});
