import { UpstreamError } from "../net/index.js";
import { stableCode, VideoCatalogError } from "../lib/video-catalog-error.js";

/**
 * A provider payload that does not have the expected shape (HTML where JSON was expected,
 * a missing envelope, a record that fails validation). To the caller this is an upstream
 * failure, never a "no match": retrying the same payload cannot help, so the crawler should
 * record the error and move on (or give up the run when every page fails this way).
 */
export class ProviderParseError extends VideoCatalogError {
  static {
    stableCode(ProviderParseError, "VC_ERR_PROVIDER_PARSE");
  }

  readonly provider: string;
  /** What was wrong, one entry per problem (validation problems, missing fields). */
  readonly problems: readonly string[];
  readonly retryable = false;

  constructor(provider: string, message: string, problems: readonly string[] = [], options?: { cause?: unknown }) {
    super(`${provider}: ${message}`, options);
    this.name = "ProviderParseError";
    this.provider = provider;
    this.problems = problems;
  }
}

/**
 * An error the source said in its own envelope (FANZA's `{"result":{"status":503,...}}` on
 * an HTTP 200) that asking again may cure: busy, rate-limited. Known by its shape, not its
 * class, which lives with the FANZA parser (that module imports this one).
 */
function isRetryableApiError(err: unknown): err is Error & { retryable: true } {
  return err instanceof Error && err.name === "FanzaApiError" && (err as { retryable?: unknown }).retryable === true;
}

/** A failure of the source (worth recording and going on), as opposed to a bug or a bad option. */
export function isSourceFailure(err: unknown): err is Error {
  return err instanceof UpstreamError || err instanceof ProviderParseError || isRetryableApiError(err);
}

/**
 * `err` when it is a failure of the source a caller may keep (a title listed as failed, an
 * optional part left out); a cancelled run, a bug or a bad option is thrown on.
 */
export function keptFailure(err: unknown, ctx: { signal?: AbortSignal }): Error {
  if (ctx.signal?.aborted || !isSourceFailure(err)) throw err;
  return err;
}

/**
 * An optional part of a title (an English page, a description widget, a gallery): null when the
 * source fails it, so the title is kept without it, as MetaTube stores such a title.
 */
export async function optionalPart<T>(ctx: { signal?: AbortSignal }, part: () => Promise<T>): Promise<T | null> {
  try {
    return await part();
  } catch (err) {
    keptFailure(err, ctx);
    return null;
  }
}

/** The kind of a source failure for figures: the HTTP client's kind, `parse` for a payload that is no record, `api_error` for the source's own busy or rate-limit answer. */
export function failureKind(err: unknown): string {
  if (err instanceof UpstreamError) return err.kind;
  if (err instanceof ProviderParseError) return "parse";
  if (isRetryableApiError(err)) return "api_error";
  return "error";
}

/**
 * An id from a source, escaped for a URL. A lone surrogate in it (a source's broken text)
 * makes encodeURIComponent throw a URIError, a bug to every caller; here it is what it is:
 * a payload that is no record, failing this title alone.
 */
export function encodeSourceId(provider: string, id: string): string {
  try {
    return encodeURIComponent(id);
  } catch {
    throw new ProviderParseError(provider, `id ${JSON.stringify(id)} is not well-formed text`);
  }
}
