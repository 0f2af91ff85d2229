/**
 * The failures of a command that the person running it can act on: printed as one
 * line, exit status 2, never with a stack trace. In a file of their own, so that the
 * entry can tell them apart without loading the catalog.
 */
import { stableCode, VideoCatalogError } from "../lib/video-catalog-error.js";

/** One such failure: its message is the line printed. */
export class CliError extends VideoCatalogError {
  static {
    stableCode(CliError, "VC_ERR_CLI");
  }
}

/**
 * A value on the command line that the command does not take (`--concurrency 0`, a key
 * id that is no number): printed like the parser's own errors, with the command's usage.
 */
export class UsageError extends CliError {
  static {
    stableCode(UsageError, "VC_ERR_USAGE");
  }
}
