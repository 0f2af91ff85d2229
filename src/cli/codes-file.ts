import { readCodesList } from "../ingest/codes-list.js";
import { CliError } from "./context.js";

/** A list of codes or content ids (ingest/codes-list.ts), or a CliError naming the file that cannot be read. */
export function readCodesFile(path: string): string[] {
  try {
    return readCodesList(path);
  } catch {
    throw new CliError(`cannot read the codes file ${path}`);
  }
}
