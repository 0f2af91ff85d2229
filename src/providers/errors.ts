import { UpstreamError } from "../net/index.js";

/**
 * A provider payload that does not have the expected shape (HTML where JSON was expected,
 * a missing envelope, a record that fails validation). To the caller this is an upstream
 * failure, never a "no match": retrying the same payload cannot help, so the crawler should
 * record the error and move on (or give up the run when every page fails this way).
 */
export class ProviderParseError extends Error {
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

/** A failure of the source (worth recording and going on), as opposed to a bug or a bad option. */
export function isSourceFailure(err: unknown): err is UpstreamError | ProviderParseError {
  return err instanceof UpstreamError || err instanceof ProviderParseError;
}

/** The kind of a source failure for figures: the HTTP client's kind, or `parse` for a payload that is no record. */
export function failureKind(err: unknown): string {
  if (err instanceof UpstreamError) return err.kind;
  if (err instanceof ProviderParseError) return "parse";
  return "error";
}
