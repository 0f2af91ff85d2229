/**
 * The settings of the media servers the watcher tells (Jellyfin, Emby, Plex) and of its webhook:
 * each server's address, its token and how it sees the library's paths. A list of its own, spread
 * into the one list of settings (schema.ts), so that docs/configuration.md's table and the checks
 * at load treat them as every other setting.
 */
import { isAbsolute } from "node:path";
import { ConfigError, secret, url } from "./parsers.js";

/** One prefix of a path map: our path (absolute, of this machine) -> the server's. */
export interface PathPair {
  from: string;
  to: string;
}

/** A path the server may name: POSIX (`/data`), a Windows drive (`D:\Media`, `D:/Media`) or a share (`\\nas\media`). */
const THEIR_ABSOLUTE = /^(?:\/|[A-Za-z]:[\\/]|\\\\[^\\]+\\)/;

/** A path without the separators at its end, its root kept (`/`, `D:\`). */
function trimEnd(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, "");
  return trimmed === "" || /^[A-Za-z]:$/.test(trimmed) ? path.slice(0, trimmed.length + 1) : trimmed;
}

/**
 * `OURS=THEIRS`, several separated by `;` (`/srv/lib=/data/lib;/mnt/b=/b`); empty = none. Each side
 * absolute; the first `=` splits a pair (a path of ours with `=` in it cannot be mapped).
 */
export const pathMap = (raw: string): PathPair[] => {
  const pairs: PathPair[] = [];
  for (const part of raw.split(";")) {
    const text = part.trim();
    if (text === "") continue;
    const at = text.indexOf("=");
    if (at < 0) throw new ConfigError(`must be OURS=THEIRS pairs separated by ";", got "${text}"`);
    const from = text.slice(0, at).trim();
    const to = text.slice(at + 1).trim();
    if (!isAbsolute(from)) throw new ConfigError(`maps "${from}", which is not an absolute path of this machine`);
    if (!THEIR_ABSOLUTE.test(to)) throw new ConfigError(`maps to "${to}", which is not an absolute path (/data, D:\\Media, \\\\nas\\media)`);
    pairs.push({ from: trimEnd(from), to: trimEnd(to) });
  }
  return pairs;
};

/** A server's token: printable ASCII without spaces or quotes (it goes in a header), or empty. Never echoed. */
export const token = (raw: string): string => {
  const v = raw.trim();
  if (!/^[\x21-\x7e]*$/.test(v) || v.includes('"')) {
    throw new ConfigError("must be printable ASCII without spaces or quotes (it is sent in a header); the value is not shown here");
  }
  return v;
};

/** Plex's library section ids, comma-separated (`1,4`); empty = found by the folder. */
export const sectionIds = (raw: string): string[] => {
  const ids = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = ids.find((id) => !/^\d+$/.test(id));
  if (bad !== undefined) throw new ConfigError(`must be section ids (numbers) separated by commas, got "${bad}"`);
  return ids;
};

const optionalUrl = (raw: string): string => (raw.trim() === "" ? "" : url(raw));

const MAP_HELP = "How the server sees the library, when it mounts it elsewhere (a container): `OURS=THEIRS`, several separated by `;`; empty = the same paths.";

export const MEDIA_SERVER_SETTINGS = {
  jellyfinUrl: {
    env: "JELLYFIN_URL",
    default: "",
    help: "Jellyfin's address (http://127.0.0.1:8096): the watcher asks it to look at each folder it fills; empty = not told.",
    parse: optionalUrl,
  },
  jellyfinToken: { env: "JELLYFIN_TOKEN", default: "", help: "An API key of Jellyfin (Dashboard > API Keys); needed with JELLYFIN_URL.", parse: token },
  jellyfinPathMap: { env: "JELLYFIN_PATH_MAP", default: "", help: MAP_HELP, parse: pathMap },
  embyUrl: { env: "EMBY_URL", default: "", help: "Emby's address (http://127.0.0.1:8096): told as Jellyfin is; empty = not told.", parse: optionalUrl },
  embyToken: { env: "EMBY_TOKEN", default: "", help: "An API key of Emby (Settings > Advanced > API Keys); needed with EMBY_URL.", parse: token },
  embyPathMap: { env: "EMBY_PATH_MAP", default: "", help: MAP_HELP, parse: pathMap },
  plexUrl: {
    env: "PLEX_URL",
    default: "",
    help: "Plex Media Server's address (http://127.0.0.1:32400): the watcher asks it to scan each folder it fills; empty = not told.",
    parse: optionalUrl,
  },
  plexToken: { env: "PLEX_TOKEN", default: "", help: "A Plex token (X-Plex-Token); needed with PLEX_URL.", parse: token },
  plexSections: {
    env: "PLEX_SECTIONS",
    default: "",
    help: "The library section ids to scan, comma-separated; empty = the section whose folder holds the one filled.",
    parse: sectionIds,
  },
  plexPathMap: { env: "PLEX_PATH_MAP", default: "", help: MAP_HELP, parse: pathMap },
  webhookUrl: {
    env: "WEBHOOK_URL",
    default: "",
    help: "Where the watcher POSTs one signed JSON per file placed, pending, found later or failed; empty = none.",
    parse: optionalUrl,
  },
  webhookSecret: {
    env: "WEBHOOK_SECRET",
    default: "",
    help: "The secret the webhook's body is signed with (HMAC-SHA256, X-Hub-Signature-256); 16 characters or more, needed with WEBHOOK_URL.",
    parse: secret(16),
  },
};

/** Settings that go in pairs: an address without its token (or the other way round) is a mistake, said at load. */
const PAIRS: [keyof typeof MEDIA_SERVER_SETTINGS, keyof typeof MEDIA_SERVER_SETTINGS][] = [
  ["jellyfinUrl", "jellyfinToken"],
  ["embyUrl", "embyToken"],
  ["plexUrl", "plexToken"],
  ["webhookUrl", "webhookSecret"],
];

/** What is wrong with the parsed values taken together: one line per half pair. */
export function unpairedSettings(values: Readonly<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  for (const [address, key] of PAIRS) {
    const [a, k] = [MEDIA_SERVER_SETTINGS[address].env, MEDIA_SERVER_SETTINGS[key].env];
    if (values[address] && !values[key]) problems.push(`${a} is set without ${k}: set both, or neither`);
    if (!values[address] && values[key]) problems.push(`${k} is set without ${a}: set both, or neither`);
  }
  return problems;
}
