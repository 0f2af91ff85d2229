import { readFileSync } from "node:fs";
import { CliError } from "./context.js";

/** A list of codes or content ids, one per line; blank lines and `#` comments skipped. */
export function readCodesFile(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new CliError(`cannot read the codes file ${path}`);
  }
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*/, "").trim())
    .filter(Boolean);
}
