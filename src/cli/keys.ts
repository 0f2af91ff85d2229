import { parseArgs } from "node:util";
import { listKeysWithUsage, revokeKey } from "../catalog/index.js";
import { createApiKey, KeyInputError } from "../services/key-admin.js";
import { CliError, openCli, out } from "./context.js";

const iso = (ms: number | null) => (ms === null ? "-" : new Date(ms).toISOString());

/** keys create --name N [--rate R] | keys list (with requests today and in the last 30 UTC days) | keys revoke ID */
export function keysCommand(argv: string[]): void {
  const [sub, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { name: { type: "string" }, rate: { type: "string" } },
    allowPositionals: true,
  });
  const { config, db } = openCli();
  try {
    switch (sub) {
      case "create": {
        if (values.name === undefined) throw new CliError("keys create needs --name NAME");
        // The dashboard's form goes through the same checks.
        let created: ReturnType<typeof createApiKey>;
        try {
          created = createApiKey(db, { name: values.name, rate: values.rate }, config.keyRatePerMinute);
        } catch (e) {
          if (e instanceof KeyInputError) throw new CliError(`keys create: ${e.message}`);
          throw e;
        }
        const { key, token } = created;
        out(`created key ${key.id} "${key.name}" (${key.ratePerMinute} requests/minute). It is shown only now:`);
        out(token);
        return;
      }
      case "list": {
        // Counts as written by the servers, which add theirs every 30 s.
        const keys = listKeysWithUsage(db);
        if (keys.length === 0) return out("no keys");
        out(["id", "name", "prefix", "rate/min", "created", "last used", "today", "30 days", "revoked"].join("\t"));
        for (const k of keys) {
          const row = [k.id, k.name, k.keyPrefix + "…", k.ratePerMinute, iso(k.createdAt), iso(k.lastUsedAt), k.requestsToday, k.requests30d, iso(k.revokedAt)];
          out(row.join("\t"));
        }
        return;
      }
      case "revoke": {
        const id = Number(positionals[0]);
        if (!Number.isInteger(id) || id < 1) throw new CliError("keys revoke needs a key id (see keys list)");
        if (!revokeKey(db, id)) throw new CliError(`no key with id ${id}`);
        out(`revoked key ${id}`);
        return;
      }
      default:
        throw new CliError("usage: keys create --name NAME [--rate PER_MINUTE] | keys list | keys revoke ID");
    }
  } finally {
    db.close();
  }
}
