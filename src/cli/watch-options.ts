/** The `watch` command's declaration: its arguments, options, help and examples. */
import { type Command, Option } from "commander";
import { placementOptions } from "./organize-options.js";
import type { WatchValues } from "./watch.js";
import { act, examples } from "./usage.js";

const withDefault = (flags: string, help: string, value: string): Option => new Option(flags, help).default(value, value);

export function declareWatch(program: Command): void {
  const command = program
    .command("watch")
    .summary("place the videos that arrive in <inbox> into the library by themselves, as organize --apply does; --once PATH for a download client")
    .description(
      "Watches <inbox> (file events, and a walk of it every --interval seconds), and places each video once its download is whole " +
        "(no partial name, sizes and times unchanged for --settle seconds; a torrent's folder whole) as organize --apply does: journalled, " +
        "never replacing a file. A title no source has yet is pending and is tried again when the catalog gains titles. Media servers " +
        "and a webhook are told (JELLYFIN_*, EMBY_*, PLEX_*, WEBHOOK_*). Runs until SIGINT or SIGTERM; --once PATH handles one path now and " +
        "exits (a download client's 'run on completion'). serve runs the same watcher with WATCH_INBOX. docs/watching.md.",
    )
    .argument("[inbox]", "the folder downloads arrive in (with --once: the folder above PATH when left out)")
    .option("--into <dir>", "the library folder the videos go into (WATCH_INTO when left out)");
  placementOptions(command)
    .option("--write <kinds>", "write sidecars beside each placed video: nfo, poster, fanart, landscape, extrafanart")
    .option("--offline", "look titles up in the catalog only (a pending title waits for the catalog)")
    .addOption(withDefault("--settle <seconds>", "how long a download's files must keep their sizes and times", "30"))
    .addOption(withDefault("--interval <seconds>", "how often the whole inbox is walked", "60"))
    .option("--once <path>", "handle this file or folder of the inbox now, then exit (no settle time)")
    .option("--json", "with --once: print the files' outcomes as JSON")
    .addHelpText(
      "after",
      examples(
        "watch ~/Downloads/complete --into /mnt/media/jav",
        "watch ~/Downloads/complete --into /mnt/media/jav --link hard --write nfo,poster,fanart",
        'watch ~/Downloads/complete --into /mnt/media/jav --once "~/Downloads/complete/ABP-123"',
      ),
    )
    .action(act(async (inbox: string | undefined, o: WatchValues) => (await import("./watch.js")).watchCommand(inbox, o)));
}
