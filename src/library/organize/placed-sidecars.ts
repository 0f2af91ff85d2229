/**
 * `organize --apply --write`: the sidecars of each placed title, written at its new place
 * once its files are there, and added to the run's journal so that an undo removes them.
 * The files that travelled with a video (its NFO, its pictures, ours or the user's) are
 * left as they are: the names they hold are claimed before anything is written.
 */
import { lstatSync } from "node:fs";
import path from "node:path";
import { appendDoneStep, organizeRunSteps } from "../../catalog/index.js";
import type { Images } from "../../images/index.js";
import type { ServiceDeps } from "../../services/deps.js";
import type { Title } from "../../services/titles/title.js";
import { creditedPeople } from "../../services/people/person.js";
import { titleNames } from "../../services/titles/title-names.js";
import type { SidecarGroup } from "../sidecars/groups.js";
import type { SidecarKind } from "../sidecars/sidecars.js";
import { writeAllSidecars } from "../sidecars/write-sidecars.js";
import type { OrganizePlan } from "./plan.js";

const relTo = (root: string, p: string) => path.relative(root, p).split(path.sep).join("/");

export async function writeSidecarsAfter(
  deps: Pick<ServiceDeps, "db" | "config" | "pictureTree">,
  runId: number,
  plan: OrganizePlan,
  titles: Map<number, Title>,
  kinds: SidecarKind[],
  images: Images | null,
  signal: AbortSignal,
): Promise<{ written: number; failed: number }> {
  const placed = new Set(
    organizeRunSteps(deps.db, runId)
      .filter((s) => s.state === "done")
      .map((s) => s.toPath),
  );
  const groups: SidecarGroup<Title>[] = [];
  const claimed: string[] = [];
  for (const u of plan.units) {
    const title = titles.get(u.unit);
    if (u.status !== "move" || title === undefined || !u.files.every((f) => placed.has(f.to))) continue;
    const videos = u.files.filter((f) => f.kind === "video");
    groups.push({ title, files: videos.map((f) => ({ rel: relTo(plan.into, f.to), part: f.part })) });
    for (const f of u.files) if (f.kind !== "video") claimed.push(relTo(plan.into, f.to));
  }
  const language = deps.config.mediaLanguage;
  let written = 0;
  let failed = 0;
  await writeAllSidecars(groups, {
    root: plan.into,
    kinds,
    force: false,
    dryRun: false,
    language,
    images,
    names: (t) => titleNames(deps, t, language),
    people: (t, shown) => creditedPeople(deps, t, shown, language),
    signal,
    concurrency: 4,
    claimed,
    onResult: (r) => {
      if (r.action === "failed") failed++;
      if (!r.written) return;
      written++;
      const file = path.join(plan.into, r.path);
      const s = lstatSync(file);
      appendDoneStep(deps.db, runId, {
        unit: 0,
        op: "write",
        kind: "sidecar",
        code: null,
        fromPath: null,
        toPath: file,
        size: s.size,
        mtimeMs: s.mtimeMs,
        dev: s.dev,
        ino: s.ino,
      });
    },
  });
  return { written, failed };
}
