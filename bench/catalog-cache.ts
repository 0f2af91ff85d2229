/**
 * The cached bench catalog is only reused when the code that wrote it is the code
 * of this checkout: a catalog built by other migrations or another writer (other
 * FTS text, other tables) would be measured, or even fail, as if it were current.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { benchCatalog, CACHE_DIR } from "./catalog-file.js";

const ROOT = resolve(import.meta.dirname, "..");
/** What decides the catalog's contents: its schema, its writer and the sample generator. */
const SOURCES = ["migrations", "src/catalog", "src/model", "src/samples/titles"];

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

export function catalogFingerprint(): string {
  const hash = createHash("sha256");
  for (const file of SOURCES.flatMap((d) => files(resolve(ROOT, d))).sort()) {
    hash.update(relative(ROOT, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/** benchCatalog, after dropping a cached catalog that other code built (or that was never finished). */
export function currentBenchCatalog(records: number, log: (s: string) => void): ReturnType<typeof benchCatalog> {
  const path = resolve(CACHE_DIR, `catalog-${records}.db`);
  const stamp = `${path}.fingerprint`;
  const fingerprint = catalogFingerprint();
  if (existsSync(path) && (!existsSync(stamp) || readFileSync(stamp, "utf8").trim() !== fingerprint)) {
    log(`the catalog code changed since ${path} was built: building it again`);
    for (const f of [path, `${path}-wal`, `${path}-shm`, stamp]) rmSync(f, { force: true });
  }
  const catalog = benchCatalog(records, (s) => {
    log(s);
    return true;
  });
  writeFileSync(stamp, fingerprint + "\n");
  return catalog;
}
