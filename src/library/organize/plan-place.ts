/**
 * Where one unit goes: its names from the template, made legal for the target file
 * system, its companions renamed with it, and what is found at each target. A target
 * another unit of the plan claims, or another file holds, is a conflict; with the suffix
 * policy the unit tries ` (2)`, ` (3)` ... until every one of its names is free.
 */
import { lstatSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { NameMarks } from "../../codes/index.js";
import type { Title } from "../../services/titles/title.js";
import type { TitleNames } from "../../services/titles/title-names.js";
import { type Companion, baseMap } from "./companions.js";
import { identityOf, lstatOrNull, sameContent, sameInode } from "./file-steps.js";
import { collisionKey, legalPath } from "./file-names.js";
import type { FileKind, PlannedFile, PlanOptions, PlanUnit, UnitDraft } from "./plan-types.js";
import { type Piece, type RenderedPath, renderTemplate, type TemplateFields } from "./template.js";

/** Targets the plan has given out, by the key they collide on: the unit and the file that has it. */
export type Claims = Map<string, { unit: number; from: string }>;

/** The sidecars `scan --write` may make later beside a video: its name must leave room for them. */
const SIDECAR_SUFFIXES = [".nfo", "-poster.jpg", "-fanart.jpg", "-landscape.jpg", "-fanart20.jpg", "-fanart-20.jpg"];
const MAX_VERSION = 99;

const nameOf = (rel: string) => rel.slice(rel.lastIndexOf("/") + 1);
const extOf = (name: string) => (name.lastIndexOf(".") > 0 ? name.slice(name.lastIndexOf(".")) : "");

interface Target {
  from: string;
  to: string;
  kind: FileKind;
  part: number | null;
}

export interface PlaceOptions extends Pick<PlanOptions, "source" | "into" | "parsed" | "target" | "mode" | "onConflict" | "unmatched" | "language"> {
  names: (t: Title) => TitleNames;
}

const anyMark = (marks: NameMarks[]): NameMarks => ({
  subtitles: marks.some((m) => m.subtitles),
  uncensored: marks.some((m) => m.uncensored),
  leak: marks.some((m) => m.leak),
});

function fieldsOf(t: Title, names: TitleNames, language: "ja" | "en"): Omit<TemplateFields, "part" | "marks"> {
  const r = t.record;
  return {
    code: r.dvdId,
    contentId: r.contentId,
    title: (language === "en" ? r.titleEn || r.titleJa : r.titleJa || r.titleEn).trim(),
    actresses: names.actresses,
    maker: names.makers[0] ?? "",
    label: names.label,
    series: names.series ?? "",
    releaseDate: r.releaseDate.slice(0, 10),
  };
}

/** A second version's name: ` (2)` before the part that ends a stack's name (so the readers still stack it), else at the end. */
function versioned(r: RenderedPath, version: number): RenderedPath {
  if (version === 1) return r;
  const file = [...r.file];
  const last = file.at(-1);
  const at = last !== undefined && /^-cd\d+$/.test(last.text) ? file.length - 1 : file.length;
  file.splice(at, 0, { text: ` (${version})`, title: false, keep: true } satisfies Piece);
  return { folders: r.folders, file };
}

/** The targets of a matched unit: each video by the template, each companion by its owner's new name. */
function matchedTargets(d: UnitDraft, o: PlaceOptions, version: number): Target[] {
  const t = d.title as Title;
  const base = fieldsOf(t, o.names(t), o.language);
  const marks = anyMark(d.videos.map((v) => v.marks));
  const suffixes = [...d.videos.map((v) => extOf(v.rel)), ...d.companions.map((c) => c.rest), ...SIDECAR_SUFFIXES];
  const news = d.videos.map((v) => {
    const legal = legalPath(versioned(renderTemplate(o.parsed, { ...base, part: v.part, marks }), version), { target: o.target, suffixes });
    return { rel: [...legal.folders, legal.stem + extOf(v.rel)].join("/"), part: v.part };
  });
  const renamed = baseMap(d.videos, news);
  const newDir = news[0].rel.includes("/") ? news[0].rel.slice(0, news[0].rel.lastIndexOf("/")) : "";
  const out: Target[] = d.videos.map((v, i) => ({ from: path.join(o.source, v.rel), to: path.join(o.into, news[i].rel), kind: "video", part: v.part }));
  for (const c of d.companions) {
    const owner = renamed.get(c.base) ?? c.base;
    out.push({ from: path.join(o.source, d.folder, c.name), to: path.join(o.into, newDir, owner + c.rest), kind: c.kind, part: null });
  }
  return out;
}

/** The targets of a file without one title: the same names under the folder for them. */
function unmatchedTargets(d: UnitDraft, o: PlaceOptions): Target[] {
  const root = o.unmatched as string;
  const all: (Companion | { name: string; kind: FileKind })[] = [...d.videos.map((v) => ({ name: nameOf(v.rel), kind: "video" as const })), ...d.companions];
  return all.map((f) => ({ from: path.join(o.source, d.folder, f.name), to: path.join(root, d.folder, f.name), kind: f.kind, part: null }));
}

type Verdict = { status: "free" | "in-place" | "duplicate" | "conflict"; reason: string };

/** Whether a name differing only in case (or Unicode form) is taken in the target's folder, on a target that confuses them. */
async function caseTwin(to: string, o: PlaceOptions, listing: Map<string, Promise<string[]>>): Promise<string | null> {
  if (o.target !== "windows") return null;
  const dir = path.dirname(to);
  let names = listing.get(dir);
  if (names === undefined) listing.set(dir, (names = readdir(dir).catch(() => [])));
  const key = collisionKey(path.basename(to), o.target);
  return (await names).find((n) => collisionKey(n, o.target) === key) ?? null;
}

async function judge(t: Target, o: PlaceOptions, claims: Claims, listing: Map<string, Promise<string[]>>): Promise<Verdict> {
  if (t.from === t.to) return { status: "in-place", reason: "already where the template puts it" };
  const src = lstatSync(t.from);
  const claim = claims.get(collisionKey(t.to, o.target));
  if (claim !== undefined) {
    const other = lstatSync(claim.from);
    if (await sameContent(t.from, src, claim.from, other)) return { status: "duplicate", reason: `the same bytes as ${claim.from}, which goes there` };
    return { status: "conflict", reason: `${t.to} is the target of ${claim.from} too` };
  }
  const twin = await caseTwin(t.to, o, listing);
  const there = await lstatOrNull(twin === null ? t.to : path.join(path.dirname(t.to), twin));
  if (there === null) return { status: "free", reason: "" };
  if (sameInode(src, there)) return { status: "in-place", reason: "already there (the same file)" };
  const at = twin === null ? t.to : path.join(path.dirname(t.to), twin);
  if (there.isFile() && (await sameContent(t.from, src, at, there))) return { status: "duplicate", reason: `the library has the same bytes at ${at}` };
  return { status: "conflict", reason: `another file is at ${at}` };
}

/** The device of the nearest folder that exists above a target (a hard link needs the same). */
async function deviceAt(to: string): Promise<number> {
  let dir = path.dirname(to);
  for (;;) {
    const s = await lstatOrNull(dir);
    if (s !== null) return s.dev;
    const up = path.dirname(dir);
    if (up === dir) return -1;
    dir = up;
  }
}

async function plannedFile(t: Target): Promise<PlannedFile> {
  return { from: t.from, to: t.to, kind: t.kind, part: t.part, ...identityOf(lstatSync(t.from)) };
}

function describe(d: UnitDraft): Pick<PlanUnit, "code" | "contentId" | "provider" | "title"> {
  const t = d.title;
  if (t === null) return { code: null, contentId: null, provider: null, title: null };
  return { code: t.record.dvdId, contentId: t.record.contentId, provider: t.provider, title: t.record.titleEn || t.record.titleJa };
}

/** Plans one unit: numbered `unit`, its targets claimed when it moves. */
export async function placeUnit(d: UnitDraft, o: PlaceOptions, claims: Claims, unit: number, listing: Map<string, Promise<string[]>>): Promise<PlanUnit> {
  const head = { unit, ...describe(d) };
  const why =
    d.title === null ? `no title: left in the folder for files without one` : `${head.code} (${d.title.provider}${d.title.id === null ? ", found live" : ""})`;
  let targets: Target[] = [];
  let verdicts: Verdict[] = [];
  for (let version = 1; version <= MAX_VERSION; version++) {
    targets = d.title === null ? unmatchedTargets(d, o) : matchedTargets(d, o, version);
    verdicts = await Promise.all(targets.map((t) => judge(t, o, claims, listing)));
    if (!verdicts.some((v) => v.status === "conflict") || o.onConflict === "skip" || d.title === null) break;
  }
  const files = async (pick: (v: Verdict) => boolean) => Promise.all(targets.filter((_, i) => pick(verdicts[i])).map(plannedFile));
  const conflict = verdicts.find((v) => v.status === "conflict");
  if (conflict) return { ...head, status: "conflict", why: conflict.reason, files: await files(() => true) };
  const videoVerdicts = verdicts.filter((_, i) => targets[i].kind === "video");
  const dup = videoVerdicts.find((v) => v.status === "duplicate");
  if (dup) return { ...head, status: "duplicate", why: dup.reason, files: await files(() => true) };
  if (videoVerdicts.every((v) => v.status === "in-place")) return { ...head, status: "in-place", why: videoVerdicts[0].reason, files: [] };
  const moving = await files((v) => v.status === "free");
  if (o.mode === "hard") {
    const crossing = await Promise.all(moving.map(async (f) => (await deviceAt(f.to)) !== f.dev));
    if (crossing.some(Boolean))
      return { ...head, status: "cannot-link", why: "a hard link cannot cross file systems: the library is on another one", files: moving };
  }
  for (const f of moving) claims.set(collisionKey(f.to, o.target), { unit, from: f.from });
  return { ...head, status: "move", why, files: moving };
}
