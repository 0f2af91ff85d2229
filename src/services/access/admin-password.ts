import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { deleteAllSessions, getMeta, setMeta, type Db } from "../../catalog/index.js";
import type { Config } from "../../config/load.js";

/** Where the catalog keeps the admin password's hash (meta table). */
const META_KEY = "admin_password_hash";
/** When a generated password was made whose lines may not have reached anyone (first-start.ts says so at the next start). */
export const PASSWORD_UNDELIVERED = "admin_password_undelivered";
/** scrypt's cost (N), block size (r) and parallelism (p): 16 MiB a hash, and work enough to make each guess at a stolen hash costly while a sign-in stays quick. */
const SCRYPT: ScryptOptions = { N: 16_384, r: 8, p: 1 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** 144 random bits, 24 URL-safe characters. */
const GENERATED_BYTES = 18;
/** Longer input is refused unhashed: no one types more, and scrypt's cost grows with it. */
const MAX_PASSWORD_LENGTH = 1024;

function derive(password: string, salt: Buffer, keyBytes: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // The same characters typed in composed or decomposed form are the same password.
    scrypt(password.normalize("NFC"), salt, keyBytes, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** A scrypt hash as one string: `scrypt$N$r$p$<salt base64>$<hash base64>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, SCRYPT);
  return ["scrypt", SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Whether `password` is the one `stored` (from hashPassword) was made of: false for a malformed `stored`; never throws. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (typeof password !== "string" || password === "" || password.length > MAX_PASSWORD_LENGTH) return false;
  const parsed = parseHash(stored);
  if (!parsed) return false;
  try {
    const key = await derive(password, parsed.salt, parsed.key.length, parsed.options);
    return timingSafeEqual(key, parsed.key);
  } catch {
    // Parameters scrypt refuses (e.g. past its memory limit): not a hash of ours.
    return false;
  }
}

function parseHash(stored: string): { options: ScryptOptions; salt: Buffer; key: Buffer } | null {
  if (typeof stored !== "string") return null;
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map((x) => (/^\d{1,7}$/.test(x) ? Number(x) : 0));
  // N a power of two; r and p small enough that a bad row cannot make a hash take minutes.
  if (N < 2 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  const base64 = /^[A-Za-z0-9+/]+={0,2}$/;
  if (!base64.test(parts[4]) || !base64.test(parts[5])) return null;
  const salt = Buffer.from(parts[4], "base64");
  const key = Buffer.from(parts[5], "base64");
  if (salt.length < 8 || key.length < 16 || key.length > 64) return null;
  return { options: { N, r, p }, salt, key };
}

/** A new random password (URL-safe, 24 characters). */
function generatePassword(): string {
  return randomBytes(GENERATED_BYTES).toString("base64url");
}

/**
 * The dashboard's admin password: ADMIN_PASSWORD when set (hashed once, in memory,
 * never stored); otherwise the hash in the catalog, read on every check so that a
 * reset by the CLI counts at once, without a restart. With neither, nothing passes.
 */
export class AdminPassword {
  private envHash: Promise<string> | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, "adminPassword">,
  ) {}

  async verify(password: string): Promise<boolean> {
    if (this.config.adminPassword !== "") {
      this.envHash ??= hashPassword(this.config.adminPassword);
      return verifyPassword(password, await this.envHash);
    }
    const stored = getMeta(this.db, META_KEY);
    return stored !== null && verifyPassword(password, stored);
  }

  /**
   * The password as it stands, never the password itself: ADMIN_PASSWORD's SHA-256, else
   * the stored hash. A new password changes it, which ends a replica's signed sessions.
   */
  fingerprint(): string {
    if (this.config.adminPassword !== "") return `env:${createHash("sha256").update(this.config.adminPassword, "utf8").digest("hex")}`;
    return `catalog:${getMeta(this.db, META_KEY) ?? ""}`;
  }
}

/**
 * With ADMIN_PASSWORD unset and no password stored (a first start, or a catalog from
 * before the dashboard), makes one and stores its hash: returns it, to print once.
 * Otherwise null.
 */
export async function ensureAdminPassword(db: Db, config: Pick<Config, "adminPassword">): Promise<string | null> {
  if (config.adminPassword !== "" || getMeta(db, META_KEY) !== null) return null;
  const password = generatePassword();
  setMeta(db, META_KEY, await hashPassword(password));
  return password;
}

/** Makes a new admin password, stores its hash and signs every dashboard session out; returns it, to print once. */
export async function resetAdminPassword(db: Db): Promise<string> {
  const password = generatePassword();
  setMeta(db, META_KEY, await hashPassword(password));
  // The one that may have been lost no longer opens anything ("": no mark; meta rows are never deleted).
  if (getMeta(db, PASSWORD_UNDELIVERED)) setMeta(db, PASSWORD_UNDELIVERED, "");
  deleteAllSessions(db);
  return password;
}
