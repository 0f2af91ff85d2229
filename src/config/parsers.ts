/** The parsers of the settings' raw values: each returns the value or throws a ConfigError saying what is wrong. */
import { validate as validateCron } from "node-cron";
import { stableCode, VideoCatalogError } from "../lib/video-catalog-error.js";

export class ConfigError extends VideoCatalogError {
  static {
    stableCode(ConfigError, "VC_ERR_CONFIG");
  }

  override name = "ConfigError";
}

export const integer = (min: number, max: number) => (raw: string) => {
  if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(`must be an integer, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`must be between ${min} and ${max}, got ${n}`);
  return n;
};

export const onOff = (raw: string) => {
  const v = raw.trim().toLowerCase();
  if (["on", "true", "1", "yes"].includes(v)) return true;
  if (["off", "false", "0", "no"].includes(v)) return false;
  throw new ConfigError(`must be on or off, got "${raw}"`);
};

export const oneOf =
  <T extends string>(values: readonly T[]) =>
  (raw: string) => {
    const v = raw.trim().toLowerCase() as T;
    if (!values.includes(v)) throw new ConfigError(`must be one of ${values.join(", ")}, got "${raw}"`);
    return v;
  };

export const nonEmpty = (raw: string) => {
  if (raw.trim() === "") throw new ConfigError("must not be empty");
  return raw.trim();
};

export const optional = (raw: string) => raw.trim();

/** A user-agent as sent in the header: printable ASCII only (no line breaks or controls), or empty. */
export const userAgent = (raw: string) => {
  const v = raw.trim();
  if (!/^[\x20-\x7e]*$/.test(v)) throw new ConfigError(`must be printable ASCII (it is sent as a header), got "${raw}"`);
  return v;
};

/** A secret of at least `min` characters, or empty (none given). */
export const secret = (min: number) => (raw: string) => {
  const v = raw.trim();
  if (v !== "" && v.length < min) throw new ConfigError(`must be at least ${min} characters long (or empty), got ${v.length}`);
  return v;
};

export const url = (raw: string) => {
  const v = raw.trim().replace(/\/+$/, "");
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new ConfigError(`must be an http(s) URL, got "${raw}"`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") throw new ConfigError(`must be an http(s) URL, got "${raw}"`);
  return v;
};

/** Where backups go, as Litestream names replicas: a directory (a path or file:// URL) or s3://bucket/path; empty = none. */
export const backupTarget = (raw: string) => {
  const v = raw.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(v)?.[1]?.toLowerCase();
  if (scheme === undefined || scheme === "file") return v;
  if (scheme !== "s3") throw new ConfigError(`must be a directory, a file:// URL or an s3://bucket/path URL, got "${raw}"`);
  if (!/^s3:\/\/[^/]+/i.test(v)) throw new ConfigError(`names no bucket: "${raw}"`);
  return v;
};

export const rate = (raw: string) => {
  const n = Number(raw.trim());
  if (raw.trim() === "" || !Number.isFinite(n) || n < 0 || n > 10_000) {
    throw new ConfigError(`must be requests per second between 0 (no limit) and 10000, got "${raw}"`);
  }
  return n;
};

/** A 5- or 6-field cron expression (node-cron syntax), or off. */
export const cron = (raw: string) => {
  const v = raw.trim();
  if (v.toLowerCase() === "off") return "off";
  if (!validateCron(v)) throw new ConfigError(`must be a cron expression (e.g. "0 4 * * *") or off, got "${raw}"`);
  return v;
};

export const list = (raw: string) =>
  raw
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
