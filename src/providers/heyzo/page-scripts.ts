/**
 * What a HEYZO title page says only in its scripts: the running time (`heyzo.duration`'s
 * `o = {"full":"01:02:50",...}`, as metatube-sdk-go reads it), the sample video (the embed
 * button's `movie_src`, else `emvideo`), the page's own movie id (`movieId = "0783"`), and the
 * gallery under `div.sample-images`, whose script writes every picture for members and the
 * first few, linked, for everyone else (member paths start with /member/ and are left out, as
 * MetaTube and JavSP leave them).
 */
import { runtimeMinutes } from "../coerce.js";
import { balancedObject } from "./structured-data.js";

/** Minutes of the `"full"` running time, null when the page has none or a placeholder (--:--:--). */
export function fullRuntime(scripts: string): number | null {
  const full = /\bo\s*=\s*\{[^}]*"full"\s*:\s*"([^"]*)"/.exec(scripts)?.[1];
  const mins = full === undefined ? null : runtimeMinutes(full);
  return mins !== null && mins > 0 ? mins : null;
}

/** ISO 8601 durations (PT1H2M50S) as runtimeMinutes does not read them; PT0H0M0S (early titles) is none. */
export function isoRuntime(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const m = /^P(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)$/i.exec(value.trim());
  if (m === null) {
    const mins = runtimeMinutes(value);
    return mins !== null && mins > 0 ? mins : null;
  }
  const seconds = Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
  return seconds > 0 ? Math.round(seconds / 60) : null;
}

/** The sample video's address as the page writes it, or null. */
export function sampleVideo(scripts: string): string | null {
  return /movie_src\s*:\s*"([^"]+\.mp4)"/.exec(scripts)?.[1] ?? /\bemvideo\s*=\s*"([^"]+\.mp4)"/.exec(scripts)?.[1] ?? null;
}

/** The id the page says it is (`var movieId = "0783";`), or null. */
export function pageMovieId(scripts: string): string | null {
  return /\bmovieId\s*=\s*["'](\d+)["']/.exec(scripts)?.[1] ?? null;
}

export interface GalleryPaths {
  full: string[];
  thumb: string[];
}

/**
 * The branch of the gallery script written for visitors: the `else` of its `isLogin(...)` test
 * (members get the other one, with /member/ paths). A script without the test is all one branch;
 * one without an `else` shows visitors nothing.
 */
function visitorBranch(script: string): string {
  const test = /isLogin\s*\([^)]*\)\s*\)\s*\{/.exec(script);
  if (test === null) return script;
  const members = balancedObject(script, test.index + test[0].length - 1);
  if (members === null) return script;
  const after = test.index + test[0].length - 1 + members.length;
  const otherwise = /^\s*else\s*\{/.exec(script.slice(after));
  if (otherwise === null) return "";
  return balancedObject(script, after + otherwise[0].length - 1) ?? script.slice(after);
}

/**
 * The public pictures of the gallery script, with `dir_gallery` put in where the page writes
 * it as a variable (the English pages) and not literally (the Japanese ones). Each linked
 * picture's thumbnail goes with it.
 */
export function galleryPaths(galleryScript: string, scripts: string): GalleryPaths {
  let branch = visitorBranch(galleryScript);
  const dir = [...scripts.matchAll(/\bdir_gallery\s*=\s*"([^"]+)"/g)].map((m) => m[1]).find((d) => d !== "" && !d.includes("/member/"));
  if (dir !== undefined) branch = branch.replace(/'\s*\+\s*dir_gallery\s*\+\s*'/g, dir);
  const full: string[] = [];
  const thumb: string[] = [];
  for (const m of branch.matchAll(/href="([^"]*\/gallery\/(\d+)\.jpg)"/g)) {
    if (m[1].includes("/member/") || full.includes(m[1])) continue;
    full.push(m[1]);
    const small = new RegExp(`src="([^"]*/gallery/thumbnail_${m[2]}\\.jpg)"`).exec(branch)?.[1];
    if (small !== undefined && !small.includes("/member/")) thumb.push(small);
  }
  return { full, thumb };
}
