/**
 * Compiles src/ into dist/ so that `npm start` and `npm run cli` run plain JavaScript:
 * loading the sources through a TypeScript loader made every start slow.
 *
 * ESM bundles of the process entry and the two worker threads, each where src/ expects
 * it beside the bundle, their shared code in chunks; each CLI command is a chunk of
 * its own, so that `keys list` does not load the HTTP stack. The packages are bundled
 * too: resolving and loading their ~1,000 files one by one was a large part of the
 * start-up left once the sources were compiled. A few stay in node_modules (EXTERNAL).
 * Bundled files of packages that find their own files through __dirname or __filename
 * (the docs UI serves its static/ folder) get them as where the file lies in node_modules.
 *
 * dist/build-stamp.json holds a hash of every input of the last build, so a run with
 * nothing changed (npm's prestart/precli, the tests, the benchmark) only reads and
 * hashes the inputs.
 *
 *   node scripts/build.mjs                      build unless dist/ is current
 *   node scripts/build.mjs --force              build anyway
 *   node scripts/build.mjs --force --production the service's entries only, not the
 *                                               benchmark's servers (the container image)
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";

export const ROOT = resolve(import.meta.dirname, "..");
export const DIST = join(ROOT, "dist");
/** The benchmark's entries, which a production build (the container image) leaves out. */
const BENCH_ENTRIES = ["bench-serve", "bench-bare"];
export const ENTRY_POINTS = {
  main: "src/main.ts",
  "search-worker": "src/services/search/search-worker.ts",
  "import-dump-worker": "src/import/dump/import-dump-worker.ts",
  "import-worker": "src/import/file/import-worker.ts",
  // The benchmark's server: serve plus the baseline routes, registered only by it.
  "bench-serve": "bench/serve.ts",
  // The bare Fastify server the benchmark measures the limit with (no code of ours).
  "bench-bare": "bench/bare-server.ts",
};
/**
 * better-sqlite3 and sharp are native addons (sharp loads its platform package); node-cron finds its daemon file through its own
 * import.meta.url, which in a bundle would be the bundle's.
 */
export const EXTERNAL = ["better-sqlite3", "node-cron", "sharp"];
const STAMP = join(DIST, "build-stamp.json");
/** The folders of the sources: the service's, and the demo tools two of its commands run (the simulator, the sample dump). */
const SOURCE_DIRS = ["src", "tools"];
/**
 * Inputs besides the sources. The installed packages are stood for by npm's record of
 * node_modules (rewritten by every install), not hashed file by file.
 */
const SETTINGS = ["scripts/build.mjs", "package.json", "package-lock.json", "node_modules/.package-lock.json", "tsconfig.json"];

/**
 * The packages whose own files the bundle reads at run time through __dirname (the docs
 * UI's static/ folder): they must stay in node_modules beside dist/ (scripts/runtime-modules.mjs).
 */
const readPackages = new Set();

/** The folder of the package a file of node_modules belongs to, relative to the root (scoped names kept whole). */
function packageFolder(file) {
  const parts = relative(ROOT, file).split(sep);
  const at = parts.lastIndexOf("node_modules");
  const name = parts[at + 1].startsWith("@") ? parts.slice(at + 1, at + 3) : [parts[at + 1]];
  return [...parts.slice(0, at + 1), ...name].join("/");
}

/** Defines __dirname and __filename in each bundled package file that uses them, from the bundle's own URL. */
const packagePaths = {
  name: "package-paths",
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.c?js$/ }, (args) => {
      const contents = readFileSync(args.path, "utf8");
      if (!/\b__(dirname|filename)\b/.test(contents)) return undefined;
      readPackages.add(packageFolder(args.path));
      const url = JSON.stringify(relative(DIST, args.path).split(sep).join("/"));
      // On the first line, so that line numbers (and the source map) stay as they are;
      // no import.meta here, which would make esbuild take a CommonJS file for an ES module.
      const define = `var __filename = __bundlePath(${url}), __dirname = __bundleDirname(__filename);`;
      return { contents: define + contents, loader: "js", resolveDir: dirname(args.path) };
    });
  },
};

/** What bundled CommonJS needs from the module scope of an ES module. */
const BANNER = [
  `import { createRequire as __bundleCreateRequire } from "node:module";`,
  `import { dirname as __bundleDirname } from "node:path";`,
  `import { fileURLToPath as __bundleFileURLToPath } from "node:url";`,
  `const require = __bundleCreateRequire(import.meta.url);`,
  `const __bundlePath = (url) => __bundleFileURLToPath(new URL(url, import.meta.url));`,
].join(" ");

/** A file's content hash, null for a missing file (or a directory). */
function hashOf(file) {
  const path = join(ROOT, file);
  if (!existsSync(path) || !statSync(path).isFile()) return null;
  return createHash("sha256").update(readFileSync(path)).digest("hex").slice(0, 16);
}

/** The inputs of the last build (sources and settings) with their hashes, and its outputs; null before the first. */
function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, "utf8"));
  } catch {
    return null;
  }
}

export function isCurrent({ production = false } = {}) {
  const stamp = readStamp();
  if (stamp === null || (stamp.production ?? false) !== production || !stamp.outputs.every((f) => existsSync(join(ROOT, f)))) return false;
  return Object.entries(stamp.inputs).every(([file, hash]) => hashOf(file) === hash);
}

/** Writes through a temporary file and a rename, so a process starting meanwhile never reads half a file. */
function writeAtomically(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, contents);
  renameSync(tmp, path);
}

export async function build({ production = false } = {}) {
  // Hashed before esbuild reads them: a file edited during the build then leaves the stamp stale, not the build.
  const sourceFiles = SOURCE_DIRS.flatMap((dir) => readdirSync(join(ROOT, dir), { recursive: true }).map((f) => join(dir, f).split(sep).join("/")));
  const before = new Map([...sourceFiles, ...SETTINGS].map((f) => [f, hashOf(f)]));
  const esbuild = await import("esbuild");
  readPackages.clear(); // filled by this build's packagePaths plugin, for this build's stamp alone
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: production ? Object.fromEntries(Object.entries(ENTRY_POINTS).filter(([name]) => !BENCH_ENTRIES.includes(name))) : ENTRY_POINTS,
    outdir: DIST,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: EXTERNAL,
    plugins: [packagePaths],
    banner: { js: BANNER },
    splitting: true,
    metafile: true,
    write: false,
    logLevel: "warning",
  });
  const previous = readStamp()?.outputs ?? [];
  // Chunks (named by their content) before the entries that import them.
  const entries = new Set(Object.keys(ENTRY_POINTS).map((name) => join(DIST, `${name}.js`)));
  const files = [...result.outputFiles].sort((a, b) => Number(entries.has(a.path)) - Number(entries.has(b.path)));
  for (const file of files) writeAtomically(file.path, file.contents);
  const outputs = files.map((file) => relative(ROOT, file.path).split(sep).join("/"));
  const sources = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith("node_modules/"));
  const inputs = Object.fromEntries([...sources, ...SETTINGS].sort().map((f) => [f, before.get(f) ?? hashOf(f)]));
  const packages = [...readPackages].sort();
  writeAtomically(STAMP, JSON.stringify({ esbuild: esbuild.version, production, inputs, outputs, packages }, null, 1) + "\n");
  for (const old of previous) if (!outputs.includes(old)) rmSync(join(ROOT, old), { force: true });
}

/** Builds dist/ unless it is current; returns whether it built. */
export async function ensureBuilt({ force = false, production = false } = {}) {
  if (!force && isCurrent({ production })) return false;
  await build({ production });
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const t0 = performance.now();
  const built = await ensureBuilt({ force: process.argv.includes("--force"), production: process.argv.includes("--production") });
  // stderr: the CLI's stdout stays the command's own output.
  if (built) process.stderr.write(`built dist/ in ${Math.round(performance.now() - t0)} ms\n`);
}
