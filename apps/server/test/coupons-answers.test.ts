import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../src/db/schema.js';
import { applyAccountEvent } from '../src/modules/billing/account-events.js';
import { backends, startServer, type TestServer } from './harness.js';
import {
  couponBody,
  daysFromNow,
  LENIENT_LIMITS,
  type Member,
  signUpMember,
  uniqueCode,
} from './billing-fixtures.js';

const ADMIN_EMAIL = 'coupon-answers-boss@example.com';

/**
 * Issue 21: document 000 section 8's answers for real codes come back ('Code expired.',
 * 'Maximum already claimed for this code.'), and the code is looked up before the member, so a
 * member who can take no grant still hears 'Invalid code.' for a code that never existed.
 */
describe.each(backends)('coupon answers on $name', (backend) => {
  let s: TestServer;
  let admin: Member;
  beforeAll(async () => {
    s = await startServer(backend, { ...LENIENT_LIMITS, ADMIN_EMAILS: ADMIN_EMAIL });
    admin = await signUpMember(s, ADMIN_EMAIL);
  });
  afterAll(() => s.close());

  async function createCoupon(over: Record<string, unknown> = {}): Promise<string> {
    const code = uniqueCode('ANS');
    const res = await s.post('/api/v1/coupon/create', couponBody(code, over), admin.token);
    expect(res.status).toBe(201);
    return code;
  }
  const answer = async (m: Member, code: string) => {
    const res = await s.post('/api/v1/coupon/grant', { user_id: m.id, code }, m.token);
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const failure = (status: number, code: string, message: string) => ({
    status,
    body: { status: 'failure', code, message },
  });
  const INVALID = failure(404, 'invalid-code', 'Invalid code.');
  const EXPIRED = failure(400, 'coupon-out-of-date', 'Code expired.');
  const USED_UP = failure(409, 'coupon-reached-max', 'Maximum already claimed for this code.');

  async function coreMember(): Promise<Member> {
    const m = await signUpMember(s);
    const paid = await applyAccountEvent(s.database.db, m.id, {
      type: 'subscription-started',
      plan: 'core',
      subscriptionId: `sub_answers_${m.id}`,
      periodEnd: daysFromNow(30),
    });
    expect(paid.ok).toBe(true);
    return m;
  }

  it("a code past its end date: 'Code expired.'", async () => {
    const code = await createCoupon({
      start_date: daysFromNow(-9).toISOString(),
      end_date: daysFromNow(-2).toISOString(),
    });
    expect(await answer(await signUpMember(s), code)).toEqual(EXPIRED);
  });

  it('a code before its start date is out of date too', async () => {
    const code = await createCoupon({
      start_date: daysFromNow(2).toISOString(),
      end_date: daysFromNow(9).toISOString(),
    });
    expect(await answer(await signUpMember(s), code)).toEqual(EXPIRED);
  });

  it("a used-up code: 'Maximum already claimed for this code.', nothing counted", async () => {
    const code = await createCoupon({ max_entries: 1 });
    expect((await answer(await signUpMember(s), code)).status).toBe(200);
    expect(await answer(await signUpMember(s), code)).toEqual(USED_UP);
    const [row] = await s.database.db.select().from(coupons).where(eq(coupons.code, code));
    expect(row?.entries).toBe(1);
  });

  it("a Core member typing a code that never existed hears 'Invalid code.'", async () => {
    const m = await coreMember();
    expect(await answer(m, 'NEVER-EXISTED-21')).toEqual(INVALID);
    // A real, expired code is told as such to them too; a live one is the contact line.
    const expired = await createCoupon({
      start_date: daysFromNow(-9).toISOString(),
      end_date: daysFromNow(-2).toISOString(),
    });
    expect(await answer(m, expired)).toEqual(EXPIRED);
    expect(await answer(m, await createCoupon())).toEqual(
      failure(409, 'already-comp', 'Contact us for help with this code.'),
    );
  });

  it("a member with complimentary access typing an unknown code hears 'Invalid code.'", async () => {
    const m = await signUpMember(s);
    expect((await answer(m, await createCoupon())).status).toBe(200);
    expect(await answer(m, 'NEVER-EXISTED-22')).toEqual(INVALID);
    expect(await answer(m, await createCoupon())).toEqual(
      failure(409, 'already-comp', 'You already have this.'),
    );
  });

  it('concurrent grants past max_entries are told the maximum is reached', async () => {
    const code = await createCoupon({ max_entries: 2 });
    const riders = await Promise.all(Array.from({ length: 5 }, () => signUpMember(s)));
    const answers = await Promise.all(riders.map((r) => answer(r, code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status !== 200)).toEqual([USED_UP, USED_UP, USED_UP]);
  });
});
