import { availableParallelism } from "node:os";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

/**
 * Files that must run in a fresh module registry of their own: they mock a module
 * (vi.mock), fake the clock, spy on a shared object or listen on the process.
 */
const ISOLATED = ["test/import/dump/refresh.test.ts", "test/http/auth-last-used.test.ts", "test/net/host-limits.test.ts", "test/services/search-pool.test.ts"];

/**
 * Files that measure the machine while they run, so they run last and alone: the soak
 * counts event-loop stalls, and its imports run in the idle scheduling class (BULK_NICE
 * 19), which gets no CPU at all while other test files keep both cores busy.
 */
const ALONE = ["test/e2e/load-while-writing.test.ts"];

/**
 * The longest files, started first, in the order of their measured durations in a full run
 * (where the CLI's bulk commands wait for the CPU the other files leave, at the idle
 * priority): a fresh clone (CI's) has no durations cached, and vitest would then start the
 * largest files first, leaving files that run for half a minute or more to the end, on a
 * machine whose two cores the suite keeps busy. The two simulated scans first, beside the
 * crash loop whose commands take the CPU they leave; the replica, whose refreshes are timed,
 * after them.
 */
const LONGEST = [
  "test/metatube/library-scan.test.ts",
  "test/e2e/crash-loop.test.ts",
  "test/plex/library-scan.test.ts",
  "test/e2e/replica.test.ts",
  "test/e2e/scan-write.test.ts",
  "test/e2e/watch.test.ts",
  "test/e2e/full-disk.test.ts",
  "test/e2e/restore.test.ts",
  "test/e2e/ingest-kill-resume.test.ts",
  "test/ingest/ingest-faults.test.ts",
  "test/e2e/organize-kill.test.ts",
  "test/e2e/organize.test.ts",
  "test/catalog/bulk-load.test.ts",
  "test/e2e/dashboard-browser.test.ts",
  "test/cli/bulk-nice.test.ts",
  "test/e2e/cli.test.ts",
  "test/providers/mgstage-ingest.test.ts",
  "test/providers/caribbean-contract.test.ts",
  "test/providers/d2pass-contract.test.ts",
  "test/providers/heyzo-contract.test.ts",
  "test/e2e/workers.test.ts",
  "test/import/dump/safety.test.ts",
  "test/import/dump/format.test.ts",
  "test/providers/mgstage-crawl.test.ts",
  "test/e2e/log-reader-leaves.test.ts",
  "test/ingest/ingest-run.test.ts",
  "test/catalog/search-plans.test.ts",
  "test/providers/tokyo-hot-provider.test.ts",
  "test/e2e/readme-quickstart.test.ts",
];

/**
 * Files whose minutes go to real waits (retry-after, kills and restarts, whole-library scans at a
 * media server's pace, crawls of every simulated site) on paths that the rest of the suite also
 * runs. CI's second pass, on the oldest Node line the project supports, leaves them out
 * (SKIP_SLOW_TESTS=1), so that it checks the native modules, the built processes, the worker
 * threads and the cluster on that line within CI's time; the first pass runs everything.
 */
const SLOW = [
  "test/ingest/ingest-faults.test.ts",
  "test/e2e/crash-loop.test.ts",
  "test/e2e/organize-kill.test.ts",
  "test/metatube/library-scan.test.ts",
  "test/plex/library-scan.test.ts",
  "test/e2e/replica.test.ts",
  "test/e2e/scan-write.test.ts",
  "test/e2e/restore.test.ts",
  "test/providers/*-ingest.test.ts",
  "test/import/dump/format.test.ts",
  "test/import/dump/safety.test.ts",
  "test/catalog/bulk-load.test.ts",
  "test/e2e/dashboard-browser.test.ts",
  "test/e2e/dashboard-library-browser.test.ts",
  "test/e2e/watch.test.ts",
  "test/e2e/load-while-writing.test.ts",
];
const SKIPPED = process.env.SKIP_SLOW_TESTS === "1" ? SLOW : [];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONGEST.findIndex((l) => f.moduleId.endsWith(l));
      return i === -1 ? LONGEST.length : i;
    };
    const group = (f: TestSpecification) => f.project.config.sequence.groupOrder;
    // Stable: the rest keep the order vitest gave them (cached durations, else size).
    return (await super.sort(files)).sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  }
}

/**
 * One worker more than there are cores: many files spend much of their time waiting
 * (on child processes, servers, retry-after), and the extra worker fills those waits.
 */
const WORKERS = availableParallelism() + 1;

export default defineConfig({
  test: {
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup.ts"],
    // A limit for hangs, not a speed test: many tests run the CLI or a server as child
    // processes (bulk ones at nice 19), which took up to 26 s in a full run on this 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: WORKERS,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        // Modules load once per worker, not once per file: loading them was a fifth of the suite's CPU time.
        test: { name: "shared", include: ["test/**/*.test.ts"], exclude: [...ISOLATED, ...ALONE, ...SKIPPED], isolate: false },
      },
      { extends: true, test: { name: "isolated", include: ISOLATED } },
      { extends: true, test: { name: "alone", include: ALONE, exclude: SKIPPED, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
