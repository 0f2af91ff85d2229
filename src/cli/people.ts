/**
 * people: a person shown and found, a user's merges and splits, the journal of edits and
 * their undo, an alias table read in, the sources' people read again. Tab-separated lines,
 * or one JSON document with --json; a refusal is one line (exit 2).
 */
import { readFileSync, statSync } from "node:fs";
import { type Db, foldName, getPerson, listPersonEdits, ownKeys, type PersonEdit, PersonEditRefused, rebuildPeople, searchPeople } from "../catalog/index.js";
import { AliasTableError } from "../people/alias-tables.js";
import { importAliases, mergeNamed, personNamedBy, splitNamed, undoEdit } from "../services/people/edits.js";
import { nameIn, personById } from "../services/people/person.js";
import { CliError, err, openCli, out, UsageError } from "./context.js";

const iso = (ms: number | null) => (ms === null ? "-" : new Date(ms).toISOString());
const day = (d: string | null) => (d === null || d === "" ? "-" : d.slice(0, 10));

function limitOf(raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1 || n > 1000) throw new UsageError(`--limit must be 1 to 1000, got "${raw}"`);
  return n;
}

/** Runs `use` on the catalog, a refusal of the edit said as one line. */
async function withCatalog<T>(mode: { reads?: true; writes?: string }, use: (db: Db) => T | Promise<T>): Promise<T> {
  const { db } = openCli(mode);
  try {
    return await use(db);
  } catch (e) {
    if (e instanceof PersonEditRefused || e instanceof AliasTableError) throw new CliError(e.message);
    throw e;
  } finally {
    db.close();
  }
}

/** people show PERSON [--json] */
export async function peopleShowCommand(person: string, o: { json?: boolean }): Promise<void> {
  await withCatalog({ reads: true }, async (db) => {
    const p = await personById({ db }, personNamedBy({ db }, person), "ja");
    if (p === null) throw new CliError(`no person "${person}"`);
    const r = p.record;
    if (o.json) {
      const merged = ownKeys(db, r.merged);
      return out(
        JSON.stringify({
          key: p.key,
          name: p.name,
          names: p.names,
          picture: p.picture,
          titles: p.titles,
          firstRelease: p.firstRelease,
          lastRelease: p.lastRelease,
          madeBy: r.madeBy,
          merged,
        }),
      );
    }
    out(
      `${p.key}\t${p.name}\t${p.titles} title${p.titles === 1 ? "" : "s"}\t${day(p.firstRelease)} to ${day(p.lastRelease)}${r.madeBy === "user" ? "\tmade by a split" : ""}`,
    );
    out(`picture\t${p.picture ?? "-"}`);
    for (const n of p.names) out(["name", n.kind, n.script, n.name, n.sources.join(","), day(n.firstRelease), day(n.lastRelease)].join("\t"));
    if (r.merged.length > 0) out(`merged into her\t${ownKeys(db, r.merged).join(", ")}`);
  });
}

/** people find TEXT [--json] [--limit N] */
export async function peopleFindCommand(text: string, o: { json?: boolean; limit?: string }): Promise<void> {
  const limit = limitOf(o.limit, 20);
  const folded = foldName(text);
  if (folded === "") throw new UsageError("people find needs a name or a part of one");
  await withCatalog({ reads: true }, (db) => {
    const { total, ids } = searchPeople(db, folded, limit, 0);
    const found = ids.flatMap((id) => getPerson(db, id) ?? []);
    const rows = found.map((p) => ({ key: p.key, name: nameIn(p.names, "ja"), titles: p.titles, names: p.names.map((n) => n.name) }));
    if (o.json) return out(JSON.stringify({ total, people: rows }));
    if (rows.length === 0) return out(`no person has a name holding "${text}"`);
    for (const r of rows) out([r.key, r.name, r.titles, r.names.filter((n) => n !== r.name).join(", ")].join("\t"));
    if (total > rows.length) err(`${total - rows.length} more: --limit ${Math.min(1000, total)} shows them`);
  });
}

/** people merge INTO FROM... */
export async function peopleMergeCommand(into: string, from: string[]): Promise<void> {
  await withCatalog({ writes: "people merge" }, (db) => {
    const m = mergeNamed({ db }, into, from);
    out(`edit ${m.edit}: merged ${m.from.join(", ")} into ${m.into} (undo: people undo ${m.edit})`);
  });
}

/** people split PERSON --name NAME */
export async function peopleSplitCommand(person: string, o: { name: string }): Promise<void> {
  await withCatalog({ writes: "people split" }, (db) => {
    const s = splitNamed({ db }, person, o.name);
    const moved = getPerson(db, Number(s.to.slice(1)))?.titles ?? 0;
    out(`edit ${s.edit}: split "${o.name}" off ${s.from} to ${s.to} with ${moved} title${moved === 1 ? "" : "s"} (undo: people undo ${s.edit})`);
  });
}

const editLine = (e: PersonEdit) => [e.id, e.kind, iso(e.createdAt), iso(e.undoneAt), e.summary].join("\t");

/** people edits [--json] [--limit N] */
export async function peopleEditsCommand(o: { json?: boolean; limit?: string }): Promise<void> {
  const limit = limitOf(o.limit, 50);
  await withCatalog({ reads: true }, (db) => {
    const edits = listPersonEdits(db, limit);
    if (o.json) return out(JSON.stringify({ edits }));
    if (edits.length === 0) return out("no edits of people yet");
    out(["id", "kind", "made", "undone", "what"].join("\t"));
    for (const e of edits) out(editLine(e));
  });
}

/** people undo EDIT */
export async function peopleUndoCommand(raw: string): Promise<void> {
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw new UsageError(`people undo needs an edit's id (see people edits), got "${raw}"`);
  await withCatalog({ writes: "people undo" }, (db) => {
    const undo = undoEdit({ db }, id);
    out(`edit ${undo}: undid edit ${id}`);
  });
}

/** people import-aliases FILE [--json] */
export async function peopleImportAliasesCommand(file: string, o: { json?: boolean }): Promise<void> {
  const s = statSync(file, { throwIfNoEntry: false });
  if (!s) throw new CliError(`no such file: ${file}`);
  if (!s.isFile()) throw new CliError(`${file} is not a file`);
  const text = readFileSync(file, "utf8");
  await withCatalog({ writes: "people import-aliases" }, (db) => {
    const r = importAliases({ db }, text, file);
    if (o.json) return out(JSON.stringify(r));
    const what = r.format === "javsp" ? "JavSP's actress_alias.json" : "mdcx's mapping_actor.xml";
    out(`read ${file} as ${what}: ${r.entries} entries`);
    out(`merged ${r.merged}, aliases added ${r.aliases}, skipped ${r.skipped} (no name of a person), ambiguous ${r.ambiguous.length}`);
    if (r.ambiguous.length > 0) out(`ambiguous (held by two persons or more, left out): ${r.ambiguous.join(", ")}`);
    out(r.edit === null ? "nothing changed: no edit journalled" : `edit ${r.edit} (undo: people undo ${r.edit})`);
  });
}

/** people rebuild */
export async function peopleRebuildCommand(): Promise<void> {
  await withCatalog({ writes: "people rebuild" }, (db) => {
    const titles = rebuildPeople(db, (line) => err(line));
    out(`people read again from ${titles} titles; the edits of the journal stay`);
  });
}
