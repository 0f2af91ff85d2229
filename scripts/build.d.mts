/** Types of scripts/build.mjs, for the tests and the benchmark that build before they start dist/. */
export declare const ROOT: string;
export declare const DIST: string;
export declare const ENTRY_POINTS: Record<string, string>;
export declare function isCurrent(): boolean;
export declare function build(): Promise<void>;
/** Builds dist/ unless it is current; returns whether it built. */
export declare function ensureBuilt(options?: { force?: boolean }): Promise<boolean>;
