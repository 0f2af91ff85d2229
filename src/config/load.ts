import { existsSync, readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { unpairedSettings } from "./media-servers.js";
import { ConfigError, SETTINGS, type Config } from "./schema.js";

export { ConfigError, type Config } from "./schema.js";

/** Names of settings: the environment's other variables (PATH, HOME, ...) are not kept. */
const SETTING_NAME = /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/;

/**
 * Builds the frozen config from an environment. Values from `env` win over the
 * optional `.env` file. A bad value throws a ConfigError naming the variable.
 */
export function loadConfig(env: Record<string, string | undefined>, envFile?: string): Config {
  const fromFile = envFile && existsSync(envFile) ? parseEnv(readFileSync(envFile, "utf8")) : {};
  const merged: Record<string, string | undefined> = { ...fromFile, ...env };
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, spec] of Object.entries(SETTINGS)) {
    const raw = merged[spec.env];
    try {
      out[key] = spec.parse(raw === undefined || raw === "" ? spec.default : raw);
    } catch (err) {
      problems.push(`${spec.env} ${(err as Error).message}`);
    }
  }
  if (problems.length === 0) problems.push(...unpairedSettings(out));
  if (problems.length > 0) throw new ConfigError(`invalid configuration: ${problems.join("; ")}`);
  const names = Object.entries(merged).filter((e): e is [string, string] => e[1] !== undefined && SETTING_NAME.test(e[0]));
  out.env = Object.freeze(Object.fromEntries(names));
  return Object.freeze(out) as Config;
}

/** The one place that reads process.env (with replicaSecretFromEnv below). */
export function loadProcessConfig(): Config {
  return loadConfig(process.env, process.env.ENV_FILE ?? ".env");
}

/**
 * VC_REPLICA_SECRET: the secret a read-only replica's dashboard signs its sessions with,
 * which its primary process hands every worker (not a setting: no .env, no default); "" when absent.
 */
export function replicaSecretFromEnv(): string {
  return process.env.VC_REPLICA_SECRET ?? "";
}
