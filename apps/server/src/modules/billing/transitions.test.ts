import { describe, expect, it } from 'vitest';
import type { AccountEvent } from './transitions.js';
import { NEW_ACCOUNT_STATE, transition } from './transitions.js';
import { ALL, applied, at, LEVELS, level, NOW, once, SUB } from './transitions-fixtures.js';

describe('signup', () => {
  it('starts a trial of the given length from any state, and a replay changes nothing', () => {
    for (const name of ALL) {
      const s = once(LEVELS[name]!, { type: 'signup', now: NOW, trialDays: 14 });
      expect(s).toEqual({
        ...NEW_ACCOUNT_STATE,
        account_level: 'trial',
        current_period_end_date: at(14),
      });
    }
  });
});

describe('complimentary-granted', () => {
  const grant = (lvl: 'core' | 'pro' = 'core'): AccountEvent => ({
    type: 'complimentary-granted',
    level: lvl,
    until: at(90),
  });

  it.each(['free', 'trial', 'payment_failed', 'cancelled', 'cancelled_period_not_over'])(
    'grants the level to %s until the given date',
    (name) => {
      const s = applied(transition(LEVELS[name]!, grant()));
      expect(s).toMatchObject({
        account_level: 'core',
        previous_account_level: LEVELS[name]!.account_level,
        current_period_end_date: at(90),
        complimentary_access: true,
        complimentary_until: at(90),
        account_expired: false,
      });
    },
  );

  it('gives a core subscriber pro', () => {
    expect(level(applied(transition(LEVELS.core!, grant('pro'))))).toEqual(['pro', 'core']);
  });

  it('refuses a member who already has it: complimentary, or paying for this level or more', () => {
    const refused = { ok: false, reason: 'already-comp' };
    expect(transition(LEVELS.complimentary!, grant())).toEqual(refused);
    expect(transition(LEVELS.complimentary!, grant('pro'))).toEqual(refused);
    expect(transition(LEVELS.core!, grant())).toEqual(refused);
    expect(transition(LEVELS.pro!, grant())).toEqual(refused);
    expect(transition(LEVELS.pro!, grant('pro'))).toEqual(refused);
  });

  it('a replay is refused and leaves the grant as it was', () => {
    const s = applied(transition(LEVELS.free!, grant()));
    expect(transition(s, grant())).toEqual({ ok: false, reason: 'already-comp' });
  });
});

describe('expire', () => {
  const expire = (days: number): AccountEvent => ({ type: 'expire', now: at(days) });

  it('ends a trial at its end date, not before', () => {
    expect(transition(LEVELS.trial!, expire(13))).toMatchObject({ changed: false });
    const s = once(LEVELS.trial!, expire(14));
    expect(s).toMatchObject({
      account_level: 'free',
      previous_account_level: 'trial',
      account_expired: true,
    });
  });

  it('ends a grant at its end date, back to where the member was', () => {
    expect(transition(LEVELS.complimentary!, expire(29))).toMatchObject({ changed: false });
    const s = once(LEVELS.complimentary!, expire(30));
    expect(s).toMatchObject({
      account_level: 'free',
      previous_account_level: 'core',
      current_period_end_date: null,
      complimentary_access: false,
      complimentary_until: null,
      account_expired: true,
    });
    const wasCancelled = { ...LEVELS.complimentary!, previous_account_level: 'cancelled' as const };
    expect(level(once(wasCancelled, expire(30)))).toEqual(['cancelled', 'core']);
  });

  it('a grant given during a trial ends the trial too', () => {
    const s = applied(
      transition(LEVELS.trial!, { type: 'complimentary-granted', level: 'core', until: at(7) }),
    );
    expect(level(once(s, expire(7)))).toEqual(['free', 'core']);
  });

  it('a subscriber given more gets the subscribed plan back while it runs', () => {
    const s = applied(
      transition(LEVELS.core!, { type: 'complimentary-granted', level: 'pro', until: at(7) }),
    );
    const back = once(s, expire(7));
    expect(back).toMatchObject({
      account_level: 'core',
      previous_account_level: 'pro',
      complimentary_access: false,
      account_expired: false,
      stripe_sub_id: SUB,
    });
  });

  it('a subscription that ended during the grant leaves the member free, not stuck', () => {
    for (const name of ['core', 'payment_failed', 'cancelled_period_not_over']) {
      const given = applied(
        transition(LEVELS[name]!, { type: 'complimentary-granted', level: 'pro', until: at(7) }),
      );
      const ended = applied(
        transition(given, { type: 'subscription-deleted', subscriptionId: SUB }),
      );
      expect(once(ended, expire(7))).toMatchObject({
        account_level: 'free',
        account_expired: true,
      });
    }
  });

  it('leaves everything else alone, including grants without an end', () => {
    for (const name of ['free', 'core', 'pro', 'payment_failed', 'cancelled']) {
      expect(transition(LEVELS[name]!, expire(400))).toMatchObject({ changed: false });
    }
    const cpno = LEVELS.cancelled_period_not_over!;
    expect(transition(cpno, expire(400))).toMatchObject({ changed: false });
    const forever = { ...LEVELS.complimentary!, complimentary_until: null };
    expect(transition(forever, expire(4000))).toMatchObject({ changed: false });
  });
});

describe('admin-set-level', () => {
  it('sets a paid level as complimentary for a member without a subscription', () => {
    const s = once(LEVELS.free!, { type: 'admin-set-level', level: 'pro', periodEnd: at(10) });
    expect(s).toMatchObject({
      account_level: 'pro',
      previous_account_level: 'free',
      complimentary_access: true,
      complimentary_until: at(10),
    });
  });

  it('a subscriber keeps paying: not complimentary', () => {
    const s = once(LEVELS.core!, { type: 'admin-set-level', level: 'pro', periodEnd: at(10) });
    expect(s).toMatchObject({ account_level: 'pro', complimentary_access: false });
  });

  it('an unpaid level clears complimentary access', () => {
    for (const name of ALL) {
      const s = once(LEVELS[name]!, { type: 'admin-set-level', level: 'free', periodEnd: null });
      expect(s).toMatchObject({
        account_level: 'free',
        complimentary_access: false,
        complimentary_until: null,
        current_period_end_date: null,
      });
    }
  });
});
