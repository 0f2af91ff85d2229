import { listKeysWithUsage, revokeKey } from "../catalog/index.js";
import { createApiKey, KeyInputError } from "../services/access/key-admin.js";
import { CliError, openCli, out, UsageError } from "./context.js";

const iso = (ms: number | null) => (ms === null ? "-" : new Date(ms).toISOString());

/** keys create --name N [--rate R]: the token alone on the last line of stdout. */
export function keysCreateCommand(options: { name: string; rate?: string }): void {
  const { config, db } = openCli({ writes: "keys create" });
  try {
    // The dashboard's form goes through the same checks.
    let created: ReturnType<typeof createApiKey>;
    try {
      created = createApiKey(db, { name: options.name, rate: options.rate }, config.keyRatePerMinute);
    } catch (e) {
      if (e instanceof KeyInputError) throw new UsageError(`keys create: ${e.message}`);
      throw e;
    }
    const { key, token } = created;
    out(`created key ${key.id} "${key.name}" (${key.ratePerMinute} requests/minute). It is shown only now:`);
    out(token);
  } finally {
    db.close();
  }
}

/** keys list: with the requests of today and of the last 30 UTC days. */
export function keysListCommand(): void {
  const { db } = openCli({ reads: true });
  try {
    // Counts as written by the servers, which add theirs every 30 s.
    const keys = listKeysWithUsage(db);
    if (keys.length === 0) return out("no keys");
    out(["id", "name", "prefix", "rate/min", "created", "last used", "today", "30 days", "revoked"].join("\t"));
    for (const k of keys) {
      const row = [k.id, k.name, k.keyPrefix + "…", k.ratePerMinute, iso(k.createdAt), iso(k.lastUsedAt), k.requestsToday, k.requests30d, iso(k.revokedAt)];
      out(row.join("\t"));
    }
  } finally {
    db.close();
  }
}

/** keys revoke ID */
export function keysRevokeCommand(rawId: string): void {
  const id = Number(rawId);
  if (!/^\d+$/.test(rawId) || !Number.isSafeInteger(id) || id < 1) throw new UsageError(`keys revoke needs a key id (see keys list), got "${rawId}"`);
  const { db } = openCli({ writes: "keys revoke" });
  try {
    if (!revokeKey(db, id)) throw new CliError(`no key with id ${id}`);
    out(`revoked key ${id}`);
  } finally {
    db.close();
  }
}
