/** The NDJSON file the benchmark imports, and the figures it reads from `import`. */
import { createReadStream, createWriteStream, existsSync, renameSync } from "node:fs";
import { once } from "node:events";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { CACHE_DIR } from "./catalog-file.js";
import { childEnv, runCli } from "./processes.js";
import type { ImportFigures } from "./report.js";

/** Another seed than the catalog's (1): the same codes, other titles, under provider `benchimport`. */
export const IMPORT_SEED = 2;

/** `sample --count K --seed 2 --out FILE`, written once into bench/.cache and reused. */
export async function ensureImportFile(count: number, log: (s: string) => void): Promise<string> {
  const file = resolve(CACHE_DIR, `import-${count}-seed${IMPORT_SEED}.ndjson`);
  if (existsSync(file)) return file;
  log(`writing ${count} generated records (seed ${IMPORT_SEED}) to ${file}`);
  const partial = `${file}.partial`;
  await runCli(["sample", "--count", String(count), "--seed", String(IMPORT_SEED), "--out", partial], childEnv(":memory:"), 30 * 60_000).done;
  renameSync(partial, file);
  return file;
}

/** The first `lines` lines of `from`, written to `to`. */
export async function truncatedCopy(from: string, to: string, lines: number): Promise<string> {
  const out = createWriteStream(to);
  const input = createReadStream(from);
  const rl = createInterface({ input, crlfDelay: Infinity });
  let n = 0;
  for await (const line of rl) {
    if (!out.write(line + "\n")) await once(out, "drain");
    if (++n >= lines) break;
  }
  rl.close();
  input.destroy();
  out.end();
  await once(out, "finish");
  return to;
}

/** Reads `imported FILE ...: read R, ... in S s (N records/s)` from the import command's output. */
export function importFigures(file: string, stdout: string): ImportFigures | { error: string } {
  const m = /read (\d+),.* in ([\d.]+) s \((\d+) records\/s\)/.exec(stdout);
  if (!m) return { error: `no summary line in the import's output: ${stdout.trim().slice(-300)}` };
  return { file, records: Number(m[1]), seconds: Number(m[2]), recordsPerSecond: Number(m[3]) };
}
