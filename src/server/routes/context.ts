import type { ServiceDeps } from "../../services/deps.js";

/** What every route module receives from buildServer. */
export interface RouteContext {
  deps: ServiceDeps;
  /** Names valid in `providers` right now. */
  knownProviders: () => string[];
}
