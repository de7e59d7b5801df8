import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { unavailable } from '../http/errors.js';
import { concurrencyGate } from './concurrency-gate.js';
import { PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_MAX_WAITING } from './password-pool.js';

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

/** Every hash and verify of the process goes through this bound (password-pool.ts says why). */
export const passwordPool = concurrencyGate({
  limit: PASSWORD_HASH_CONCURRENCY,
  maxWaiting: PASSWORD_HASH_MAX_WAITING,
  busy: () => unavailable('The server is busy. Please try again in a moment.'),
});

export function hashPassword(password: string): Promise<string> {
  return passwordPool.run(() => hash(password, ARGON2));
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  return passwordPool.run(async () => {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  });
}

/** Spend the same time as a real check when the account does not exist (no user enumeration). */
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  // A refused try (pool busy) must not leave a rejected promise behind for every later one.
  dummyHash ??= hashPassword(newSecret()).catch((err: unknown) => {
    dummyHash = null;
    throw err;
  });
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
