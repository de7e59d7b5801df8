import { describe, expect, it } from 'vitest';
import type { AccountLevel } from '../constants.js';
import {
  memberPlanTier,
  bannerFor,
  buyAction,
  canBuy,
  cancellationMessage,
  complimentaryInForce,
  portalTarget,
  pricingMessage,
  type PlanFields,
} from './plans.js';

const now = new Date('2026-11-23T12:00:00Z');
const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000).toISOString();
const user = (level: AccountLevel | undefined, extra: Partial<PlanFields> = {}): PlanFields => ({
  account_level: level,
  previous_account_level: null,
  current_period_end_date: null,
  complimentary_access: false,
  ...extra,
});

describe('pricingMessage (document 000 section 4 table)', () => {
  it('free with a previous level other than cancelled: the trial expired', () => {
    for (const previous of [null, 'trial', 'core'] as const) {
      const m = pricingMessage(user('free', { previous_account_level: previous }), now);
      expect(m).toEqual({
        message:
          'Your ad-free trial has expired. Upgrade for ad-free, or keep training with our ad-supported plan.',
        followUp: null,
        link: null,
      });
    }
  });

  it('payment_failed offers the payment-update link', () => {
    const m = pricingMessage(user('payment_failed', { previous_account_level: 'core' }), now);
    expect(m.message).toBe('Your most recent payment failed.');
    expect(m.link?.kind).toBe('update-payment');
    expect(m.followUp).toBeNull();
  });

  it.each([
    ['core', 'Your Core plan is active.'],
    ['pro', 'Your Pro plan is active.'],
  ] as const)('%s is active and says Keep training!', (level, text) => {
    const m = pricingMessage(user(level), now);
    expect(m).toEqual({ message: text, followUp: 'Keep training!', link: null });
  });

  it('trial names the relative time of its end', () => {
    const m = pricingMessage(user('trial', { current_period_end_date: inDays(3) }), now);
    expect(m.message).toBe('Your trial of our ad-free plan will expire in 3 days.');
    expect(m.link).toBeNull();
  });

  it('trial without an end date reads soon rather than a date from 1970', () => {
    expect(pricingMessage(user('trial'), now).message).toBe(
      'Your trial of our ad-free plan will expire soon.',
    );
  });

  it('free with previous level cancelled, and level cancelled, say the plan was cancelled', () => {
    const text = 'You cancelled your ad-free plan.';
    expect(pricingMessage(user('free', { previous_account_level: 'cancelled' }), now).message).toBe(
      text,
    );
    expect(pricingMessage(user('cancelled', { previous_account_level: 'pro' }), now).message).toBe(
      text,
    );
  });

  it('cancelled_period_not_over names the previous plan and time, with Restore', () => {
    const m = pricingMessage(
      user('cancelled_period_not_over', {
        previous_account_level: 'core',
        current_period_end_date: inDays(12),
      }),
      now,
    );
    expect(m.message).toBe(
      'You cancelled your Core plan. Your plan features will expire in 12 days.',
    );
    expect(m.link).toEqual({ kind: 'restore', label: 'Restore' });
    const pro = pricingMessage(
      user('cancelled_period_not_over', {
        previous_account_level: 'pro',
        current_period_end_date: inDays(60),
      }),
      now,
    );
    expect(pro.message).toBe(
      'You cancelled your Pro plan. Your plan features will expire in 2 months.',
    );
  });

  it('any other state: Something Went Wrong.', () => {
    expect(pricingMessage(user(undefined), now).message).toBe('Something Went Wrong.');
    expect(pricingMessage({}, now).message).toBe('Something Went Wrong.');
  });
});

describe('bannerFor (document 000 section 4 banner alerts)', () => {
  it('trial: expiry time with a subscribe link to pricing', () => {
    const b = bannerFor(user('trial', { current_period_end_date: inDays(5) }), now);
    expect(b).toEqual({
      level: 'trial',
      message: 'Your trial will expire in 5 days!',
      link: { to: '/pricing', label: 'Subscribe' },
    });
  });

  it('payment_failed and cancelled send the member to pricing', () => {
    const failed = bannerFor(user('payment_failed'), now);
    expect(failed?.message).toMatch(/payment method has expired/);
    expect(failed?.link.to).toBe('/pricing');
    const cancelled = bannerFor(user('cancelled'), now);
    expect(cancelled?.link).toEqual({
      to: '/pricing',
      label: 'Visit pricing to buy a new subscription.',
    });
  });

  it('cancelled_period_not_over: access lost at the time, reinstate on the profile', () => {
    const b = bannerFor(
      user('cancelled_period_not_over', { current_period_end_date: inDays(2) }),
      now,
    );
    expect(b?.message).toBe('You will lose access to your plan in 2 days.');
    expect(b?.link.to).toBe('/profile');
  });

  it.each(['free', 'core', 'pro'] as const)('%s shows no banner', (level) => {
    expect(bannerFor(user(level), now)).toBeNull();
  });

  it('guests show no banner', () => {
    expect(bannerFor(null, now)).toBeNull();
  });
});

describe('canBuy and buyAction (sections 4 and 5)', () => {
  it.each([
    ['trial', true],
    ['free', true],
    ['cancelled', true],
    ['core', false],
    ['pro', false],
    ['payment_failed', false],
    ['cancelled_period_not_over', false],
  ] as const)('%s may buy: %s', (level, allowed) => {
    expect(canBuy(user(level), now)).toBe(allowed);
    expect(buyAction(user(level), now)).toBe(allowed ? 'checkout' : 'profile');
  });

  it('guests cannot buy and are sent to log in', () => {
    expect(canBuy(null, now)).toBe(false);
    expect(buyAction(null, now)).toBe('login');
  });

  it('complimentary access in force blocks buying; a lapsed grant does not', () => {
    const inForce = user('free', {
      complimentary_access: true,
      current_period_end_date: inDays(3),
    });
    const lapsed = user('free', {
      complimentary_access: true,
      current_period_end_date: inDays(-1),
    });
    expect(complimentaryInForce(inForce, now)).toBe(true);
    expect(canBuy(inForce, now)).toBe(false);
    expect(buyAction(inForce, now)).toBe('profile');
    expect(complimentaryInForce(lapsed, now)).toBe(false);
    expect(canBuy(lapsed, now)).toBe(true);
  });

  it('complimentary access without an end date is in force', () => {
    expect(complimentaryInForce(user('core', { complimentary_access: true }), now)).toBe(true);
  });
});

describe('portalTarget (membership portal rule)', () => {
  it.each([
    ['core', 'portal'],
    ['cancelled_period_not_over', 'portal'],
    ['pro', 'portal'],
    ['payment_failed', 'portal'],
    ['cancelled', 'portal'],
    ['free', '/pricing'],
    ['trial', '/pricing'],
  ] as const)('%s goes to %s', (level, target) => {
    expect(portalTarget(user(level))).toBe(target);
  });

  it('complimentary access goes to /pricing', () => {
    expect(portalTarget(user('core', { complimentary_access: true }))).toBe('/pricing');
  });
});

describe('cancellationMessage', () => {
  it('names the end of the billing period', () => {
    expect(
      cancellationMessage(
        user('cancelled_period_not_over', { current_period_end_date: inDays(20) }),
        now,
      ),
    ).toBe(
      'Your membership has been cancelled. Your access ends at the end of your billing period, in 20 days.',
    );
  });
});

describe('memberPlanTier (what plays, section 6)', () => {
  const now = new Date('2026-03-01T00:00:00.000Z');
  it('Pro, Core with trial, none for the rest and for guests', () => {
    expect(memberPlanTier({ account_level: 'pro' }, now)).toBe('pro');
    expect(memberPlanTier({ account_level: 'core' }, now)).toBe('core');
    expect(memberPlanTier({ account_level: 'trial' }, now)).toBe('core');
    for (const level of ['free', 'payment_failed', 'cancelled'] as const) {
      expect(memberPlanTier({ account_level: level }, now)).toBe('none');
    }
    expect(memberPlanTier(null, now)).toBe('none');
  });

  it('keeps a cancelled plan until its period ends', () => {
    const cancelled = (end: string | null) => ({
      account_level: 'cancelled_period_not_over' as const,
      previous_account_level: 'core' as const,
      current_period_end_date: end,
    });
    expect(memberPlanTier(cancelled('2026-03-02T00:00:00.000Z'), now)).toBe('core');
    expect(memberPlanTier(cancelled('2026-02-28T00:00:00.000Z'), now)).toBe('none');
    expect(memberPlanTier(cancelled(null), now)).toBe('none');
  });
});
