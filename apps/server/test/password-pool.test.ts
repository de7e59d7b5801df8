import type * as Argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_HASH_CONCURRENCY } from '../src/lib/password-pool.js';
import { backends, startServer, uniqueEmail, type TestServer } from './harness.js';
import { LENIENT_LIMITS } from './billing-fixtures.js';

/** How many argon2 calls are in flight inside the library, counted around the real ones. */
const argon2 = vi.hoisted(() => ({ inFlight: 0, peak: 0, calls: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  const counted =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      argon2.calls += 1;
      argon2.inFlight += 1;
      argon2.peak = Math.max(argon2.peak, argon2.inFlight);
      try {
        return await fn(...args);
      } finally {
        argon2.inFlight -= 1;
      }
    };
  return { ...real, hash: counted(real.hash), verify: counted(real.verify) };
});

/**
 * Issue 21: password hashing must not hold the event loop. Every argon2 hash and verify of the
 * process goes through one bound (lib/password-pool.ts); this counts the calls inside the
 * library while sign-ups and sign-ins arrive together, so it holds without timing anything.
 */
describe.each(backends)('argon2 concurrency on $name', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend, LENIENT_LIMITS);
  });
  afterAll(() => s.close());

  it('never runs more hashes at once than the bound, whatever arrives together', async () => {
    argon2.peak = 0;
    argon2.calls = 0;
    const emails = Array.from({ length: 8 }, () => uniqueEmail('pool'));
    const signups = await Promise.all(
      emails.map((email) =>
        s.post('/api/v1/signup', { username: 'Pia', email, password: 'secret12' }),
      ),
    );
    expect(signups.map((r) => r.status)).toEqual(emails.map(() => 201));
    // Unverified sign-ins still verify the password first; unknown emails spend one too.
    const signins = await Promise.all([
      ...emails.map((email) => s.post('/api/v1/email-signin', { email, password: 'secret12' })),
      ...emails.map((email) =>
        s.post('/api/v1/email-signin', { email: `x${email}`, password: 'p' }),
      ),
    ]);
    expect(signins.map((r) => r.status).sort()).toEqual([
      ...emails.map(() => 401),
      ...emails.map(() => 403),
    ]);
    expect(argon2.calls).toBeGreaterThanOrEqual(24);
    expect(argon2.peak).toBeGreaterThanOrEqual(1);
    expect(argon2.peak).toBeLessThanOrEqual(PASSWORD_HASH_CONCURRENCY);
  });
});
