import { describe, expect, it } from "vitest";
import { type Db, acquireIngestLock, finishRun, releaseIngestLock, startRun } from "../../../src/catalog/index.js";
import { providerHealth } from "../../../src/services/operations/provider-health.js";
import { tempCatalogEach, testConfig } from "../../helpers/build-app.js";

const FANZA_ON = { PROVIDER_FANZA_ENABLED: "on", FANZA_API_ID: "id", FANZA_AFFILIATE_ID: "aff-990" };
const holder = (owner: string) => ({ owner, pid: process.pid, host: "test-host" });

describe("providerHealth", () => {
  let db: Db;
  tempCatalogEach((c) => ({ db } = c));
  const health = (env: Record<string, string> = {}) => providerHealth(db, testConfig(env));
  const fanza = (env: Record<string, string> = FANZA_ON) => health(env).find((h) => h.provider === "fanza")!;

  it("lists every provider of the registry, disabled ones with the setting that disables them", () => {
    expect(health().map((h) => [h.provider, h.enabled, h.usable, h.reason, h.canCrawl])).toEqual([
      ["r18dev", false, false, "disabled (PROVIDER_R18DEV_ENABLED=off)", false],
      ["fanza", false, false, "disabled (PROVIDER_FANZA_ENABLED=off)", false],
      ["1pondo", false, false, "disabled (PROVIDER_1PONDO_ENABLED=off)", false],
      ["10musume", false, false, "disabled (PROVIDER_10MUSUME_ENABLED=off)", false],
      ["pacopacomama", false, false, "disabled (PROVIDER_PACOPACOMAMA_ENABLED=off)", false],
      ["muramura", false, false, "disabled (PROVIDER_MURAMURA_ENABLED=off)", false],
      ["caribbeancom", false, false, "disabled (PROVIDER_CARIBBEANCOM_ENABLED=off)", false],
      ["caribbeancompr", false, false, "disabled (PROVIDER_CARIBBEANCOMPR_ENABLED=off)", false],
      ["heyzo", false, false, "disabled (PROVIDER_HEYZO_ENABLED=off)", false],
      ["tokyo-hot", false, false, "disabled (PROVIDER_TOKYO_HOT_ENABLED=off)", false],
      ["mgstage", false, false, "disabled (PROVIDER_MGSTAGE_ENABLED=off)", false],
      ["fc2", false, false, "disabled (PROVIDER_FC2_ENABLED=off)", false],
    ]);
    expect(fanza({})).toMatchObject({
      lastSuccessAt: null,
      lastFailureAt: null,
      lastFailureKind: null,
      lastError: null,
      consecutiveFailures: 0,
      running: null,
    });
  });

  it("says which credentials an enabled provider lacks", () => {
    expect(fanza({ PROVIDER_FANZA_ENABLED: "on" })).toMatchObject({
      enabled: true,
      usable: false,
      reason: "needs FANZA_API_ID and FANZA_AFFILIATE_ID",
      canCrawl: false,
    });
    expect(fanza({ PROVIDER_FANZA_ENABLED: "on", FANZA_API_ID: "id" })).toMatchObject({ usable: false, reason: "needs FANZA_AFFILIATE_ID" });
    expect(fanza()).toMatchObject({ enabled: true, usable: true, reason: null, canCrawl: true });
  });

  it("lets r18dev crawl only with a codes file", () => {
    const r18dev = (env: Record<string, string>) => health({ PROVIDER_R18DEV_ENABLED: "on", ...env }).find((h) => h.provider === "r18dev");
    expect(r18dev({})).toMatchObject({ usable: true, reason: null, canCrawl: false });
    expect(r18dev({ R18DEV_CODES_FILE: "/srv/codes.txt" })).toMatchObject({ usable: true, canCrawl: true });
  });

  it("counts failed runs in a row, keeps the last failure's time, kind and error, and a success resets the count", () => {
    const fail = (owner: string, at: number, kinds: Record<string, number>, error: string) => {
      const run = startRun(db, "fanza", "cron", owner, at);
      finishRun(db, run, "fanza", "failed", error, at + 50, { retries: 9, failures: 4, failureKinds: kinds });
    };
    fail("a", 1_000, { challenge: 1, timeout: 3 }, "circuit breaker: 20 failures in a row");
    expect(fanza()).toMatchObject({ lastFailureAt: 1_050, lastFailureKind: "timeout", consecutiveFailures: 1, lastSuccessAt: null });
    fail("b", 2_000, {}, "disk full");
    expect(fanza()).toMatchObject({ lastFailureAt: 2_050, lastFailureKind: "error", lastError: "disk full", consecutiveFailures: 2 });

    const ok = startRun(db, "fanza", "dashboard", "c", 3_000);
    finishRun(db, ok, "fanza", "succeeded", null, 3_100);
    expect(fanza()).toMatchObject({ lastSuccessAt: 3_100, lastFailureAt: 2_050, lastFailureKind: "error", lastError: "disk full", consecutiveFailures: 0 });
    // Runs of other providers are theirs.
    expect(health(FANZA_ON).find((h) => h.provider === "r18dev")).toMatchObject({ lastFailureAt: null, consecutiveFailures: 0 });
  });

  it("shows the run in progress while its owner holds the ingest lock", () => {
    expect(acquireIngestLock(db, holder("live"), { now: 1_000, staleMs: 60_000, isAlive: () => true })).toBeNull();
    const run = startRun(db, "fanza", "dashboard", "live", 1_000);
    expect(fanza().running).toMatchObject({ id: run, status: "running", trigger: "dashboard" });
    // A run left `running` by a process that is gone (no lock) is not in progress.
    releaseIngestLock(db, "live");
    expect(fanza().running).toBeNull();
  });
});
