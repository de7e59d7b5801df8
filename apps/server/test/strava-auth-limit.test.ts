import { describe, expect, it } from 'vitest';
import { backends, startServer } from './harness.js';
import { member } from './races-fixtures.js';

/** Issue 21: POST /auth/strava has its own limit, per member and per address, as sign-in. */
describe.each(backends)('POST /auth/strava tries on $name', (backend) => {
  it('limits tries per member and per address with a 429 and Retry-After', async () => {
    const s = await startServer(backend, {
      AUTH_RATE_LIMIT_PER_EMAIL: '3',
      AUTH_RATE_LIMIT_PER_IP: '5',
    });
    try {
      const [a, b] = [await member(s, { name: 'Ann' }), await member(s, { name: 'Ben' })];
      const tries = async (m: typeof a, n: number) => {
        const out: number[] = [];
        for (let i = 0; i < n; i++) {
          const res = await s.post(
            '/api/v1/auth/strava',
            { code: `not-a-code-${i}`, user_id: m.user.id },
            m.token,
          );
          out.push(res.status === 429 ? 429 : 0);
          if (res.status === 429) {
            expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
            expect(((await res.json()) as { message: string }).message).toMatch(
              /^Too many attempts/,
            );
          } else {
            expect(res.status).toBeLessThan(500);
          }
        }
        return out;
      };
      // Three tries per member; the address's five are shared by every member behind it.
      expect(await tries(a, 4)).toEqual([0, 0, 0, 429]);
      expect(await tries(b, 2)).toEqual([0, 429]);
    } finally {
      await s.close();
    }
  });
});
