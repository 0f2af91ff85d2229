/**
 * The settings of people's pictures: the Gfriends tree the user points at (a local folder or
 * a URL) and how its file list is kept. A list of its own, spread into the one list of settings
 * (schema.ts), as the watcher's and the media servers' are.
 */
import { ConfigError, integer, nonEmpty, url } from "./parsers.js";

/** Empty (no tree), an http(s) URL (the tree's base), or a folder of this machine. */
export const pictureTree = (raw: string): string => {
  const v = raw.trim();
  if (v === "") return "";
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(v)?.[1]?.toLowerCase();
  if (scheme === undefined) return v;
  if (scheme !== "http" && scheme !== "https") throw new ConfigError(`must be a folder or an http(s) URL, got "${raw}"`);
  return url(v);
};

export const PEOPLE_SETTINGS = {
  peoplePictures: {
    env: "PEOPLE_PICTURES",
    default: "",
    help: "A Gfriends tree of actress pictures, asked for a person the sources give no picture of: a folder holding its Filetree.json and its pictures (a clone of the Gfriends repository), or the URL of its base (where Filetree.json and Content/ are, a mirror of the repository's raw files). Empty: none.",
    parse: pictureTree,
  },
  peoplePicturesCache: {
    env: "PEOPLE_PICTURES_CACHE",
    default: "data/people-pictures.json",
    help: "Where the Filetree.json of a PEOPLE_PICTURES URL is kept between starts.",
    parse: nonEmpty,
  },
  peoplePicturesRefreshHours: {
    env: "PEOPLE_PICTURES_REFRESH_HOURS",
    default: "24",
    help: "How old the tree's Filetree.json may grow before it is read again (fetched again for a URL), in hours.",
    parse: integer(1, 8760),
  },
};
