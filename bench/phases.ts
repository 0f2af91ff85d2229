/**
 * The phases of the benchmark that run more than one thing at once, or a command
 * beside the server: the import on its own, heavy searches beside lookups, and every
 * endpoint while an import writes.
 */
import { copyFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { importFigures, truncatedCopy } from "./import-file.js";
import { type LoadOptions, type LoadResult, runLoad, startLoad } from "./load.js";
import { childEnv, runCli, type ServerProcess } from "./processes.js";
import type { ImportFigures } from "./report.js";
import type { Workload } from "./workloads.js";

const log = (s: string) => process.stderr.write(`bench: ${s}\n`);

/** Import (NDJSON) records/s on a copy of the catalog, nothing else running. */
export async function measureIdleImport(catalogPath: string, dir: string, file: string): Promise<ImportFigures | { error: string }> {
  const copy = join(dir, "import.db");
  copyFileSync(catalogPath, copy);
  log(`import on an idle copy of the catalog: ${file}`);
  try {
    const run = await runCli(["import", file, "--provider", "benchimport"], childEnv(copy), 30 * 60_000).done;
    return importFigures(file, run.stdout);
  } catch (e) {
    return { error: (e as Error).message };
  } finally {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(copy + suffix, { force: true });
  }
}

/**
 * Heavy search traffic on all connections, and /movie lookups beside it on a
 * quarter of them (a media server scanning while users search).
 */
export async function runContention(base: Omit<LoadOptions, "workload">, heavy: Workload, movie: Workload) {
  const queryConnections = base.connections;
  const movieConnections = Math.max(1, Math.floor(base.connections / 4));
  log(`/movie (${movieConnections} connections) while /query heavy mix (${queryConnections} connections), ${base.warmup} + ${base.duration} s`);
  const q = startLoad({ ...base, workload: heavy, connections: queryConnections });
  const m = startLoad({ ...base, workload: movie, connections: movieConnections });
  const [query, movieResult] = await Promise.all([q.result, m.result]);
  return { movieConnections, queryConnections, movie: movieResult, query };
}

/**
 * The mixed traffic again while `import` writes into the server's catalog. The file
 * is cut to what the importer writes in about 1.5 times the warm-up and window at
 * its idle speed, so that it writes throughout the window without running on long
 * after it (under load it is slower).
 */
export async function measureDuringImport(
  base: Omit<LoadOptions, "workload">,
  mixed: Workload,
  env: NodeJS.ProcessEnv,
  file: string,
  dir: string,
  idle: ImportFigures | { error: string },
  opt: { importRecords: number; duration: number; warmup: number },
  server: ServerProcess,
): Promise<{ load: LoadResult; run: (ImportFigures & { windowCovered: number }) | { error: string } }> {
  const rate = "error" in idle ? 5000 : idle.recordsPerSecond;
  const count = Math.min(opt.importRecords, Math.max(1000, Math.ceil(rate * (opt.warmup + opt.duration) * 1.5)));
  const cut = count < opt.importRecords ? await truncatedCopy(file, join(dir, `import-${count}.ndjson`), count) : file;
  log(`every endpoint at once while importing ${count} records (${base.warmup} + ${base.duration} s)`);
  const imp = runCli(["import", cut, "--provider", "benchimport"], env, 30 * 60_000);
  let importEnded = Number.POSITIVE_INFINITY;
  const importDone = imp.done.then(
    (r) => {
      importEnded = performance.now();
      return r;
    },
    (e: Error) => {
      importEnded = performance.now();
      return e;
    },
  );
  const load = await runLoad({ ...base, workload: mixed });
  if (server.child.exitCode !== null) throw new Error(`the server died during the import:\n${server.output().slice(-3000)}`);
  log("waiting for the import to finish");
  const done = await importDone;
  if (done instanceof Error) return { load, run: { error: done.message } };
  const covered = Math.min(1, Math.max(0, (importEnded - load.startedAt) / (load.endedAt - load.startedAt)));
  const figures = importFigures(cut, done.stdout);
  return { load, run: "error" in figures ? figures : { ...figures, windowCovered: covered } };
}
