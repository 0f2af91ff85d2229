/** The `organize` command's declaration: its arguments, options, help and examples. */
import { type Command, Option } from "commander";
import type { OrganizeValues } from "./organize.js";
import { act, examples } from "./usage.js";

const withDefault = (flags: string, help: string, value: string): Option => new Option(flags, help).default(value, value);

/** Where and how videos are placed: organize's options, and watch's. */
export function placementOptions(command: Command): Command {
  return command
    .option("--template <template>", "folders and file name, e.g. '{actresses}/{code} {title}/{code}{marks}{part}' (the default)")
    .addOption(withDefault("--target <fs>", "the file system the names must suit: posix, or windows (NTFS, exFAT, a Samba share)", "posix"))
    .option("--link <kind>", "hard or soft: leave the videos where they are and link them into the library (never a move or a copy instead)")
    .addOption(withDefault("--on-conflict <policy>", "a target another file holds: skip the video, or suffix its names ' (2)'", "skip"))
    .option("--unmatched <dir>", "move the files without one title here (their folders kept) instead of leaving them");
}

export function declareOrganize(program: Command): void {
  const command = program
    .command("organize")
    .summary("move a library's videos into folders and names from a template: a plan first, then --apply; every run can be undone")
    .description(
      "Reads <src> as scan does and plans where each video matched to one title goes under --into: its folder and name from the template, " +
        "made legal for the target file system, with its subtitles and sidecars. Prints the plan and changes nothing; --apply carries it out, " +
        "each step journalled in the catalog first, so a run stopped at any point is finished by the next organize command, and " +
        "--undo puts a run's files back. A file is never replaced: a target taken by another file is a conflict (skipped, or a suffix). " +
        "Files without one title stay where they are unless --unmatched names a folder for them. " +
        "'organize runs' lists the runs, 'organize runs ID' shows one. The template, the targets and what travels: docs/organizing.md.",
    )
    .argument("[src]", "the folder of videos to organize (or 'runs')")
    .argument("[run]", "with 'runs': the run to show")
    .option("--into <dir>", "the library folder the videos go into");
  placementOptions(command)
    .option("--apply", "carry out the plan (without it nothing changes)")
    .option("--plan <file>", "apply a plan saved with --json (checked against the files first)")
    .option("--json", "print the plan (and with --apply the run) as one JSON document")
    .option("--offline", "look titles up in the catalog only")
    .option("--write <kinds>", "with --apply: write sidecars at the new place: nfo, poster, fanart, landscape, extrafanart")
    .addOption(withDefault("--concurrency <n>", "live lookups in flight: 1 to 64", "4"))
    .option("--undo <run>", "put the files of a run back where they were: its id, or 'last'")
    .addHelpText(
      "after",
      examples(
        "organize ~/Downloads --into /mnt/media/jav",
        "organize ~/Downloads --into /mnt/media/jav --apply --write nfo,poster,fanart",
        "organize ~/Downloads --into /mnt/media/jav --json > plan.json",
        "organize --plan plan.json --apply",
        "organize ~/Downloads --into /mnt/nas/jav --target windows --link hard --apply",
        "organize runs",
        "organize --undo last",
      ),
    )
    .action(act(async (src: string | undefined, run: string | undefined, o: OrganizeValues) => (await import("./organize.js")).organizeCommand(src, run, o)));
}
