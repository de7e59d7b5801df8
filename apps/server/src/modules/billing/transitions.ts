import type { AccountLevel } from '@ridealong/contracts';

/**
 * Account levels (document 000 section 4) as one pure function of (state, event). Every path
 * that changes a member's plan (payment webhooks of either provider, coupons, the expiry job,
 * admins) goes through `transition`, so the levels and the pricing/banner messages derived from
 * them cannot drift apart. Design notes are in docs/billing.md.
 */
export type Plan = 'core' | 'pro';

export type AccountState = {
  account_level: AccountLevel;
  previous_account_level: AccountLevel | null;
  /** Trial end, paid period end, or the end of complimentary access. */
  current_period_end_date: Date | null;
  complimentary_access: boolean;
  complimentary_until: Date | null;
  account_expired: boolean;
  /** The plan of the provider subscription, kept so a cancelled plan can be restored. */
  subscription_plan: Plan | null;
  stripe_sub_id: string | null;
};

export type AccountEvent =
  | { type: 'signup'; now: Date; trialDays: number }
  /** The provider confirmed a first payment (checkout completed). */
  | { type: 'subscription-started'; plan: Plan; subscriptionId: string; periodEnd: Date }
  /** The provider's view of the subscription changed (plan, period, cancel at period end). */
  | {
      type: 'subscription-updated';
      plan: Plan;
      subscriptionId: string;
      periodEnd: Date;
      cancelAtPeriodEnd: boolean;
      status: 'active' | 'trialing' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete';
    }
  /** The subscription ended (period over after a cancel, or dunning gave up). */
  | { type: 'subscription-deleted'; subscriptionId: string }
  | { type: 'payment-failed'; subscriptionId: string }
  | { type: 'payment-succeeded'; subscriptionId: string; periodEnd: Date }
  | { type: 'complimentary-granted'; level: Plan; until: Date }
  /** The scheduled job: ends trials and complimentary grants that are over. */
  | { type: 'expire'; now: Date }
  | { type: 'admin-set-level'; level: AccountLevel; periodEnd: Date | null };

export type TransitionResult =
  | { ok: true; state: AccountState; changed: boolean }
  | { ok: false; reason: 'already-comp' | 'already-subscribed' | 'unknown-subscription' };

const PAID: readonly AccountLevel[] = ['core', 'pro'];
const isPaidLevel = (l: AccountLevel | null): l is Plan => l !== null && PAID.includes(l);

export const NEW_ACCOUNT_STATE: AccountState = {
  account_level: 'free',
  previous_account_level: null,
  current_period_end_date: null,
  complimentary_access: false,
  complimentary_until: null,
  account_expired: false,
  subscription_plan: null,
  stripe_sub_id: null,
};

const same = (a: AccountState, b: AccountState) =>
  (Object.keys(a) as (keyof AccountState)[]).every((k) => {
    const x = a[k];
    const y = b[k];
    return x instanceof Date && y instanceof Date ? x.getTime() === y.getTime() : x === y;
  });

const ok = (before: AccountState, state: AccountState): TransitionResult => ({
  ok: true,
  state,
  changed: !same(before, state),
});

/** Events about a subscription other than the member's current one are not applied. */
const otherSubscription = (s: AccountState, id: string) =>
  s.stripe_sub_id !== null && s.stripe_sub_id !== id;

export function transition(s: AccountState, e: AccountEvent): TransitionResult {
  switch (e.type) {
    case 'signup':
      return ok(s, {
        ...NEW_ACCOUNT_STATE,
        account_level: 'trial',
        current_period_end_date: new Date(e.now.getTime() + e.trialDays * 86_400_000),
      });

    case 'subscription-started':
      if (
        isPaidLevel(s.account_level) &&
        !s.complimentary_access &&
        s.stripe_sub_id !== e.subscriptionId
      )
        return { ok: false, reason: 'already-subscribed' };
      return ok(s, {
        ...s,
        account_level: e.plan,
        previous_account_level:
          s.account_level === e.plan ? s.previous_account_level : s.account_level,
        current_period_end_date: e.periodEnd,
        complimentary_access: false,
        complimentary_until: null,
        account_expired: false,
        subscription_plan: e.plan,
        stripe_sub_id: e.subscriptionId,
      });

    case 'subscription-updated': {
      if (otherSubscription(s, e.subscriptionId))
        return { ok: false, reason: 'unknown-subscription' };
      if (s.complimentary_access) return ok(s, s); // a grant in force outranks the provider's view
      const base = { ...s, subscription_plan: e.plan, stripe_sub_id: e.subscriptionId };
      if (e.status === 'canceled') return ok(s, s);
      if (e.status === 'past_due' || e.status === 'unpaid')
        return ok(s, { ...base, account_level: 'payment_failed', previous_account_level: e.plan });
      if (e.cancelAtPeriodEnd)
        return ok(s, {
          ...base,
          account_level: 'cancelled_period_not_over',
          previous_account_level: e.plan,
          current_period_end_date: e.periodEnd,
        });
      if (e.status === 'incomplete') return ok(s, s);
      return ok(s, {
        ...base,
        account_level: e.plan,
        previous_account_level:
          s.account_level === e.plan ? s.previous_account_level : s.account_level,
        current_period_end_date: e.periodEnd,
        account_expired: false,
      });
    }

    case 'subscription-deleted': {
      if (otherSubscription(s, e.subscriptionId) || s.stripe_sub_id === null)
        return { ok: false, reason: 'unknown-subscription' };
      const cleared = { ...s, stripe_sub_id: null, account_expired: true };
      if (s.complimentary_access) return ok(s, { ...cleared, account_expired: false });
      // Cancelled by the member and the paid period is over: 'free' with 'cancelled' before it
      // (the pricing table's 'You cancelled your ad-free plan.' row).
      if (s.account_level === 'cancelled_period_not_over')
        return ok(s, { ...cleared, account_level: 'free', previous_account_level: 'cancelled' });
      // Ended by the provider (payments kept failing, or removed in its dashboard).
      return ok(s, {
        ...cleared,
        account_level: 'cancelled',
        previous_account_level: s.subscription_plan ?? s.previous_account_level,
      });
    }

    case 'payment-failed':
      if (otherSubscription(s, e.subscriptionId))
        return { ok: false, reason: 'unknown-subscription' };
      if (s.complimentary_access || !isPaidLevel(s.account_level)) return ok(s, s);
      return ok(s, {
        ...s,
        account_level: 'payment_failed',
        previous_account_level: s.account_level,
      });

    case 'payment-succeeded': {
      if (otherSubscription(s, e.subscriptionId))
        return { ok: false, reason: 'unknown-subscription' };
      if (s.complimentary_access) return ok(s, s);
      if (s.account_level === 'payment_failed' && s.subscription_plan)
        return ok(s, {
          ...s,
          account_level: s.subscription_plan,
          previous_account_level: 'payment_failed',
          current_period_end_date: e.periodEnd,
        });
      if (isPaidLevel(s.account_level) || s.account_level === 'cancelled_period_not_over')
        return ok(s, { ...s, current_period_end_date: e.periodEnd });
      return ok(s, s);
    }

    case 'complimentary-granted': {
      if (s.complimentary_access) return { ok: false, reason: 'already-comp' };
      // A paying member already has this (or more): the grant would only take it away.
      if (isPaidLevel(s.account_level) && (s.account_level === 'pro' || e.level === 'core'))
        return { ok: false, reason: 'already-comp' };
      return ok(s, {
        ...s,
        account_level: e.level,
        previous_account_level: s.account_level,
        current_period_end_date: e.until,
        complimentary_access: true,
        complimentary_until: e.until,
        account_expired: false,
      });
    }

    case 'expire': {
      const over = (d: Date | null) => d !== null && d.getTime() <= e.now.getTime();
      if (s.complimentary_access && over(s.complimentary_until)) {
        // Back to where the member was; a trial that ran out meanwhile is over too. A level
        // bound to a subscription (a core subscriber given pro) comes back only while that
        // subscription still runs: the provider's events were ignored during the grant, and its
        // next one sets the period. Without one, such a level would never move again.
        const back = s.previous_account_level;
        const subscriptionBound =
          isPaidLevel(back) || back === 'payment_failed' || back === 'cancelled_period_not_over';
        const level: AccountLevel =
          back === null || back === 'trial'
            ? 'free'
            : subscriptionBound
              ? s.stripe_sub_id !== null
                ? back
                : 'free'
              : back;
        return ok(s, {
          ...s,
          account_level: level,
          previous_account_level: s.account_level,
          current_period_end_date: null,
          complimentary_access: false,
          complimentary_until: null,
          account_expired: level === 'free' || level === 'cancelled',
        });
      }
      if (s.account_level === 'trial' && over(s.current_period_end_date))
        return ok(s, {
          ...s,
          account_level: 'free',
          previous_account_level: 'trial',
          account_expired: true,
        });
      return ok(s, s);
    }

    case 'admin-set-level':
      return ok(s, {
        ...s,
        account_level: e.level,
        previous_account_level:
          s.account_level === e.level ? s.previous_account_level : s.account_level,
        current_period_end_date: e.periodEnd,
        complimentary_access: isPaidLevel(e.level) && s.stripe_sub_id === null,
        complimentary_until: isPaidLevel(e.level) && s.stripe_sub_id === null ? e.periodEnd : null,
        account_expired: false,
      });
  }
}
