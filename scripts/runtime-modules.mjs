/**
 * Copies into DEST/node_modules the installed packages that the built dist/ still needs
 * at run time, for the container image: everything else is inside the bundles.
 *
 * - the packages left out of the bundle (build.mjs's EXTERNAL: the native addons and
 *   node-cron), with everything they depend on;
 * - the packages whose own files the bundle reads through __dirname (the build's stamp
 *   lists them: the docs UI's static/ folder, pino's worker files), with theirs;
 * - Litestream's binary for this platform, which BACKUP_TO runs.
 *
 * Within them, what only builds or serves other machines is left out (PRUNE).
 *
 *   node scripts/runtime-modules.mjs DEST      after `node scripts/build.mjs --production`
 */
import { cpSync, existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { DIST, EXTERNAL, ROOT } from "./build.mjs";

const platform = `${process.platform}-${process.arch}`;

/** Per package: the paths below it that the running service never opens. */
const PRUNE = {
  // The SQLite sources and the C++ addon's, and the prebuilt addons of other platforms.
  "better-sqlite3": (path) => /^(deps|src)(\/|$)/.test(path) || (path.startsWith("prebuilds/") && basename(path) !== `${platform}.node`),
};

/** The folder of an installed package, as Node resolves it from FROM (a package folder or the root). */
function locate(name, from) {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dir === ROOT || dirname(dir) === dir) return null;
  }
}

/** The packages' folders and every package they depend on (optional ones where installed). */
function closure(folders) {
  const seen = new Set();
  const queue = [...folders];
  while (queue.length > 0) {
    const folder = queue.pop();
    if (seen.has(folder)) continue;
    seen.add(folder);
    const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
    const names = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies });
    for (const name of names) {
      const found = locate(name, folder);
      if (found) queue.push(found);
      else if (!manifest.optionalDependencies?.[name]) throw new Error(`${name}, needed by ${relative(ROOT, folder)}, is not installed`);
    }
  }
  return [...seen].sort();
}

function main() {
  const dest = process.argv[2];
  if (!dest) throw new Error("usage: node scripts/runtime-modules.mjs DEST");
  const stamp = JSON.parse(readFileSync(join(DIST, "build-stamp.json"), "utf8"));
  const roots = [...EXTERNAL.map((name) => locate(name, ROOT)), ...stamp.packages.map((p) => join(ROOT, p))];
  const litestream = locate(`@flydotio/litestream-${platform}`, ROOT);
  if (litestream) roots.push(litestream);
  let count = 0;
  for (const folder of closure(roots)) {
    const rel = relative(ROOT, folder);
    const prune = PRUNE[rel.split(sep).slice(1).join("/")];
    cpSync(folder, join(dest, rel), {
      recursive: true,
      // Nested node_modules are packages of their own, copied when the closure reaches them.
      filter: (src) => {
        const inside = relative(folder, src).split(sep).join("/");
        return !inside.startsWith("node_modules") && !(prune && inside && prune(inside));
      },
    });
    count += 1;
  }
  process.stderr.write(`copied ${count} packages into ${join(dest, "node_modules")}\n`);
}

main();
