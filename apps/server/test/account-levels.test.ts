import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expirySweep } from '../src/modules/billing/expiry-sweep.js';
import { backends, listenApp, startServer, type TestServer, uniqueEmail } from './harness.js';
import {
  couponBody,
  daysFromNow,
  fetchUser,
  LENIENT_LIMITS,
  type Member,
  signIn,
  signUpMember,
  uniqueCode,
} from './billing-fixtures.js';

const DAY = 86_400_000;
const TRIAL_DAYS = 10;
const BOSS = 'Level-Boss@Example.com';

describe.each(backends)('account levels and admins on $name', (backend) => {
  let s: TestServer;
  let boss: Member;
  beforeAll(async () => {
    s = await startServer(backend, {
      ...LENIENT_LIMITS,
      TRIAL_DAYS: String(TRIAL_DAYS),
      // Any case, with spaces: the list is matched case-insensitively.
      ADMIN_EMAILS: ` ${BOSS.toUpperCase()} , other-boss@example.com`,
    });
    boss = await signUpMember(s, BOSS.toLowerCase());
  });
  afterAll(() => s.close());

  const sweep = (at: Date) =>
    expirySweep({
      db: s.database.db,
      log: { info: () => undefined, error: (_: object, msg: string) => expect.fail(msg) },
    }).sweep(at);

  it('sign-up starts an ad-free trial of TRIAL_DAYS', async () => {
    const before = Date.now();
    const m = await signUpMember(s);
    expect(m.user).toMatchObject({
      account_level: 'trial',
      previous_account_level: null,
      complimentary_access: false,
      account_expired: false,
    });
    const end = Date.parse(m.user.current_period_end_date ?? '');
    expect(end).toBeGreaterThanOrEqual(before + TRIAL_DAYS * DAY);
    expect(end).toBeLessThanOrEqual(Date.now() + TRIAL_DAYS * DAY);
  });

  it('the expiry sweep ends trials and grants that are over, and only those', async () => {
    const trial = await signUpMember(s);
    const week = await signUpMember(s);
    const month = await signUpMember(s);
    const weekCode = uniqueCode('WEEK');
    const monthCode = uniqueCode('MONTH');
    for (const [code, time] of [
      [weekCode, [1, 'w']],
      [monthCode, [40, 'd']],
    ] as const) {
      const body = couponBody(code, { grants: { account_level: 'core', time_to_grant: time } });
      expect((await s.post('/api/v1/coupon/create', body, boss.token)).status).toBe(201);
    }
    const redeem = (m: Member, code: string) =>
      s.post('/api/v1/coupon/grant', { user_id: m.id, code }, m.token);
    expect((await redeem(week, weekCode)).status).toBe(200);
    expect((await redeem(month, monthCode)).status).toBe(200);

    // Day 8: the week's grant is over (it was given during the trial, so that ends too).
    expect(await sweep(daysFromNow(8))).toBeGreaterThanOrEqual(1);
    expect(await fetchUser(s, trial)).toMatchObject({ account_level: 'trial' });
    expect(await fetchUser(s, week)).toMatchObject({
      account_level: 'free',
      previous_account_level: 'core',
      complimentary_access: false,
      current_period_end_date: null,
      account_expired: true,
    });
    expect(await fetchUser(s, month)).toMatchObject({
      account_level: 'core',
      complimentary_access: true,
    });

    // After TRIAL_DAYS: the trial is over; the 40-day grant is not.
    await sweep(daysFromNow(TRIAL_DAYS + 1));
    expect(await fetchUser(s, trial)).toMatchObject({
      account_level: 'free',
      previous_account_level: 'trial',
      account_expired: true,
    });
    expect((await fetchUser(s, month)).account_level).toBe('core');

    // A second pass (another process, or the next minute) finds nothing to change.
    expect(await sweep(daysFromNow(TRIAL_DAYS + 1))).toBe(0);

    await sweep(daysFromNow(41));
    expect(await fetchUser(s, month)).toMatchObject({
      account_level: 'free',
      complimentary_access: false,
    });
    // Redeemed once: the same code again is refused, now without complimentary access.
    const again = await redeem(month, monthCode);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      code: 'already-comp',
      message: 'Contact us for help with this code.',
    });
  });

  it('ADMIN_EMAILS makes admins at sign-up; others are members', async () => {
    expect(boss.user.admin).toBe(true);
    const member = await signUpMember(s);
    expect(member.user.admin).toBe(false);
  });

  it('an account listed later becomes admin at start, or at its next sign-in', async () => {
    const early = await signUpMember(s, uniqueEmail('early'));
    expect(early.user.admin).toBe(false);
    const lateEmail = uniqueEmail('late');
    // Another process starting on the same database with a longer list.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ra-admins-'));
    const other = await listenApp({
      database: s.database,
      dataDir,
      env: { ...LENIENT_LIMITS, ADMIN_EMAILS: `${early.email.toUpperCase()},${lateEmail}` },
    });
    try {
      expect((await fetchUser(s, early)).admin).toBe(true);
      // Signed up through the first server, whose list does not name it ...
      const late = await signUpMember(s, lateEmail);
      expect(late.user.admin).toBe(false);
      // ... and signed in through the one whose list does.
      const res = await fetch(`${other.baseUrl}/api/v1/email-signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: lateEmail, password: 'secret12' }),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { user: { admin: boolean } }).user.admin).toBe(true);
    } finally {
      await other.app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    // The role is on the row: the first server now treats the account as an admin too.
    expect((await signIn(s, early.email)).user.admin).toBe(true);
    expect((await signIn(s, lateEmail)).user.admin).toBe(true);
  });
});
