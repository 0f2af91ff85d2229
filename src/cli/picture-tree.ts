import type { Config } from "../config/load.js";
import { type PictureTree, pictureTreeFor } from "../images/index.js";
import type { HttpClient } from "../net/index.js";
import { err } from "./context.js";

/**
 * The people's picture tree of a command (PEOPLE_PICTURES), its failure said once on stderr.
 * Without the outbound client (an offline run) a URL tree answers from the copy kept only.
 */
export function commandPictureTree(config: Config, http: HttpClient | null): PictureTree | null {
  return pictureTreeFor(config, http, {
    warn: (fields, message) => err(`${message}: ${String((fields as { why?: unknown }).why ?? "")}`),
    info: () => {},
  });
}
