import { expect } from 'vitest';
import type { User } from '@ridealong/contracts';
import { linkFrom, type TestServer, uniqueEmail } from './harness.js';

export type Member = { id: number; email: string; token: string; user: User };

/** Sign-ups in these files exceed the default per-IP limit; rate limits have their own tests. */
export const LENIENT_LIMITS = { AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '100' };

/** A member through the real flow: sign-up, the mailed verification link, sign-in. */
export async function signUpMember(s: TestServer, email = uniqueEmail()): Promise<Member> {
  const password = 'secret12';
  expect((await s.post('/api/v1/signup', { username: 'Rider', email, password })).status).toBe(201);
  const code = new URL(linkFrom(await s.lastMailTo(email), '/email-verified')).searchParams.get(
    'code',
  );
  expect((await s.post('/api/v1/verify-email', { code })).status).toBe(200);
  return signIn(s, email, password);
}

export async function signIn(s: TestServer, email: string, password = 'secret12') {
  const res = await s.post('/api/v1/email-signin', { email, password });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { user: User };
  return { id: body.user.id, email, token: res.headers.get('x-auth-token') ?? '', user: body.user };
}

/** The member's User entity as the server has it now. */
export async function fetchUser(s: TestServer, m: Member): Promise<User> {
  const res = await s.get(`/api/v1/users/${m.id}`, m.token);
  expect(res.status).toBe(200);
  return (await res.json()) as User;
}

const DAY = 86_400_000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

/** A valid coupon body for POST /coupon/create. */
export function couponBody(code: string, over: Record<string, unknown> = {}) {
  return {
    coupon_type: 'account_level',
    start_date: daysFromNow(-1).toISOString(),
    end_date: daysFromNow(30).toISOString(),
    code,
    grants: { account_level: 'core', time_to_grant: [1, 'M'] },
    max_entries: 100,
    ...over,
  };
}

let codes = 0;
export const uniqueCode = (tag = 'RIDE') => `${tag}-${Date.now().toString(36)}-${++codes}`;
