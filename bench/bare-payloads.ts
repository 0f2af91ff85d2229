/**
 * What the bare server (bare-server.ts) answers, as the JSON file it reads at start:
 * each workload's answers as captured from the real server (status, headers, body
 * as a string), and the /random records as parsed objects for the route that
 * serialises them on every request.
 */

export interface BareAnswer {
  status: number;
  /** The real answer's headers but those Node writes itself (date, connection, keep-alive, content-length). */
  headers: Record<string, string>;
  body: string;
}

export interface BareRoute {
  /** Where the bare server answers: "/<workload name>" + the real URL's path (/movie/movie, /health/health). */
  route: string;
  /** The real answer to each URL, by its URL on the bare server ("/movie/movie?q=ABP-123"). */
  byUrl: Record<string, BareAnswer>;
  /** Answers served in turn to a URL without one of its own: a sample of answers that differ every time (/random). */
  cycle: BareAnswer[];
}

export interface BareStringifyRoute {
  route: string;
  contentType: string;
  /** The records of captured answers (each an array), serialised in turn. */
  answers: unknown[];
}

export interface BarePayloads {
  routes: BareRoute[];
  stringify: BareStringifyRoute[];
}

/** The bare server's URL for a real URL of a workload. */
export const bareUrl = (workload: string, path: string): string => `/${workload}${path}`;
