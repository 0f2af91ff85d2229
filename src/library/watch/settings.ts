/**
 * The watcher's settings, from the serving process's (WATCH_*) or the `watch` command's:
 * organize's placement (template, target, links, conflicts, unmatched, sidecars) and the
 * watcher's own times. A bad one is said at start, naming the setting.
 */
import path from "node:path";
import { type Config, ConfigError } from "../../config/load.js";
import { sidecarKinds } from "../sidecars/targets.js";
import { DEFAULT_TEMPLATE, parseTemplate, TemplateError } from "../organize/template.js";
import type { WatchSettings } from "./place.js";
import type { WatcherOptions } from "./watcher.js";

export interface WatchInput {
  inbox: string;
  into: string;
  template: string;
  target: "posix" | "windows";
  link: "move" | "hard" | "soft";
  onConflict: "skip" | "suffix";
  unmatched: string;
  write: string;
  settleSeconds: number;
  intervalSeconds: number;
  pendingDays: number;
  language: "ja" | "en";
  live: boolean;
}

/** The watcher's options from what was asked (names in errors as `what` says them: WATCH_* or the command's options). */
export function watcherOptions(i: WatchInput, names: { into: string; template: string; write: string }): WatcherOptions {
  if (i.into === "") throw new ConfigError(`${names.into} is needed: the library folder the watcher places videos into`);
  const template = i.template === "" ? DEFAULT_TEMPLATE : i.template;
  let parsed: ReturnType<typeof parseTemplate>;
  try {
    parsed = parseTemplate(template);
  } catch (err) {
    if (err instanceof TemplateError) throw new ConfigError(`${names.template}: ${err.message}`);
    throw err;
  }
  const settings: WatchSettings = {
    inbox: path.resolve(i.inbox),
    into: path.resolve(i.into),
    template,
    parsed,
    target: i.target,
    mode: i.link,
    onConflict: i.onConflict,
    unmatched: i.unmatched === "" ? null : path.resolve(i.unmatched),
    write: sidecarKinds(i.write, names.write),
    language: i.language,
  };
  return { settings, settleMs: i.settleSeconds * 1000, intervalMs: i.intervalSeconds * 1000, pendingReportMs: i.pendingDays * 86_400_000, live: i.live };
}

/** The serving process's watcher (WATCH_INBOX), or null when none is asked for. */
export function watcherOptionsOf(config: Config): WatcherOptions | null {
  if (config.watchInbox === "") return null;
  return watcherOptions(
    {
      inbox: config.watchInbox,
      into: config.watchInto,
      template: config.watchTemplate,
      target: config.watchTarget,
      link: config.watchLink,
      onConflict: config.watchOnConflict,
      unmatched: config.watchUnmatched,
      write: config.watchWrite,
      settleSeconds: config.watchSettleSeconds,
      intervalSeconds: config.watchIntervalSeconds,
      pendingDays: config.watchPendingDays,
      language: config.mediaLanguage,
      live: config.liveLookups,
    },
    { into: "WATCH_INTO", template: "WATCH_TEMPLATE", write: "WATCH_WRITE" },
  );
}
