import { createKey, type ApiKeyInfo, type Db } from "../../catalog/index.js";
import { stableCode, VideoCatalogError } from "../../lib/video-catalog-error.js";

export const MAX_KEY_NAME = 100;
/** A billion a minute: in effect no limit (the benchmark's keys). */
export const MAX_KEY_RATE = 1_000_000_000;

/** A key's name or rate as given is not one we keep; the message says why. */
export class KeyInputError extends VideoCatalogError {
  static {
    stableCode(KeyInputError, "VC_ERR_KEY_INPUT");
  }
}

/**
 * Creates a key from what a person typed (the dashboard's form, the CLI's flags): a
 * name of 1 to 100 characters, a whole number of requests per minute (empty = the
 * default). The token is returned this once; only its hash is kept.
 */
export function createApiKey(db: Db, input: { name: string; rate: string | undefined }, defaultRate: number): { key: ApiKeyInfo; token: string } {
  const name = input.name.trim();
  if (name === "") throw new KeyInputError("a key needs a name");
  if ([...name].length > MAX_KEY_NAME) throw new KeyInputError(`a key's name has at most ${MAX_KEY_NAME} characters`);
  // Control characters would garble the CLI's table and the page.
  if (/\p{Cc}/u.test(name)) throw new KeyInputError("a key's name cannot hold control characters");
  const rateText = input.rate?.trim() ?? "";
  const rate = rateText === "" ? defaultRate : Number(rateText);
  if (!/^\d*$/.test(rateText) || !Number.isSafeInteger(rate) || rate < 1 || rate > MAX_KEY_RATE) {
    throw new KeyInputError(`the rate must be a whole number of requests per minute from 1 to ${MAX_KEY_RATE}`);
  }
  return createKey(db, name, rate);
}
