/**
 * The oldest Node this runs on, and the one line that refuses an older one. Checked by
 * the process entry before anything native loads: on Node 20, better-sqlite3 13's binary
 * ends the process with a bare "Segmentation fault" when it opens a database.
 * package.json's `engines` says the same (a test holds them equal), and `.npmrc`'s
 * `engine-strict` makes `npm install` refuse before it installs anything.
 */
export const NEEDED_NODE = "22.17.0";

/** How to get a Node that runs it, as the README says. */
export const GET_NODE = 'export PATH="$(bash scripts/node-from-npm.sh 24):$PATH"';

function parts(version: string): number[] {
  return version
    .replace(/^v/, "")
    .split(".")
    .map((n) => Number.parseInt(n, 10) || 0);
}

/** Whether `found` (process.versions.node, "22.17.0") is `NEEDED_NODE` or newer. */
export function nodeIsSupported(found: string): boolean {
  const [a, b] = [parts(found), parts(NEEDED_NODE)];
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

/** The one line an unsupported Node gets, or null for a supported one. */
export function nodeRefusal(found: string): string | null {
  if (nodeIsSupported(found)) return null;
  return `video-catalog needs Node.js ${NEEDED_NODE} or newer, and this is Node.js ${found}. Node 24 for this shell, from npm: ${GET_NODE}`;
}
