/**
 * `people push`: its declaration, for the `people` group to add (its run, which loads the
 * catalog and the HTTP client, is in its own module, loaded when the command runs).
 */
import type { Command } from "commander";
import type { PeoplePushValues } from "./people-push-run.js";
import { act, examples, requiredOption } from "./usage.js";

/** Adds `push` to the `people` group. */
export function declarePeoplePush(people: Command): void {
  people
    .command("push")
    .summary("write each actress's picture and overview to Jellyfin or Emby, for those credited in a library there")
    .description(
      "Asks the server (--server) for a library's titles and their people, and for each person the catalog knows as credited on one " +
        "of those titles (one person holding her name, credited on the title as the catalog has it) sends her picture and an overview " +
        "(her names, her titles and the releases they span, in MEDIA_LANGUAGE). A person the server also credits outside the library " +
        "(a film star of the same name) is never touched: the server keeps one person item per name. What was sent is recorded, so a " +
        "second run sends only what changed. The token is JELLYFIN_TOKEN or EMBY_TOKEN when --server is the configured address, else " +
        "--token. The catalog is the one the settings name (DATABASE_PATH); docs/media-servers.md#people-push.",
    )
    .addOption(requiredOption("--server <url>", "the server's address, e.g. http://127.0.0.1:8096"))
    .option("--library <name-or-id>", "the library (its name or id); default: the server's only library of titles")
    .option("--kind <kind>", "jellyfin or emby (default: the configured server's at that address, else jellyfin)")
    .option("--token <token>", "the server's API key (default: JELLYFIN_TOKEN or EMBY_TOKEN for the configured address)")
    .option("--dry-run", "list what would be sent, and send and record nothing")
    .addHelpText(
      "after",
      examples(
        "people push --server http://127.0.0.1:8096 --library JAV --dry-run",
        "people push --server http://127.0.0.1:8096 --library JAV",
        "people push --server http://nas:8096 --kind emby --token 0123abcd --library JAV",
      ),
    )
    .action(act(async (o: PeoplePushValues) => (await import("./people-push-run.js")).peoplePushCommand(o)));
}
