import { existsSync, statSync } from "node:fs";
import { writeSampleDump } from "../../tools/sample-dump/dump.js";
import { DumpFormatError, DumpTruncatedError, importDump, type ImportDumpProgress, type ImportDumpSummary } from "../import/dump/import-dump.js";
import { CliError, expectGrowth, openCli, out, UsageError } from "./context.js";
import { COMMIT_STEP_TEXT } from "./progress.js";

const int = (n: number) => Math.round(n).toLocaleString("en-US");

function bytes(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} GB`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  return `${int(n / 1e3)} kB`;
}

function duration(s: number): string {
  if (!Number.isFinite(s) || s < 0) return "?";
  if (s < 60) return `${Math.ceil(s)}s`;
  return `${Math.floor(s / 60)}m${String(Math.ceil(s % 60)).padStart(2, "0")}s`;
}

/** What the phases without a count print. */
const PHASE_TEXT = {
  index: "indexing the staged tables ...",
  ...COMMIT_STEP_TEXT,
} as const;

/**
 * One status line per progress report: redrawn in place on a TTY, a plain line at
 * most every 5 s otherwise. Rates and ETAs are per phase (reading the file, then
 * writing the catalog).
 */
class DumpProgressView {
  private phaseStart = { phase: "", seconds: 0 };
  private lastPlain = -Infinity;
  private drawn = false;

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {}

  show(p: ImportDumpProgress): void {
    const newPhase = p.phase !== this.phaseStart.phase;
    if (newPhase) this.phaseStart = { phase: p.phase, seconds: p.seconds };
    const t = Math.max(p.seconds - this.phaseStart.seconds, 0.001);
    let line: string;
    if (p.phase === "read") {
      const share = p.totalBytes > 0 ? p.bytesRead / p.totalBytes : 0;
      const eta = share > 0 ? (t / share) * (1 - share) : NaN;
      line =
        `reading  ${(100 * share).toFixed(0).padStart(3)}%  ${bytes(p.bytesRead)} of ${bytes(p.totalBytes)}  ` +
        `${int(p.videosRead)} videos  ${int(p.videosRead / t)} videos/s  ETA ${duration(eta)}`;
    } else if (p.phase === "write") {
      const total = p.videosTotal ?? 0;
      const rate = p.videosWritten / t;
      line =
        `writing  ${(total ? (100 * p.videosWritten) / total : 0).toFixed(0).padStart(3)}%  ${int(p.videosWritten)} of ${int(total)} videos  ` +
        `${int(rate)} videos/s  ETA ${duration(rate > 0 ? (total - p.videosWritten) / rate : NaN)}`;
    } else {
      line = PHASE_TEXT[p.phase];
    }
    line = `import-dump ${line}  (${duration(p.seconds)} so far)`;
    if (this.stream.isTTY) {
      this.stream.write(`\r${line}\u001b[K`);
      this.drawn = true;
    } else if (newPhase || p.seconds - this.lastPlain >= 5) {
      this.lastPlain = p.seconds;
      this.stream.write(line + "\n");
    }
  }

  note(text: string): void {
    this.done();
    this.stream.write(`note: ${text}\n`);
  }

  done(): void {
    if (this.drawn) this.stream.write("\r\u001b[K");
    this.drawn = false;
  }
}

export function formatSummary(file: string, s: ImportDumpSummary): string[] {
  const lines = [
    `imported ${file} as provider "r18dev": ${int(s.videos)} videos (${int(s.added)} added, ${int(s.updated)} updated, ` +
      `${int(s.unchanged)} unchanged), ${int(s.actresses)} actresses, in ${s.seconds.toFixed(1)} s ` +
      `(${int(s.videos / Math.max(s.seconds, 0.001))} videos/s)`,
  ];
  const groups = Object.entries(s.skipped).sort((a, b) => b[1].count - a[1].count);
  const skipped = groups.reduce((n, [, g]) => n + g.count, 0);
  lines.push(skipped === 0 ? "skipped rows: none" : `skipped rows: ${int(skipped)}`);
  for (const [reason, g] of groups) {
    const eg = g.examples.map((e) => `line ${e.line}`).join(", ");
    lines.push(`  ${int(g.count).padStart(9)}  ${reason}  (e.g. ${eg}: ${g.examples[0]?.detail ?? ""})`);
  }
  return lines;
}

/** import-dump FILE: the r18.dev database dump (.sql or .sql.gz) into the catalog. */
export async function importDumpCommand(file: string): Promise<void> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new CliError(`no such file: ${file}`);
  const { db } = openCli({ bulk: true, writes: "import-dump" });
  // The staging file and the titles, beside the catalog: about 1.5 times the SQL text
  // (a .gz dump holds about 4 times its size of it).
  expectGrowth(statSync(file).size * (file.endsWith(".gz") ? 6 : 1.5), `an import of ${file}`);
  const view = new DumpProgressView();
  // Ctrl-C ends the import cleanly: the transaction rolls back and the staging file goes.
  const abort = new AbortController();
  const stop = () => abort.abort(new CliError("import-dump interrupted: nothing was imported; the catalog is unchanged"));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    const summary = await importDump(db, file, {
      signal: abort.signal,
      onProgress: (p) => view.show(p),
      onNote: (n) => view.note(n),
    });
    view.done();
    for (const line of formatSummary(file, summary)) out(line);
  } catch (e) {
    view.done();
    if (e instanceof DumpTruncatedError || e instanceof DumpFormatError) throw new CliError(e.message);
    throw e;
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    db.close();
  }
}

export interface SampleDumpOptions {
  videos: string;
  out: string;
  seed: string;
  shuffleTables?: boolean;
  shuffleColumns?: boolean;
}

/** sample-dump --videos N --out FILE [--seed S]: a synthetic r18.dev dump (gzipped when FILE ends in .gz). */
export async function sampleDumpCommand(values: SampleDumpOptions): Promise<void> {
  const videos = Number(values.videos);
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(videos) || videos < 0) throw new UsageError("--videos must be a whole number >= 0");
  if (!Number.isSafeInteger(seed) || seed < 0) throw new UsageError("--seed must be a whole number >= 0");
  const started = Date.now();
  const r = await writeSampleDump({
    videos,
    out: values.out,
    seed,
    shuffleTables: values.shuffleTables,
    shuffleColumns: values.shuffleColumns,
  });
  const secs = (Date.now() - started) / 1000;
  out(
    `wrote ${values.out}: ${int(r.videos)} videos, ${int(r.actresses)} actresses, ${bytes(r.bytes)} ` +
      `(${bytes(r.textBytes)} of SQL text) in ${secs.toFixed(1)} s`,
  );
}
