/**
 * Litestream's binary, from npm: @flydotio/litestream 1.0.1 names one optional package
 * per platform (@flydotio/litestream-<platform>-<arch>), each holding a `litestream`
 * executable of v0.3.13, with no install script. Only linux-x64 is on the registry, so
 * the project depends on that one directly (an optional dependency: npm skips it on
 * other machines); depending on @flydotio/litestream itself leaves a lock file that
 * `npm ci` refuses, its three other packages being missing. Elsewhere the binary is
 * missing and BACKUP_TO says so.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { stableCode, VideoCatalogError } from "../../lib/video-catalog-error.js";

/** The version the package ships (`litestream version`), the one these files were written and tested against. */
export const LITESTREAM_VERSION = "v0.3.13";

export class LitestreamMissingError extends VideoCatalogError {
  static {
    stableCode(LitestreamMissingError, "VC_ERR_LITESTREAM_MISSING");
  }
}

/** The path of the binary; throws LitestreamMissingError on a platform without one. */
export function litestreamBinary(platform: string = process.platform, arch: string = process.arch): string {
  const pkg = `@flydotio/litestream-${platform}-${arch}`;
  try {
    // Resolved at run time from the bundle's own place, so esbuild never tries to bundle a binary.
    return createRequire(import.meta.url).resolve(`${pkg}/litestream`);
  } catch {
    throw new LitestreamMissingError(
      `BACKUP_TO needs Litestream's binary, which npm brings in ${pkg}; it is not installed here ` +
        `(npm has Litestream's binary for linux-x64 only): run the server on linux-x64, or leave BACKUP_TO empty`,
    );
  }
}

let parentDeath: string[] | null = null;

/**
 * What to run the binary through so that it is sent SIGTERM when this process dies,
 * even by SIGKILL: util-linux's setpriv --pdeathsig (Linux). Litestream then makes its
 * last sync and exits instead of replicating on, orphaned. Elsewhere: nothing.
 */
export function parentDeathPrefix(): string[] {
  if (parentDeath !== null) return parentDeath;
  parentDeath = [];
  if (process.platform === "linux") {
    const help = spawnSync("setpriv", ["--help"], { encoding: "utf8", timeout: 5_000 });
    if (help.status === 0 && help.stdout.includes("--pdeathsig")) parentDeath = ["setpriv", "--pdeathsig", "TERM", "--"];
  }
  return parentDeath;
}
