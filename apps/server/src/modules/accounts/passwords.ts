import { hash, verify } from '@node-rs/argon2';
import { unavailable } from '../../http/errors.js';
import { concurrencyGate } from '../../lib/concurrency-gate.js';
import { PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_MAX_WAITING } from '../../lib/password-pool.js';
import { newSecret } from '../../lib/secrets.js';

/** Members' passwords: argon2id, every hash and verify of the process in one bound. */
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
