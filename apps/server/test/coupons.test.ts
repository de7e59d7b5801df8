import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponSuccessMessage } from '@ridealong/contracts';
import { couponRedemptions, coupons } from '../src/db/schema.js';
import { applyAccountEvent } from '../src/modules/billing/account-events.js';
import { backends, startServer, type TestServer } from './harness.js';
import {
  couponBody,
  daysFromNow,
  fetchUser,
  LENIENT_LIMITS,
  type Member,
  signUpMember,
  uniqueCode,
} from './billing-fixtures.js';

const ADMIN_EMAIL = 'coupon-boss@example.com';

describe.each(backends)('coupons on $name', (backend) => {
  let s: TestServer;
  let admin: Member;
  let member: Member;
  beforeAll(async () => {
    s = await startServer(backend, { ...LENIENT_LIMITS, ADMIN_EMAILS: ADMIN_EMAIL });
    admin = await signUpMember(s, ADMIN_EMAIL);
    member = await signUpMember(s);
  });
  afterAll(() => s.close());

  async function createCoupon(over: Record<string, unknown> = {}): Promise<string> {
    const code = uniqueCode();
    const res = await s.post('/api/v1/coupon/create', couponBody(code, over), admin.token);
    expect(res.status).toBe(201);
    return code;
  }
  const grant = (m: Member, code: string, userId = m.id) =>
    s.post('/api/v1/coupon/grant', { user_id: userId, code }, m.token);

  describe('create', () => {
    it('an admin creates a coupon and gets it back', async () => {
      expect(admin.user.admin).toBe(true);
      const code = uniqueCode();
      const body = couponBody(code, { max_entries: 5 });
      const res = await s.post('/api/v1/coupon/create', body, admin.token);
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({
        status: 'success',
        coupon: {
          id: expect.any(Number) as number,
          code,
          coupon_type: 'account_level',
          start_date: body.start_date,
          end_date: body.end_date,
          grants: { account_level: 'core', time_to_grant: [1, 'M'] },
          max_entries: 5,
          entries: 0,
          created_at: expect.any(String) as string,
        },
      });
    });

    it('members get 403 and guests 401, whatever they send', async () => {
      const asMember = await s.post(
        '/api/v1/coupon/create',
        couponBody(uniqueCode()),
        member.token,
      );
      expect(asMember.status).toBe(403);
      expect(await asMember.json()).toEqual({ status: 'failure', message: 'Admins only.' });
      const badAsMember = await s.post('/api/v1/coupon/create', { code: 1 }, member.token);
      expect(badAsMember.status).toBe(403);
      const asGuest = await s.post('/api/v1/coupon/create', couponBody(uniqueCode()));
      expect(asGuest.status).toBe(401);
      expect(((await asGuest.json()) as { status: string }).status).toBe('failure');
    });

    it('refuses a code that exists in any case with 409', async () => {
      const code = await createCoupon();
      const res = await s.post(
        '/api/v1/coupon/create',
        couponBody(code.toLowerCase()),
        admin.token,
      );
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ status: 'failure', message: 'That code already exists.' });
    });

    it.each([
      [{ code: 'ab' }, 'body.code'],
      [{ code: 'has space' }, 'body.code'],
      [{ max_entries: 0 }, 'body.max_entries'],
      [{ start_date: '03-01-2025' }, 'body.start_date'],
      [{ end_date: daysFromNow(-2).toISOString() }, 'body.end_date'],
      [{ grants: { account_level: 'core', time_to_grant: [1, 'fortnight'] } }, 'body.grants'],
      [{ grants: { account_level: 'free', time_to_grant: [1, 'M'] } }, 'body.grants'],
      [{ grants: { account_level: 'core', time_to_grant: [9000, 'y'] } }, 'body.grants'],
    ])('answers 400 naming the field for %o', async (over, field) => {
      const res = await s.post(
        '/api/v1/coupon/create',
        couponBody(uniqueCode(), over),
        admin.token,
      );
      expect(res.status).toBe(400);
      const body = (await res.json()) as { status: string; message: string };
      expect(body.status).toBe('failure');
      expect(body.message).toContain(field);
    });
  });

  describe('grant', () => {
    it('grants the level until now + time_to_grant, with the success text', async () => {
      const code = await createCoupon({
        grants: { account_level: 'core', time_to_grant: [2, 'w'] },
      });
      const m = await signUpMember(s);
      const before = Date.now();
      const res = await grant(m, code.toLowerCase());
      expect(res.status).toBe(200);
      const body = (await res.json()) as { account_level: string; current_period_end_date: string };
      expect(body).toEqual({
        status: 'success',
        account_level: 'core',
        current_period_end_date: expect.any(String) as string,
      });
      const end = Date.parse(body.current_period_end_date);
      expect(end).toBeGreaterThanOrEqual(before + 14 * 86_400_000);
      expect(end).toBeLessThanOrEqual(Date.now() + 14 * 86_400_000);
      expect(couponSuccessMessage(body.account_level)).toBe(
        "Congrats! We've upgraded you to a core plan.",
      );
      expect(await fetchUser(s, m)).toMatchObject({
        account_level: 'core',
        previous_account_level: 'trial',
        complimentary_access: true,
        current_period_end_date: body.current_period_end_date,
      });
    });

    /** What an unknown code answers (coupons-answers.test.ts: what real codes answer). */
    const UNKNOWN = {
      status: 404,
      body: { status: 'failure', code: 'invalid-code', message: 'Invalid code.' },
    };
    const answer = async (res: Response) => ({ status: res.status, body: await res.json() });

    it('invalid-code: 404', async () => {
      expect(await answer(await grant(member, 'NO-SUCH-CODE'))).toEqual(UNKNOWN);
    });

    it('user-does-not-exist: 404 when an admin names an unknown member', async () => {
      const res = await grant(admin, await createCoupon(), 987_654);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        status: 'failure',
        code: 'user-does-not-exist',
        message: 'User does not exist.',
      });
    });

    it('already-comp: the same member twice, and nothing is counted twice', async () => {
      const code = await createCoupon();
      const m = await signUpMember(s);
      expect((await grant(m, code)).status).toBe(200);
      const again = await grant(m, code);
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({
        status: 'failure',
        code: 'already-comp',
        message: 'You already have this.',
      });
      const [row] = await s.database.db.select().from(coupons).where(eq(coupons.code, code));
      expect(row?.entries).toBe(1);
    });

    it('already-comp: a member paying for the level gets the contact line', async () => {
      const m = await signUpMember(s);
      const paid = await applyAccountEvent(s.database.db, m.id, {
        type: 'subscription-started',
        plan: 'core',
        subscriptionId: `sub_${m.id}`,
        periodEnd: daysFromNow(30),
      });
      expect(paid.ok).toBe(true);
      const code = await createCoupon();
      const res = await grant(m, code);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        status: 'failure',
        code: 'already-comp',
        message: 'Contact us for help with this code.',
      });
      // The refusal rolled back: no entry used, no redemption kept.
      const [row] = await s.database.db.select().from(coupons).where(eq(coupons.code, code));
      expect(row?.entries).toBe(0);
      expect((await fetchUser(s, m)).account_level).toBe('core');
    });

    it('a member may redeem only for themself; an admin for anyone; guests 401', async () => {
      const code = await createCoupon();
      const other = await signUpMember(s);
      const forOther = await grant(member, code, other.id);
      expect(forOther.status).toBe(403);
      expect(((await forOther.json()) as { message: string }).message).toBe(
        'You may only redeem a code for yourself.',
      );
      expect((await grant(admin, code, other.id)).status).toBe(200);
      expect((await fetchUser(s, other)).complimentary_access).toBe(true);
      expect((await s.post('/api/v1/coupon/grant', { user_id: other.id, code })).status).toBe(401);
    });

    it('bad input answers 400 naming the field', async () => {
      const res = await s.post('/api/v1/coupon/grant', { user_id: member.id }, member.token);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain('body.code');
    });

    it('concurrent grants never pass max_entries', async () => {
      const code = await createCoupon({ max_entries: 3 });
      const riders = await Promise.all(Array.from({ length: 7 }, () => signUpMember(s)));
      const answers = await Promise.all(riders.map((r) => grant(r, code)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409]);
      const [row] = await s.database.db.select().from(coupons).where(eq(coupons.code, code));
      expect(row?.entries).toBe(3);
      const redeemed = await s.database.db
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.couponId, row?.id ?? 0));
      expect(redeemed).toHaveLength(3);
      const levels = await Promise.all(riders.map((r) => fetchUser(s, r)));
      expect(levels.filter((u) => u.complimentary_access)).toHaveLength(3);
    });
  });
});

describe.each(backends)('coupon guessing on $name', (backend) => {
  it('limits redemption tries per member and per address with a 429', async () => {
    const s = await startServer(backend, {
      AUTH_RATE_LIMIT_PER_EMAIL: '3',
      AUTH_RATE_LIMIT_PER_IP: '5',
    });
    try {
      const [a, b] = [await signUpMember(s), await signUpMember(s)];
      const tries = async (m: Member, n: number) => {
        const out = [];
        for (let i = 0; i < n; i++) {
          const res = await s.post(
            '/api/v1/coupon/grant',
            { user_id: m.id, code: uniqueCode() },
            m.token,
          );
          out.push(res.status);
          if (res.status === 429) {
            expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
            expect(((await res.json()) as { message: string }).message).toMatch(
              /^Too many attempts/,
            );
          }
        }
        return out;
      };
      // Three tries per member; the address's five are shared by every member behind it.
      expect(await tries(a, 4)).toEqual([404, 404, 404, 429]);
      expect(await tries(b, 2)).toEqual([404, 429]);
    } finally {
      await s.close();
    }
  });
});
