/**
 * The settings of the watcher `serve` runs (WATCH_INBOX): where downloads arrive, where and
 * how they are placed (organize's template, target, links, conflicts), and its times. A list
 * of its own, spread into the one list of settings (schema.ts).
 */
import { integer, oneOf, optional } from "./parsers.js";

export const WATCH_SETTINGS = {
  watchInbox: {
    env: "WATCH_INBOX",
    default: "",
    help: "A folder `serve` watches for new videos (a download client's finished folder): each one whole (settled) is identified and organized into WATCH_INTO as `organize --apply` does. Empty: no watcher (`watch` runs one by itself). docs/watching.md.",
    parse: optional,
  },
  watchInto: { env: "WATCH_INTO", default: "", help: "The library folder the watcher places videos into; needed with WATCH_INBOX.", parse: optional },
  watchTemplate: {
    env: "WATCH_TEMPLATE",
    default: "",
    help: "The watcher's folders and file name (organize's --template); empty: organize's default, `{actresses}/{code} {title}/{code}{marks}{part}`.",
    parse: optional,
  },
  watchTarget: {
    env: "WATCH_TARGET",
    default: "posix",
    help: "The file system the watcher's names must suit: posix, or windows (NTFS, exFAT, a Samba share).",
    parse: oneOf(["posix", "windows"] as const),
  },
  watchLink: {
    env: "WATCH_LINK",
    default: "move",
    help: "move, or hard or soft: leave each download where it is (a torrent keeps seeding) and link it into the library (never a copy instead).",
    parse: oneOf(["move", "hard", "soft"] as const),
  },
  watchOnConflict: {
    env: "WATCH_ON_CONFLICT",
    default: "skip",
    help: "A target another file holds: skip the video (it stays, listed), or suffix its names ` (2)`.",
    parse: oneOf(["skip", "suffix"] as const),
  },
  watchUnmatched: {
    env: "WATCH_UNMATCHED",
    default: "",
    help: "A folder for the videos without one title (their folders kept); empty: they stay in the inbox, listed.",
    parse: optional,
  },
  watchWrite: {
    env: "WATCH_WRITE",
    default: "",
    help: "Sidecars the watcher writes beside each placed video: nfo, poster, fanart, landscape, extrafanart (comma-separated); empty: none.",
    parse: optional,
  },
  watchSettleSeconds: {
    env: "WATCH_SETTLE_SECONDS",
    default: "30",
    help: "How long a download's files must keep their sizes and times (and no partial name: .!qB, .part, .crdownload, an .aria2 beside) before the watcher takes it; a torrent's folder is taken whole.",
    parse: integer(0, 86_400),
  },
  watchIntervalSeconds: {
    env: "WATCH_INTERVAL_SECONDS",
    default: "60",
    help: "How often the watcher walks the whole inbox, beside the file events (which a network share or a restart loses).",
    parse: integer(1, 86_400),
  },
  watchPendingDays: {
    env: "WATCH_PENDING_DAYS",
    default: "30",
    help: "A video whose title no source has yet (pending) for longer than this is reported (the log, the dashboard); it stays in the inbox and is still tried.",
    parse: integer(1, 3650),
  },
};
