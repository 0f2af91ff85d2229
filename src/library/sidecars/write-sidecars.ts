/**
 * The sidecars of a whole scan: every group of matched files (one title in one folder,
 * see groups.ts), a few groups at a time, since a picture may be fetched; the
 * outbound client's per-host limits still hold. One failed file never stops the run, and
 * a picture that cannot be fetched is asked once in it (SidecarRun).
 */
import type { Title } from "../../services/titles/title.js";
import type { SidecarGroup } from "./groups.js";
import { newSidecarRun, type SidecarAction, type SidecarOptions, type SidecarResult, writeSidecars } from "./sidecars.js";

export type SidecarTotals = Record<SidecarAction, number>;

export const emptySidecarTotals = (): SidecarTotals => ({ written: 0, updated: 0, replaced: 0, unchanged: 0, skipped: 0, failed: 0 });

export async function writeAllSidecars(
  groups: SidecarGroup<Title>[],
  o: SidecarOptions & { concurrency: number; onResult: (r: SidecarResult) => void; onTitle?: (done: number) => void; claimed?: Iterable<string> },
): Promise<SidecarTotals> {
  const totals = emptySidecarTotals();
  const run = newSidecarRun();
  // Names left alone: files of the user's folder that organize has just placed there.
  for (const rel of o.claimed ?? []) run.claimed.add(rel);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < groups.length && !o.signal?.aborted) {
      const g = groups[next++];
      for (const r of await writeSidecars(g.title, g.files, { ...o, run })) {
        totals[r.action]++;
        o.onResult(r);
      }
      o.onTitle?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, o.concurrency) }, worker));
  return totals;
}
