/**
 * A process that organizes as `organize SRC --into LIB --apply --offline` does (or undoes
 * the last run) and kills itself with SIGKILL at its k-th point (after a journal mark or
 * half a move): the real code, stopped where a power cut or an OOM kill would stop it.
 * With k = 0 it runs to the end and prints how many points it passed.
 *
 *   node organize-child.mjs DB SRC LIB K apply|undo
 */
import { openCatalog } from "../../src/catalog/index.js";
import { loadConfig } from "../../src/config/load.js";
import { applyPlan, finishOpenRuns, thisProcess, undoRun } from "../../src/library/organize/organize.js";
import { planOrganize } from "../../src/library/organize/plan.js";
import { DEFAULT_TEMPLATE, parseTemplate } from "../../src/library/organize/template.js";

const [dbPath, source, into, k, what] = process.argv.slice(2);
const killAt = Number(k);
let points = 0;
const onPoint = () => {
  if (++points === killAt) process.kill(process.pid, "SIGKILL");
};

const db = openCatalog(dbPath);
const config = loadConfig({ DATABASE_PATH: dbPath, LIVE_LOOKUPS: "off" });
const me = thisProcess("organize");
await finishOpenRuns({ db }, me);
if (what === "undo") await undoRun({ db }, "last", me, { onPoint });
else {
  const { plan } = await planOrganize(
    { db, config, live: null, pool: null, ingest: null },
    {
      source,
      into,
      template: DEFAULT_TEMPLATE,
      parsed: parseTemplate(DEFAULT_TEMPLATE),
      target: "posix",
      mode: "move",
      onConflict: "skip",
      unmatched: null,
      live: false,
      language: "ja",
      concurrency: 4,
    },
  );
  await applyPlan({ db }, plan, me, { onPoint });
}
db.close();
process.stdout.write(`${points}\n`);
