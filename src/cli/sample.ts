import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { generateSampleRecords } from "../samples/titles/generate.js";
import { loadSampleRecords } from "../services/access/first-start.js";
import { openCli, out, UsageError } from "./context.js";
import { COMMIT_STEP_TEXT, Progress } from "./progress.js";

/** sample --count N [--seed S] [--out FILE]: generated records into the catalog, or as NDJSON to a file. */
export async function sampleCommand(values: { count: string; seed: string; out?: string }): Promise<void> {
  const count = Number(values.count);
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(count) || count < 1) throw new UsageError("--count must be a positive integer");
  if (!Number.isSafeInteger(seed) || seed < 0) throw new UsageError("--seed must be a non-negative integer");
  const progress = new Progress("sample");
  if (values.out) {
    const file = createWriteStream(values.out);
    let n = 0;
    for (const r of generateSampleRecords({ count, seed })) {
      if (!file.write(JSON.stringify(r.record) + "\n")) await once(file, "drain");
      if (++n % 10_000 === 0) progress.update(n, count);
    }
    file.end();
    await once(file, "finish");
    progress.done();
    return out(`wrote ${count} sample records to ${values.out}`);
  }
  const { db } = openCli({ bulk: true, writes: "sample" });
  try {
    const added = loadSampleRecords(db, count, {
      seed,
      onBatch: (done) => progress.update(done, count),
      onCommitStep: (step) => progress.step(COMMIT_STEP_TEXT[step]),
    });
    progress.done();
    out(`added ${added} sample records (provider "sample"; ${count - added} were already there) in ${progress.elapsedSeconds().toFixed(1)} s`);
  } finally {
    db.close();
  }
}
