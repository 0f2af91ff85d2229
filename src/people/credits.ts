/**
 * The actresses of a record as the catalog keeps people: each credit's id (where its
 * source has one), every spelling of her name with its script, the former names DMM
 * writes in brackets, and her picture. Sources with ids hand credits over with the
 * record (IngestRecord.credits); the others' are read from the record's names, paired
 * with their other spellings where the source gives one for every name.
 */
import type { Credit, IngestRecord } from "../model/record.js";
import { foldName, type Script, scriptOf, splitFormer } from "./names.js";

/** "name": a name she was credited under; "former": one a source gives as her former name. */
export type SeenKind = "name" | "former";

export interface SeenName {
  name: string;
  folded: string;
  script: Script;
  kind: SeenKind;
}

export interface CreditNames {
  /** The source's id of her (DMM's), or null. */
  id: string | null;
  names: SeenName[];
  image: string | null;
}

/** A credit's spellings as names: `名（旧名）` gives 名 and its former 旧名; each folded name once. */
export function seenNames(spellings: readonly string[]): SeenName[] {
  const out: SeenName[] = [];
  const add = (name: string, kind: SeenKind) => {
    const folded = foldName(name);
    if (folded === "") return;
    const had = out.find((n) => n.folded === folded);
    if (had === undefined) out.push({ name, folded, script: scriptOf(name), kind });
    else if (kind === "name") had.kind = "name";
  };
  for (const s of spellings) {
    const { name, former } = splitFormer(s);
    add(name, "name");
    for (const f of former) add(f, "former");
  }
  return out;
}

/** The record's own credits: its actresses, each with its other spelling where the lists pair up. */
function namedCredits(r: IngestRecord): Credit[] {
  const names = r.record.actresses;
  const alts = r.altNames.actress;
  const paired = alts !== undefined && alts.length === names.length;
  return names.map((name, i) => ({
    id: null,
    names: paired && alts[i] !== name ? [name, alts[i]] : [name],
    image: r.record.extra.actressesRich.find((a) => a.name === name)?.image ?? null,
  }));
}

/** A record's credits as names, in the record's order; a credit with no name left is dropped. */
export function creditsOf(r: IngestRecord): CreditNames[] {
  const credits = r.credits ?? namedCredits(r);
  const out: CreditNames[] = [];
  for (const c of credits) {
    const names = seenNames(c.names);
    if (names.length > 0) out.push({ id: c.id, names, image: c.image });
  }
  return out;
}
