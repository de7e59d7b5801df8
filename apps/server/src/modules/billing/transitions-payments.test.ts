import { describe, expect, it } from 'vitest';
import type { AccountEvent } from './transitions.js';
import { transition } from './transitions.js';
import { applied, at, LEVELS, level, once, SUB } from './transitions-fixtures.js';

describe('subscription-started', () => {
  const started = (plan: 'core' | 'pro', id = 'sub_new', periodEnd = at(31)): AccountEvent => ({
    type: 'subscription-started',
    plan,
    subscriptionId: id,
    periodEnd,
  });

  it.each(['free', 'trial', 'payment_failed', 'cancelled', 'cancelled_period_not_over'])(
    'moves %s to the paid plan, remembering where it came from',
    (name) => {
      const from = LEVELS[name]!;
      const s = once(from, started('pro'));
      expect(level(s)).toEqual(['pro', from.account_level]);
      expect(s).toMatchObject({
        current_period_end_date: at(31),
        subscription_plan: 'pro',
        stripe_sub_id: 'sub_new',
        account_expired: false,
        complimentary_access: false,
      });
    },
  );

  it('replaces complimentary access with the paid plan', () => {
    const s = once(LEVELS.complimentary!, started('pro'));
    expect(s).toMatchObject({
      account_level: 'pro',
      complimentary_access: false,
      complimentary_until: null,
      stripe_sub_id: 'sub_new',
    });
  });

  it('refuses a second subscription for a paying member; the same one is a replay', () => {
    expect(transition(LEVELS.core!, started('pro'))).toEqual({
      ok: false,
      reason: 'already-subscribed',
    });
    expect(transition(LEVELS.pro!, started('core'))).toEqual({
      ok: false,
      reason: 'already-subscribed',
    });
    const same = transition(LEVELS.core!, started('core', SUB, at(30)));
    expect(same).toEqual({ ok: true, state: LEVELS.core, changed: false });
  });
});

describe('subscription-updated', () => {
  const updated = (
    over: Partial<Extract<AccountEvent, { type: 'subscription-updated' }>> = {},
  ): AccountEvent => ({
    type: 'subscription-updated',
    plan: 'core',
    subscriptionId: SUB,
    periodEnd: at(61),
    cancelAtPeriodEnd: false,
    status: 'active',
    ...over,
  });

  it('renews a paid plan and switches plans', () => {
    expect(once(LEVELS.core!, updated())).toMatchObject({
      account_level: 'core',
      previous_account_level: 'trial',
      current_period_end_date: at(61),
    });
    const switched = once(LEVELS.core!, updated({ plan: 'pro' }));
    expect(level(switched)).toEqual(['pro', 'core']);
    expect(switched.subscription_plan).toBe('pro');
  });

  it('cancel at period end: cancelled_period_not_over until the period end', () => {
    for (const name of ['core', 'pro']) {
      const s = once(LEVELS[name]!, updated({ plan: name as 'core', cancelAtPeriodEnd: true }));
      expect(level(s)).toEqual(['cancelled_period_not_over', name]);
      expect(s.current_period_end_date).toEqual(at(61));
    }
  });

  it('restores a cancelled_period_not_over plan when the cancel is undone', () => {
    const s = once(LEVELS.cancelled_period_not_over!, updated({ plan: 'pro' }));
    expect(level(s)).toEqual(['pro', 'cancelled_period_not_over']);
  });

  it('past_due and unpaid mean payment_failed; active again brings the plan back', () => {
    for (const status of ['past_due', 'unpaid'] as const) {
      const failed = once(LEVELS.core!, updated({ status }));
      expect(level(failed)).toEqual(['payment_failed', 'core']);
      const back = once(failed, updated());
      expect(level(back)).toEqual(['core', 'payment_failed']);
    }
  });

  it('canceled and incomplete leave the state to other events', () => {
    for (const status of ['canceled', 'incomplete'] as const) {
      expect(transition(LEVELS.core!, updated({ status }))).toEqual({
        ok: true,
        state: LEVELS.core,
        changed: false,
      });
    }
  });

  it('complimentary access in force outranks the provider', () => {
    const comp = { ...LEVELS.complimentary!, stripe_sub_id: SUB };
    expect(transition(comp, updated({ plan: 'pro' }))).toMatchObject({ changed: false });
  });

  it('refuses events about another subscription', () => {
    for (const name of ['core', 'pro', 'payment_failed', 'cancelled_period_not_over']) {
      expect(transition(LEVELS[name]!, updated({ subscriptionId: 'sub_other' }))).toEqual({
        ok: false,
        reason: 'unknown-subscription',
      });
    }
  });
});

describe('subscription-deleted', () => {
  const deleted: AccountEvent = { type: 'subscription-deleted', subscriptionId: SUB };

  it('a member-cancelled plan whose period is over becomes free after cancelled', () => {
    const s = applied(transition(LEVELS.cancelled_period_not_over!, deleted));
    expect(s).toMatchObject({
      account_level: 'free',
      previous_account_level: 'cancelled',
      stripe_sub_id: null,
      account_expired: true,
    });
  });

  it('a plan ended by the provider becomes cancelled, remembering the plan', () => {
    for (const name of ['core', 'pro', 'payment_failed']) {
      const s = applied(transition(LEVELS[name]!, deleted));
      expect(level(s)).toEqual(['cancelled', LEVELS[name]!.subscription_plan]);
      expect(s.stripe_sub_id).toBeNull();
    }
  });

  it('keeps complimentary access in force', () => {
    const s = applied(transition({ ...LEVELS.complimentary!, stripe_sub_id: SUB }, deleted));
    expect(s).toMatchObject({ account_level: 'core', complimentary_access: true });
    expect(s.stripe_sub_id).toBeNull();
  });

  it('a replay (no subscription any more) and unknown ids are refused', () => {
    const after = applied(transition(LEVELS.core!, deleted));
    expect(transition(after, deleted)).toEqual({ ok: false, reason: 'unknown-subscription' });
    for (const name of ['free', 'trial', 'cancelled', 'complimentary']) {
      expect(transition(LEVELS[name]!, deleted)).toEqual({
        ok: false,
        reason: 'unknown-subscription',
      });
    }
    expect(
      transition(LEVELS.pro!, { type: 'subscription-deleted', subscriptionId: 'sub_other' }),
    ).toEqual({ ok: false, reason: 'unknown-subscription' });
  });
});

describe('payments', () => {
  const failed: AccountEvent = { type: 'payment-failed', subscriptionId: SUB };
  const paid: AccountEvent = { type: 'payment-succeeded', subscriptionId: SUB, periodEnd: at(45) };

  it('a failed payment moves core and pro to payment_failed', () => {
    for (const name of ['core', 'pro']) {
      expect(level(once(LEVELS[name]!, failed))).toEqual(['payment_failed', name]);
    }
  });

  it('a failed payment changes nothing for other levels and complimentary access', () => {
    for (const name of ['free', 'trial', 'payment_failed', 'cancelled', 'complimentary']) {
      expect(transition(LEVELS[name]!, failed)).toMatchObject({ ok: true, changed: false });
    }
  });

  it('a payment brings payment_failed back to its plan and extends paid periods', () => {
    const back = once(LEVELS.payment_failed!, paid);
    expect(level(back)).toEqual(['core', 'payment_failed']);
    expect(back.current_period_end_date).toEqual(at(45));
    for (const name of ['core', 'pro', 'cancelled_period_not_over']) {
      const s = once(LEVELS[name]!, paid);
      expect(level(s)).toEqual(level(LEVELS[name]!));
      expect(s.current_period_end_date).toEqual(at(45));
    }
  });

  it('a payment changes nothing for free, trial, cancelled and complimentary', () => {
    for (const name of ['free', 'trial', 'cancelled', 'complimentary']) {
      expect(transition(LEVELS[name]!, paid)).toMatchObject({ ok: true, changed: false });
    }
  });

  it('refuses payments of another subscription', () => {
    for (const e of [failed, paid]) {
      expect(transition(LEVELS.core!, { ...e, subscriptionId: 'sub_other' })).toEqual({
        ok: false,
        reason: 'unknown-subscription',
      });
    }
  });
});
