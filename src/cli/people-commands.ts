/**
 * The `people` group's declaration: its sub-commands, their arguments, options and
 * examples. Each action loads its module when it runs (as commands.ts does for the
 * rest). declarePeople returns the group, so another sub-command is one more
 * `people.command(...)` on it.
 */
import type { Command } from "commander";
import { act, examples, requiredOption } from "./usage.js";

const NOTE =
  "It reads the same settings as the server (DATABASE_PATH above all) and can run while the server is up. A person is named by her key " +
  "(DMM's actress id, or n and a number for one known by name alone) or by a name only she holds.";

function declareReads(people: Command): void {
  people
    .command("show")
    .summary("a person: her names (kind, script, sources, releases), picture and titles")
    .description(
      `Shows a person: her key, every name she is known by with its kind (current, former, alias), script, sources and the releases it was seen on, her picture, her titles and the persons merged into her. ${NOTE}`,
    )
    .argument("<person>", "her key or a name only she holds")
    .option("--json", "print one JSON document")
    .addHelpText("after", examples("people show 1044099", 'people show "Yua Mikami" --json'))
    .action(act(async (person: string, o: { json?: boolean }) => (await import("./people.js")).peopleShowCommand(person, o)));
  people
    .command("find")
    .summary("the persons with a name holding TEXT (whole names first)")
    .description(
      `Lists the persons with a name holding TEXT, those whose name it is first, then those it starts, then the rest: key, current name, titles, other names (tab-separated). ${NOTE}`,
    )
    .argument("<text>", "a name or a part of one, in any script")
    .option("--json", "print one JSON document")
    .option("--limit <n>", "at most this many persons (default 20)")
    .addHelpText("after", examples("people find 三上", "people find mikami --json"))
    .action(act(async (text: string, o: { json?: boolean; limit?: string }) => (await import("./people.js")).peopleFindCommand(text, o)));
  people
    .command("edits")
    .summary("the journal of a user's edits of people, newest first")
    .description(
      `Lists the edits made to people (merges, splits, alias tables read in, undos), newest first, tab-separated: id, kind, made, undone, what it did. ${NOTE}`,
    )
    .option("--json", "print one JSON document")
    .option("--limit <n>", "at most this many edits (default 50)")
    .addHelpText("after", examples("people edits", "people edits --json"))
    .action(act(async (o: { json?: boolean; limit?: string }) => (await import("./people.js")).peopleEditsCommand(o)));
}

function declareEdits(people: Command): void {
  people
    .command("merge")
    .summary("show the persons FROM as the person INTO (undoable)")
    .description(
      `Merges persons the sources keep apart: each FROM is shown as INTO from now on, with her names and titles (the persons merged into a FROM too). The sources' own rows stay as they are; people undo puts the merge back. ${NOTE}`,
    )
    .argument("<into>", "the person they are shown as")
    .argument("<from...>", "the persons shown as her")
    .addHelpText("after", examples("people merge 1044099 n512", 'people merge 1044099 "Yuki Shinmei" n77'))
    .action(act(async (into: string, from: string[]) => (await import("./people.js")).peopleMergeCommand(into, from)));
  people
    .command("split")
    .summary("one name of a person, and the titles credited under it, to a new person (undoable)")
    .description(
      `Splits a name off a person: the name, and the titles whose credit names her by it, go to a new person of your own (key n…); later imports and ingests send that name's credits there too. people undo puts it back. ${NOTE}`,
    )
    .argument("<person>", "her key or a name only she holds")
    .addOption(requiredOption("--name <name>", "the name to split off"))
    .addHelpText("after", examples('people split 1044099 --name "みなみ"'))
    .action(act(async (person: string, o: { name: string }) => (await import("./people.js")).peopleSplitCommand(person, o)));
  people
    .command("undo")
    .summary("put an edit back (refused while a later edit touches the same persons)")
    .description(
      `Undoes an edit of the journal (people edits) exactly, and journals the undo. Refused, saying which, while a later edit still in force touches the same persons (undo that one first), or when the sources have joined one of its persons to another since. ${NOTE}`,
    )
    .argument("<edit>", "the edit's id (the first column of people edits)")
    .addHelpText("after", examples("people undo 12"))
    .action(act(async (edit: string) => (await import("./people.js")).peopleUndoCommand(edit)));
  people
    .command("import-aliases")
    .summary("read your own alias table in: JavSP's actress_alias.json or mdcx's mapping_actor.xml")
    .description(
      "Reads an alias table you keep for another scraper (JavSP's actress_alias.json, mdcx's mapping_actor.xml; told apart by their content) as one edit " +
        "(people undo takes it back whole). Each entry is one person's names: the persons its names are held by are merged into one, its names no one " +
        "holds become her aliases, an entry naming no person is skipped, and a name two persons hold is left out and listed. A one-word name joins no " +
        `two persons. Prints what it did. ${NOTE}`,
    )
    .argument("<file>", "the table")
    .option("--json", "print the summary as one JSON document")
    .addHelpText("after", examples("people import-aliases ~/JavSP/data/actress_alias.json", "people import-aliases ~/.mdcx/userdata/mapping_actor.xml"))
    .action(act(async (file: string, o: { json?: boolean }) => (await import("./people.js")).peopleImportAliasesCommand(file, o)));
  people
    .command("rebuild")
    .summary("read the people again from the stored titles (your edits stay)")
    .description(`Makes the sources' people again from every stored title, in one transaction; the edits of the journal stay. ${NOTE}`)
    .addHelpText("after", examples("people rebuild"))
    .action(act(async () => (await import("./people.js")).peopleRebuildCommand()));
}

/** Declares `people` and its sub-commands on the program; returns the group for more. */
export function declarePeople(program: Command): Command {
  const people = program
    .command("people")
    .summary("the persons the titles credit: show, find, merge, split, undo, import an alias table")
    .description(`The persons the titles credit, each with every name she is known by. ${NOTE}`);
  declareReads(people);
  declareEdits(people);
  return people;
}
