/**
 * watch: the watcher as a command of its own (src/library/watch/), until SIGINT or
 * SIGTERM; with --once PATH, one path of the inbox handled now, its outcome printed.
 */
import path from "node:path";
import { type Config, ConfigError } from "../config/load.js";
import { imagesFor, lazyImages, pictureTreeFor } from "../images/index.js";
import { thisProcess } from "../library/organize/organize.js";
import { createWatcher, OutsideInbox, watcherDeps, watcherOptions, watchOnce } from "../library/watch/index.js";
import type { WatcherOptions } from "../library/watch/watcher.js";
import { createProviderRuntime } from "../providers/runtime.js";
import { liveLookups } from "../services/live/live-lookups.js";
import { serverLog } from "../server/server-log.js";
import { CliError, cliConfig, openCli, out, UsageError } from "./context.js";
import { choice, folder } from "./organize.js";
import { checkProviderSettings } from "./provider-settings.js";

export interface WatchValues {
  into?: string;
  template?: string;
  target: string;
  link?: string;
  onConflict: string;
  unmatched?: string;
  write?: string;
  offline?: boolean;
  settle: string;
  interval: string;
  once?: string;
  json?: boolean;
}

function seconds(raw: string, option: string, min: number): number {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min || n > 86_400) throw new UsageError(`${option} must be a whole number of seconds, ${min} to 86400`);
  return n;
}

function optionsOf(inbox: string, o: WatchValues, config: Config): WatcherOptions {
  try {
    return watcherOptions(
      {
        inbox: folder(inbox, "the inbox"),
        into: o.into ?? config.watchInto,
        template: o.template ?? config.watchTemplate,
        target: choice(o.target, ["posix", "windows"] as const, "--target"),
        link: o.link === undefined ? "move" : choice(o.link, ["hard", "soft"] as const, "--link"),
        onConflict: choice(o.onConflict, ["skip", "suffix"] as const, "--on-conflict"),
        unmatched: o.unmatched ?? "",
        write: o.write ?? "",
        settleSeconds: seconds(o.settle, "--settle", 0),
        intervalSeconds: seconds(o.interval, "--interval", 1),
        pendingDays: config.watchPendingDays,
        language: config.mediaLanguage,
        live: o.offline !== true && config.liveLookups,
      },
      { into: "--into (or WATCH_INTO)", template: "--template", write: "--write" },
    );
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(e.message);
    throw e;
  }
}

export async function watchCommand(inboxArg: string | undefined, o: WatchValues): Promise<void> {
  if (inboxArg === undefined && o.once === undefined) throw new UsageError("watch needs the inbox folder (or --once PATH)");
  const inbox = inboxArg ?? path.dirname(path.resolve(o.once as string));
  checkProviderSettings(cliConfig());
  const { config, db } = openCli({ writes: "watch" });
  const options = optionsOf(inbox, o, config);
  const runtime = createProviderRuntime(config);
  const live = options.live ? liveLookups(db, runtime, config) : null;
  const images = lazyImages(() => imagesFor(config, runtime.http));
  // Structured lines at LOG_LEVEL, as serve's (its watcher logs the same).
  const log = serverLog(config.logLevel).child({ part: "watch" });
  const parts = { db, config, live, images, pictureTree: pictureTreeFor(config, runtime.http, log), log, me: thisProcess("watch") };
  try {
    if (o.once !== undefined) return await once(parts, options, o.once, o.json === true);
    const watcher = createWatcher(parts, options);
    await watcher.start();
    out(
      `watching ${options.settings.inbox} into ${options.settings.into} (settle ${options.settleMs / 1000} s, a walk every ${options.intervalMs / 1000} s); Ctrl-C stops`,
    );
    await new Promise<void>((resolve) => {
      for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => resolve());
    });
    await watcher.stop();
  } finally {
    await images.close();
    await runtime.close();
    db.close();
  }
}

async function once(parts: Parameters<typeof watcherDeps>[0], options: WatcherOptions, target: string, json: boolean): Promise<void> {
  try {
    const jobs = await watchOnce(watcherDeps(parts), options, target);
    if (json) return out(JSON.stringify({ path: path.resolve(target), files: jobs }));
    if (jobs.length === 0) return out(`no video at ${path.resolve(target)}`);
    for (const j of jobs) out([j.state, j.code ?? "-", j.path, j.placedAt ?? j.reason ?? ""].join("\t"));
    if (jobs.some((j) => j.state === "failed")) process.exitCode = 1;
  } catch (e) {
    if (e instanceof OutsideInbox) throw new CliError(e.message);
    throw e;
  }
}
