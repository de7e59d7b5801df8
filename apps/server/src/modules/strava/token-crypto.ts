import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';
import { newSecret } from '../../lib/secrets.js';

/** The key file kept in DATA_DIR when STRAVA_TOKEN_KEY is not set. */
export const TOKEN_KEY_FILE = 'strava-token.key';

/**
 * A secret in a file shared by every process on DATA_DIR. The first process writes a complete
 * file under a name of its own and links it into place: the link either succeeds (it made the
 * key) or fails because another process already did, and then the one in place is read. Every
 * process thus reads the same key, and none ever sees a half-written one.
 */
export async function sharedFileSecret(file: string): Promise<string> {
  const existing = await readSecret(file);
  if (existing !== null) return existing;
  await mkdir(path.dirname(file), { recursive: true });
  const scratch = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(scratch, newSecret(), { mode: 0o600, flag: 'wx' });
  try {
    await link(scratch, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    await rm(scratch, { force: true });
  }
  const made = await readSecret(file);
  if (made === null) throw new Error(`${file}: the Strava token key could not be read back`);
  return made;
}

async function readSecret(file: string): Promise<string | null> {
  let text: string;
  try {
    text = (await readFile(file, 'utf8')).trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  // Never replaced silently: a new key would make every stored token unreadable.
  if (text.length < 32)
    throw new Error(`${file}: the Strava token key is shorter than 32 characters`);
  return text;
}

/** STRAVA_TOKEN_KEY, or the key kept in $DATA_DIR/strava-token.key (made once). */
export async function stravaSecret(
  config: Pick<Config, 'stravaTokenKey' | 'dataDir'>,
): Promise<string> {
  return config.stravaTokenKey ?? sharedFileSecret(path.join(config.dataDir, TOKEN_KEY_FILE));
}

/** One key per use, derived from the one secret (HKDF-SHA256), so no key serves two purposes. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'ridealong-strava', purpose, 32));
}

export type TokenCipher = {
  /** The token encrypted (AES-256-GCM, a fresh IV) and bound to `context` (e.g. user and kind). */
  seal: (plain: string, context: string) => string;
  /** The token, or null when tampered with, bound to another context or under another key. */
  open: (sealed: string, context: string) => string | null;
};

const VERSION = 'v1';

/** Tokens at rest: `v1.iv.ciphertext.tag` (base64url), the context as associated data. */
export function tokenCipher(secret: string): TokenCipher {
  const key = deriveKey(secret, 'token-encryption');
  return {
    seal: (plain, context) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, body, tag]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open: (sealed, context) => {
      const [version, iv, body, tag, extra] = sealed.split('.');
      if (version !== VERSION || !iv || body === undefined || !tag || extra !== undefined)
        return null;
      try {
        // A fixed tag length: a shortened tag must not pass.
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: 16,
        });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
