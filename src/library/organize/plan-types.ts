/** The shapes of a plan: its units, their files, and the settings it was made with. */
import type { FileIdentity, LeftFile, OrganizeMode } from "../../catalog/index.js";
import type { NameMarks } from "../../codes/index.js";
import type { ScanEntry } from "../scan-library.js";
import type { Title } from "../../services/titles/title.js";
import type { TitleFile } from "../sidecars/names.js";
import type { Companion } from "./companions.js";
import type { NameTarget } from "./file-names.js";
import type { Template } from "./template.js";

export type FileKind = "video" | "subtitle" | "sidecar";

export interface PlannedFile extends FileIdentity {
  /** Absolute paths. */
  from: string;
  to: string;
  kind: FileKind;
  /** A video's part of a stack (cd2: 2), else null. */
  part: number | null;
}

/**
 * - move: to be moved (or linked); in-place: its files are where the template puts them;
 * - duplicate: the library holds the same bytes at its target: left where it is;
 * - conflict: another file holds a target (with --on-conflict skip); cannot-link: a hard link across file systems.
 */
export type UnitStatus = "move" | "in-place" | "duplicate" | "conflict" | "cannot-link";

export interface PlanUnit {
  unit: number;
  status: UnitStatus;
  /** The title (null for a file moved to the folder of unmatched files). */
  code: string | null;
  contentId: string | null;
  provider: string | null;
  title: string | null;
  /** Why it goes where it goes, or why it stays. */
  why: string;
  files: PlannedFile[];
}

export type ConflictPolicy = "skip" | "suffix";

export interface PlanSettings {
  source: string;
  into: string;
  template: string;
  target: NameTarget;
  mode: OrganizeMode;
  onConflict: ConflictPolicy;
  /** Where files without one title go (their paths under the source kept); null: they stay. */
  unmatched: string | null;
}

export interface OrganizePlan extends PlanSettings {
  version: 1;
  plannedAt: number;
  units: PlanUnit[];
  left: LeftFile[];
}

export interface PlanOptions extends PlanSettings {
  parsed: Template;
  live: boolean;
  language: "ja" | "en";
  concurrency: number;
  signal?: AbortSignal;
  onEntry?: (entry: ScanEntry) => void;
  /** These videos only (relative to the source), not a walk of it: the watcher's settled downloads. */
  paths?: readonly string[];
}

/** What a unit is made of before it is placed. */
export interface UnitDraft {
  title: Title | null;
  folder: string;
  videos: (TitleFile & { marks: NameMarks })[];
  companions: Companion[];
}
