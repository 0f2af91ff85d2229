/**
 * A user's edits of people, as the CLI and the dashboard make them: persons named by
 * their key (DMM's id, `n…`) or by a name only one person holds, merged, split, an alias
 * table read in; each edit journalled by the catalog and undone from its journal. A
 * refusal is a PersonEditRefused whose message says why, in words a user can act on.
 */
import {
  getPerson,
  importAliasTable,
  type ImportOutcome,
  mergePeople,
  peopleNamed,
  PersonEditRefused,
  personKey,
  splitPerson,
  undoPersonEdit,
  foldName,
} from "../../catalog/index.js";
import { type AliasFormat, readAliasTable } from "../../people/alias-tables.js";
import type { ServiceDeps } from "../deps.js";
import { findPersonId } from "./person.js";

type Deps = Pick<ServiceDeps, "db">;

const keyOf = (deps: Deps, id: number) => getPerson(deps.db, id)?.key ?? personKey(id, null);

/** The shown person a key or a name stands for; a refusal says whether no one or several hold the name. */
export function personNamedBy(deps: Deps, keyOrName: string): number {
  const found = findPersonId(deps, keyOrName);
  if (found !== null) return found;
  const holders = peopleNamed(deps.db, foldName(keyOrName));
  if (holders.length > 1) {
    const keys = holders.map((id) => keyOf(deps, id)).join(", ");
    throw new PersonEditRefused(`"${keyOrName}" is a name of ${holders.length} persons (${keys}): name the one you mean by her key`);
  }
  throw new PersonEditRefused(`no person has the key or name "${keyOrName}"`);
}

/** `people merge INTO FROM...`: the persons of `from` shown as `into`. Returns the edit's id and the keys merged. */
export function mergeNamed(deps: Deps, into: string, from: readonly string[]): { edit: number; into: string; from: string[] } {
  const target = personNamedBy(deps, into);
  const sources = from.map((f) => personNamedBy(deps, f));
  const keys = sources.map((id) => keyOf(deps, id));
  const intoKey = keyOf(deps, target);
  const edit = mergePeople(deps.db, target, sources, `merged ${keys.join(", ")} into ${intoKey}`);
  return { edit, into: intoKey, from: keys };
}

/** `people split KEY --name NAME`: her name, and the titles credited under it, to a person of the user's. */
export function splitNamed(deps: Deps, keyOrName: string, name: string): { edit: number; from: string; to: string } {
  const person = personNamedBy(deps, keyOrName);
  if (foldName(name) === "") throw new PersonEditRefused("the name to split off is empty");
  const { edit, to } = splitPerson(deps.db, person, name);
  return { edit, from: keyOf(deps, person), to: keyOf(deps, to) };
}

/** `people undo EDIT`: returns the undo's own id. */
export function undoEdit(deps: Deps, id: number): number {
  return undoPersonEdit(deps.db, id);
}

/** `people import-aliases FILE`: the table's format read from its content, then read in as one edit. */
export function importAliases(deps: Deps, text: string, file: string): ImportOutcome & { format: AliasFormat } {
  const table = readAliasTable(text);
  return { format: table.format, ...importAliasTable(deps.db, table.entries, table.format, file) };
}
