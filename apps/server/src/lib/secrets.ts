import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';

/** A random, URL-safe secret (256 bits): session tokens and mailed codes. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256: they are random, so a fast hash is enough. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane (the library's default algorithm is argon2id).
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Spend the same time as a real check when the account does not exist (no user enumeration). */
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(newSecret());
  await verifyPassword(await dummyHash, password);
}

/** A secret kept in a file (created on first use), so it survives restarts without configuration. */
export async function fileSecret(file: string): Promise<string> {
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not there yet: created below.
  }
  await mkdir(path.dirname(file), { recursive: true });
  const secret = newSecret();
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
