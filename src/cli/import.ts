import { existsSync, statSync } from "node:fs";
import { importFile } from "../import/file/import-file.js";
import { CliError, err, expectGrowth, openCli, out, UsageError } from "./context.js";
import { COMMIT_STEP_TEXT, Progress } from "./progress.js";

export const PROVIDER_NAME = /^[a-z0-9][a-z0-9_-]{0,39}$/;

/** import FILE [--provider NAME]: NDJSON or a JSON array of detailed records. */
export async function importCommand(file: string, options: { provider: string }): Promise<void> {
  const provider = options.provider.trim().toLowerCase();
  if (!PROVIDER_NAME.test(provider)) throw new UsageError("--provider must be letters, digits, - or _ (at most 40)");
  if (!existsSync(file)) throw new CliError(`no such file: ${file}`);
  if (!statSync(file).isFile()) throw new CliError(`${file} is not a file`);
  const { db } = openCli({ bulk: true, writes: "import" });
  // A title takes about 1.6 times its NDJSON in the catalog (document, columns, search index).
  expectGrowth(statSync(file).size * 1.6, `an import of ${file}`);
  const progress = new Progress("import");
  try {
    const s = await importFile(db, file, {
      provider,
      onProblem: (p) => err(`${file}:${p.line}: skipped: ${p.message}`),
      onProgress: (s) => progress.update(s.added + s.updated + s.unchanged, null),
      onCommitStep: (step) => progress.step(COMMIT_STEP_TEXT[step]),
    });
    progress.done();
    const secs = progress.elapsedSeconds();
    out(
      `imported ${file} as provider "${provider}": read ${s.read}, added ${s.added}, updated ${s.updated}, ` +
        `unchanged ${s.unchanged}, skipped ${s.skipped} in ${secs.toFixed(1)} s (${Math.round(s.read / Math.max(secs, 0.001))} records/s)`,
    );
  } finally {
    db.close();
  }
}
