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
