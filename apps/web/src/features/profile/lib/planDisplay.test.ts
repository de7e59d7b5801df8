import { describe, expect, it } from 'vitest';
import { planDisplay, type PlanUser } from './planDisplay';

const NOW = new Date('2025-03-01T12:00:00Z');
const IN_3_DAYS = '2025-03-04T12:00:00Z';

const show = (user: PlanUser) => planDisplay(user, NOW);

describe('planDisplay', () => {
  it('free: Upgrade Now to /pricing, nothing to cancel', () => {
    const d = show({ account_level: 'free' });
    expect(d.planName).toBe('Free');
    expect(d.action).toEqual({ kind: 'upgrade', label: 'Upgrade Now', to: '/pricing' });
    expect(d.canCancel).toBe(false);
  });

  it('a user without a level reads as free', () => {
    expect(show({}).action?.kind).toBe('upgrade');
  });

  it('trial: shows the expiry time relative to now and no button', () => {
    const d = show({ account_level: 'trial', current_period_end_date: IN_3_DAYS });
    expect(d.planName).toBe('Trial');
    expect(d.status).toBe('Your trial of our ad-free plan will expire in 3 days.');
    expect(d.action).toBeNull();
  });

  it('core and pro: the plan name and the billing button, cancellable', () => {
    for (const [level, name] of [
      ['core', 'Core'],
      ['pro', 'Pro'],
    ] as const) {
      const d = show({ account_level: level, complimentary_access: false });
      expect(d.planName).toBe(name);
      expect(d.status).toBe(`Your ${name} plan is active.`);
      expect(d.action).toEqual({ kind: 'billing', label: 'Manage Billing' });
      expect(d.canCancel).toBe(true);
    }
  });

  it('complimentary core/pro: prefixed Complimentary, when it ends, no billing, no cancel', () => {
    const core = show({
      account_level: 'core',
      complimentary_access: true,
      current_period_end_date: IN_3_DAYS,
    });
    expect(core.planName).toBe('Complimentary Core');
    expect(core.status).toBe('Your Complimentary Core plan is active. It ends in 3 days.');
    expect(core.action).toBeNull();
    expect(core.canCancel).toBe(false);
    const pro = show({ account_level: 'pro', complimentary_access: true });
    expect(pro.planName).toBe('Complimentary Pro');
    expect(pro.status).toBe('Your Complimentary Pro plan is active.');
    expect(pro.action).toBeNull();
  });

  it('payment_failed and cancelled: the billing button unless complimentary', () => {
    for (const level of ['payment_failed', 'cancelled'] as const) {
      expect(show({ account_level: level }).action?.kind).toBe('billing');
      expect(show({ account_level: level, complimentary_access: true }).action).toBeNull();
      expect(show({ account_level: level }).canCancel).toBe(false);
    }
    expect(show({ account_level: 'payment_failed' }).status).toBe(
      'Your most recent payment failed.',
    );
  });

  it('cancelled_period_not_over: the cancelled plan, its expiry and Restore Account (portal)', () => {
    const d = show({
      account_level: 'cancelled_period_not_over',
      previous_account_level: 'pro',
      current_period_end_date: IN_3_DAYS,
    });
    expect(d.planName).toBe('Cancelled Pro');
    expect(d.status).toBe('You cancelled your Pro plan. Your plan features will expire in 3 days.');
    expect(d.action).toEqual({ kind: 'restore', label: 'Restore Account', target: 'portal' });
    expect(d.canCancel).toBe(false);
  });

  it('cancelled_period_not_over with complimentary access restores through /pricing', () => {
    const d = show({
      account_level: 'cancelled_period_not_over',
      previous_account_level: 'core',
      complimentary_access: true,
      current_period_end_date: IN_3_DAYS,
    });
    expect(d.action).toEqual({ kind: 'restore', label: 'Restore Account', target: '/pricing' });
  });

  it('cancelled_period_not_over without a known previous plan says ad-free', () => {
    const d = show({ account_level: 'cancelled_period_not_over', current_period_end_date: null });
    expect(d.planName).toBe('Cancelled');
    expect(d.status).toBe('You cancelled your ad-free plan. Your plan features will expire soon.');
  });
});
