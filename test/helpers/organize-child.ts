/**
 * A process that applies a plan as `organize --plan FILE --apply` does (or undoes the last
 * run) and kills itself with SIGKILL at its k-th point (after a journal mark or half a
 * move): the real code, stopped where a power cut or an OOM kill would stop it. With
 * k = 0 it runs to the end and prints how many points it passed. The plan is made by the
 * test (a file): this process loads only the journal and the file operations.
 *
 *   node organize-child.mjs DB K apply PLAN.json | undo
 */
import { readFileSync } from "node:fs";
import { openCatalog } from "../../src/catalog/index.js";
import { applyPlan, finishOpenRuns, thisProcess, undoRun } from "../../src/library/organize/organize.js";
import type { OrganizePlan } from "../../src/library/organize/plan-types.js";

const [dbPath, k, what, planFile] = process.argv.slice(2);
const killAt = Number(k);
let points = 0;
const onPoint = () => {
  if (++points === killAt) process.kill(process.pid, "SIGKILL");
};

const db = openCatalog(dbPath);
const me = thisProcess("organize");
await finishOpenRuns({ db }, me);
if (what === "undo") await undoRun({ db }, "last", me, { onPoint });
else await applyPlan({ db }, JSON.parse(readFileSync(planFile, "utf8")) as OrganizePlan, me, { onPoint });
db.close();
process.stdout.write(`${points}\n`);
