import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from '../src/lib/rate-limiter.js';
import { backends, startServer, uniqueEmail, type TestServer } from './harness.js';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl)
  console.warn('TEST_REDIS_URL is not set: the Redis rate limiter runs only in memory mode.');
const redis = redisUrl ? new Redis(redisUrl) : null;
afterAll(async () => {
  await redis?.quit();
});

/**
 * A limiter and how to outlast its window without a short fixed sleep (a stalled runner would
 * miss it): memory moves a fake clock to the window's end; Redis waits out the key's own TTL.
 */
type Windowed = {
  limiter: RateLimiter;
  windowMs: number;
  passWindow: (key: string) => Promise<void>;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const limiters: Array<[string, () => RateLimiter, () => Windowed]> = [
  [
    'memory',
    () => memoryRateLimiter(),
    () => {
      let t = 1_000_000;
      const windowMs = 150;
      const limiter = memoryRateLimiter(() => t);
      return { limiter, windowMs, passWindow: async () => void (t += windowMs) };
    },
  ],
  ...(redis
    ? [
        [
          'redis',
          () => redisRateLimiter(redis, `test:${Date.now()}:`),
          () => {
            const prefix = `test:${Date.now()}:${Math.random()}:`;
            // Long enough that no stall of the runner can outlast it between two hits.
            const windowMs = 2_000;
            const passWindow = async (key: string) =>
              sleep(Math.max(await redis.pttl(prefix + key), 0) + 50);
            return { limiter: redisRateLimiter(redis, prefix), windowMs, passWindow };
          },
        ] as [string, () => RateLimiter, () => Windowed],
      ]
    : []),
];

describe.each(limiters)('%s rate limiter', (_name, make, windowed) => {
  it('allows up to the limit in a window, then refuses with a retry time', async () => {
    const limiter = make();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('k', 3, 60_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterSeconds).toBeGreaterThan(50);
    expect((await limiter.hit('other', 3, 60_000)).allowed).toBe(true);
  });

  it('opens again when the window has passed', async () => {
    const { limiter, windowMs, passWindow } = windowed();
    expect((await limiter.hit('w', 1, windowMs)).allowed).toBe(true);
    expect((await limiter.hit('w', 1, windowMs)).allowed).toBe(false);
    await passWindow('w');
    expect((await limiter.hit('w', 1, windowMs)).allowed).toBe(true);
  });
});

describe.each(backends)('auth rate limits on $name', (backend) => {
  it('limits sign-in per email and per IP with a 429 and a message', async () => {
    const s = await startServer(backend, {
      AUTH_RATE_LIMIT_PER_EMAIL: '3',
      AUTH_RATE_LIMIT_PER_IP: '5',
    });
    try {
      const email = uniqueEmail();
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await s.post('/api/v1/email-signin', { email, password: 'wrong-pass' })).status,
        );
      expect(statuses).toEqual([401, 401, 401, 429]);
      const limited = await s.post('/api/v1/email-signin', { email, password: 'wrong-pass' });
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await limited.json()) as { message: string }).message).toMatch(/^Too many attempts/);
      // Other addresses from the same IP run into the per-IP limit (5 per window).
      const other = await s.post('/api/v1/email-signin', {
        email: uniqueEmail(),
        password: 'wrong-pass',
      });
      expect(other.status).toBe(429);
      const recovery = [];
      for (let i = 0; i < 4; i++)
        recovery.push((await s.post('/api/v1/initiate-password-recovery', { email })).status);
      expect(recovery).toEqual([200, 200, 200, 429]);
    } finally {
      await s.close();
    }
  });

  it('counts by the forwarded address only behind a trusted proxy', async () => {
    const signin = (s: TestServer, from: string) =>
      fetch(`${s.baseUrl}/api/v1/email-signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify({ email: uniqueEmail(), password: 'wrong-pass' }),
      }).then((r) => r.status);
    const limits = { AUTH_RATE_LIMIT_PER_IP: '2', AUTH_RATE_LIMIT_PER_EMAIL: '10' };
    // Not trusted: a client cannot leave its budget by inventing addresses.
    const direct = await startServer(backend, limits);
    try {
      expect([
        await signin(direct, '203.0.113.1'),
        await signin(direct, '203.0.113.2'),
        await signin(direct, '203.0.113.3'),
      ]).toEqual([401, 401, 429]);
    } finally {
      await direct.close();
    }
    // Behind the balancer (loopback here): each client has its own budget.
    const proxied = await startServer(backend, { ...limits, TRUST_PROXY: '127.0.0.1' });
    try {
      const a = [await signin(proxied, '203.0.113.1'), await signin(proxied, '203.0.113.1')];
      expect([...a, await signin(proxied, '203.0.113.1')]).toEqual([401, 401, 429]);
      expect(await signin(proxied, '203.0.113.2')).toBe(401);
      // IPv6: one budget per /64, whichever of its addresses the client takes.
      const ipv6 = [
        await signin(proxied, '2001:db8:5::1'),
        await signin(proxied, '2001:db8:5:0:a:b:c:d'),
        await signin(proxied, '2001:db8:5::ffff'),
      ];
      expect(ipv6).toEqual([401, 401, 429]);
      expect(await signin(proxied, '2001:db8:6::1')).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});
