import { BulkLoad, createKey, getMeta, isCatalogEmpty, listKeys, prepareRecord, setMeta, type CommitStep, type Db } from "../../catalog/index.js";
import { generateSampleRecords, SAMPLE_PROVIDER } from "../../samples/titles/generate.js";
import type { Config } from "../../config/load.js";
import { PASSWORD_UNDELIVERED } from "./admin-password.js";

/** With no key at all in the database, creates one; returns its token (to print once) or null. */
export function ensureFirstKey(db: Db, config: Config): string | null {
  if (listKeys(db).length > 0) return null;
  return createKey(db, "default", config.keyRatePerMinute).token;
}

/** A secret the server prints once at its first start. */
export type Secret = "first API key" | "admin password";

/** Meta keys holding when a secret was made whose lines may not have reached anyone ("" or none: no mark). */
const UNDELIVERED: Record<Secret, string> = { "first API key": "first_key_undelivered", "admin password": PASSWORD_UNDELIVERED };

/** What to make instead of a secret nobody may have. */
const REMAKE: Record<Secret, string> = {
  "first API key": "npm run cli -- keys create --name NAME",
  "admin password": "npm run cli -- admin reset-password",
};

/**
 * Remembers that a secret may not have reached anyone (its log reader went away or fell
 * behind), for the next start to say. Called back by the server's log sink, from a write's
 * callback and possibly as the server closes: a catalog closed, or held by another writer
 * past the busy timeout, keeps no mark rather than stopping the server.
 */
export function markUndelivered(db: Db, what: Secret, madeAt: Date): void {
  if (!db.open) return;
  try {
    setMeta(db, UNDELIVERED[what], madeAt.toISOString());
  } catch {
    // Nothing else to tell it with: the log's reader is the one that went away.
  }
}

export interface UndeliveredNotice {
  what: Secret;
  madeAt: string;
  line: string;
}

/**
 * The secrets an earlier start could not write out, to say now; their marks are cleared
 * (said once: the server marks one again if this notice is lost too). A first key is not
 * mentioned once a key was made after it, nor a generated password while ADMIN_PASSWORD
 * stands in for it (its mark stays for a start without).
 */
export function takeUndelivered(db: Db, config: Pick<Config, "adminPassword">): UndeliveredNotice[] {
  const notices: UndeliveredNotice[] = [];
  for (const what of Object.keys(UNDELIVERED) as Secret[]) {
    const madeAt = getMeta(db, UNDELIVERED[what]);
    if (!madeAt || (what === "admin password" && config.adminPassword !== "")) continue;
    setMeta(db, UNDELIVERED[what], "");
    if (what === "first API key" && listKeys(db).some((k) => k.createdAt > Date.parse(madeAt))) continue;
    const when = `${madeAt.slice(0, 16).replace("T", " ")} UTC`;
    const line =
      `The ${what === "admin password" ? "admin password of the dashboard" : what}, made ${when}, could not be written out ` +
      `(the log's reader went away or fell behind); if nobody has it, make a new one: ${REMAKE[what]}`;
    notices.push({ what, madeAt, line });
  }
  return notices;
}

/** Writes `count` generated records in one bulk load; returns how many were added. */
export function loadSampleRecords(
  db: Db,
  count: number,
  options: { seed?: number; batchSize?: number; onBatch?: (done: number) => void; onCommitStep?: (step: CommitStep) => void } = {},
): number {
  const batchSize = options.batchSize ?? 5000;
  const now = Date.now();
  const load = BulkLoad.begin(db);
  try {
    for (let start = 0; start < count; start += batchSize) {
      const batch = [...generateSampleRecords({ count: Math.min(batchSize, count - start), start, seed: options.seed })];
      load.upsert(batch.map((r) => prepareRecord(r, now)));
      options.onBatch?.(start + batch.length);
    }
    load.commit(options.onCommitStep);
    return load.result.added;
  } finally {
    load.end();
  }
}

/**
 * On the very first start with an empty catalog, loads the sample catalog so every
 * endpoint answers at once. Remembered in meta: once purged, it does not come back.
 */
export function ensureSampleData(db: Db, config: Config): number {
  if (!config.sampleData || getMeta(db, "sample_loaded") !== null) return 0;
  const empty = isCatalogEmpty(db);
  if (!empty) return 0;
  const added = loadSampleRecords(db, config.sampleCount);
  setMeta(db, "sample_loaded", new Date().toISOString());
  return added;
}

export { SAMPLE_PROVIDER };
