import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A random, URL-safe secret (256 bits): session tokens and mailed codes. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256: they are random, so a fast hash is enough. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
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
