/** The sellers' sites the simulator serves beside r18.dev and the DMM API, each under /<provider>: one line each. */
import type { SiteFactory } from "./site.js";

export const SITES: readonly SiteFactory[] = [];
