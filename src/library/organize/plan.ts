/**
 * The plan of an organize run: each video `scan` matched to one title, with what travels
 * with it, and where the template puts them; the files left where they are, and why.
 * Making it changes nothing on the disk. A unit (a video, or a stack's parts, with their
 * subtitles and sidecars) moves whole or not at all: a unit any of whose targets is taken
 * by another file is a conflict (skipped, or given a ` (2)` suffix), one whose targets are
 * already its own files or the same bytes is left alone.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { LeftFile } from "../../catalog/index.js";
import type { ServiceDeps } from "../../services/deps.js";
import type { Title } from "../../services/titles/title.js";
import { titleNames } from "../../services/titles/title-names.js";
import { type ScanEntry, scanLibrary } from "../scan-library.js";
import { groupForSidecars, type MatchedFile } from "../sidecars/groups.js";
import type { TitleFile } from "../sidecars/names.js";
import { assignCompanions, basesOf, subtitlesByCode } from "./companions.js";
import { type Claims, placeUnit } from "./plan-place.js";
import type { OrganizePlan, PlanOptions, PlanSettings, PlanUnit, UnitDraft } from "./plan-types.js";

export type * from "./plan-types.js";

const dirOf = (rel: string) => (rel.includes("/") ? rel.slice(0, rel.lastIndexOf("/")) : "");

async function listFolder(cache: Map<string, Promise<string[]>>, dir: string): Promise<string[]> {
  let names = cache.get(dir);
  if (names === undefined) {
    names = readdir(dir).catch(() => []);
    cache.set(dir, names);
  }
  return names;
}

const stemOf = (rel: string) => {
  const name = rel.slice(rel.lastIndexOf("/") + 1);
  return name.lastIndexOf(".") > 0 ? name.slice(0, name.lastIndexOf(".")) : name;
};

/**
 * The units of one folder: its groups of videos, each with the files named for it, then the
 * subtitles named by a code. Returns the subtitles no video takes (they stay, listed).
 */
async function draftsOf(root: string, folder: string, groups: UnitDraft[], others: TitleFile[], listing: Map<string, Promise<string[]>>): Promise<string[]> {
  const names = await listFolder(listing, path.join(root, folder));
  const owners = new Map<string, string[]>();
  groups.forEach((g, i) => owners.set(String(i), basesOf(g.videos)));
  // Files of videos that stay are theirs: never taken along by a neighbour.
  others.forEach((f, i) => owners.set(`other ${i}`, basesOf([f])));
  const found = assignCompanions(names, owners);
  const taken = new Set([...found.values()].flat().map((c) => c.name));
  const coded = groups.map((g, i) => ({ key: String(i), code: g.title?.record.dvdId ?? null, stem: stemOf(g.videos[0].rel) }));
  const byCode = subtitlesByCode(names, taken, coded);
  groups.forEach((g, i) => (g.companions = [...(found.get(String(i)) ?? []), ...(byCode.found.get(String(i)) ?? [])]));
  return byCode.unowned.map((name) => (folder === "" ? name : `${folder}/${name}`));
}

/** Matched videos by folder and title, stacks together; the rest by folder, one unit each. */
function groupDrafts(
  matched: { entry: ScanEntry; title: Title }[],
  left: ScanEntry[],
  unmatchedToo: boolean,
): Map<string, { units: UnitDraft[]; others: TitleFile[] }> {
  const byFolder = new Map<string, { units: UnitDraft[]; others: TitleFile[] }>();
  const folder = (dir: string) => byFolder.get(dir) ?? byFolder.set(dir, { units: [], others: [] }).get(dir)!;
  const marks = new Map(matched.map((m) => [m.entry.path, m.entry.marks]));
  const files: MatchedFile<Title>[] = matched.map(({ entry, title }) => ({
    rel: entry.path,
    part: entry.part,
    key: `${title.provider}\u0000${title.record.contentId}`,
    title,
  }));
  for (const g of groupForSidecars(files)) {
    const dir = dirOf(g.files[0].rel);
    folder(dir).units.push({ title: g.title, folder: dir, videos: g.files.map((f) => ({ ...f, marks: marks.get(f.rel)! })), companions: [] });
  }
  for (const e of left) {
    const f = { rel: e.path, part: e.part };
    if (unmatchedToo && e.status !== "failed")
      folder(dirOf(e.path)).units.push({ title: null, folder: dirOf(e.path), videos: [{ ...f, marks: e.marks }], companions: [] });
    else folder(dirOf(e.path)).others.push(f);
  }
  return byFolder;
}

const leftOf = (e: ScanEntry): LeftFile => ({ path: e.path, status: e.status, reason: e.reason ?? e.status });

/** Reads the source (as `scan` does), then plans where each of its units goes. Changes nothing on the disk. */
export async function planOrganize(deps: ServiceDeps, o: PlanOptions): Promise<{ plan: OrganizePlan; titles: Map<number, Title> }> {
  const plannedAt = Date.now();
  const matched: { entry: ScanEntry; title: Title }[] = [];
  const left: ScanEntry[] = [];
  await scanLibrary(deps, o.source, {
    live: o.live,
    concurrency: o.concurrency,
    signal: o.signal,
    paths: o.paths,
    onEntry: (entry, title) => {
      if (title !== null && entry.status === "matched") matched.push({ entry, title });
      else left.push(entry);
      o.onEntry?.(entry);
    },
  });
  const listing = new Map<string, Promise<string[]>>();
  const byFolder = groupDrafts(matched, left, o.unmatched !== null);
  const claims: Claims = new Map();
  const place = { ...o, names: (t: Title) => titleNames(deps, t, o.language) };
  const units: PlanUnit[] = [];
  const titles = new Map<number, Title>();
  const lone: LeftFile[] = [];
  for (const [dir, { units: drafts, others }] of [...byFolder].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    for (const p of await draftsOf(o.source, dir, drafts, others, listing))
      lone.push({ path: p, status: "no-video", reason: "a subtitle named for no single video of its folder" });
    for (const draft of drafts) {
      const placed = await placeUnit(draft, place, claims, units.length + 1, listing);
      if (draft.title !== null) titles.set(placed.unit, draft.title);
      units.push(placed);
    }
  }
  const settings: PlanSettings = {
    source: o.source,
    into: o.into,
    template: o.template,
    target: o.target,
    mode: o.mode,
    onConflict: o.onConflict,
    unmatched: o.unmatched,
  };
  // A lookup that failed is tried again by the next run: its file stays, even with a folder for the unmatched.
  const stays = left.filter((e) => o.unmatched === null || e.status === "failed").map(leftOf);
  return { plan: { version: 1, plannedAt, ...settings, units, left: [...stays, ...lone] }, titles };
}
