import { relativeTime, type AccountLevel } from '@ridealong/contracts';

/** The user fields the plan status reads. */
export type PlanUser = {
  account_level?: AccountLevel | null;
  previous_account_level?: AccountLevel | null;
  complimentary_access?: boolean | null;
  current_period_end_date?: string | null;
};

/**
 * The one control beside the plan status (document 000 section 4, 'Profile display'):
 * free gets Upgrade Now (to /pricing), cancelled_period_not_over gets Restore Account, the
 * paid and lapsed levels get the billing portal. Restore follows the membership portal rule:
 * complimentary access goes to /pricing instead of the portal.
 */
export type PlanAction =
  | { kind: 'upgrade'; label: 'Upgrade Now'; to: '/pricing' }
  | { kind: 'restore'; label: 'Restore Account'; target: 'portal' | '/pricing' }
  | { kind: 'billing'; label: 'Manage Billing' };

export type PlanDisplay = {
  /** The plan's name, 'Complimentary Core' for complimentary core/pro. */
  planName: string;
  /** One sentence about the plan's state (expiry times are relative, from current_period_end_date). */
  status: string;
  action: PlanAction | null;
  /** A paid, running subscription: the page offers a confirmed 'Cancel Subscription'. */
  canCancel: boolean;
};

const LEVEL_NAMES: Record<AccountLevel, string> = {
  free: 'Free',
  trial: 'Trial',
  core: 'Core',
  pro: 'Pro',
  payment_failed: 'Payment failed',
  cancelled: 'Cancelled',
  cancelled_period_not_over: 'Cancelled',
};

/** The name of a plan as the member reads it ('Core', 'Pro', ...). */
export const planLabel = (level: AccountLevel): string => LEVEL_NAMES[level];

const expiry = (end: string | null | undefined, now: Date) =>
  end ? relativeTime(end, now) : 'soon';

/** What /profile shows about the member's plan, for every account level. */
export function planDisplay(user: PlanUser, now: Date = new Date()): PlanDisplay {
  const level = user.account_level ?? 'free';
  const complimentary = user.complimentary_access === true;
  // Complimentary users never get the billing portal (sections 4 and 5).
  const billing: PlanAction | null = complimentary
    ? null
    : { kind: 'billing', label: 'Manage Billing' };
  switch (level) {
    case 'free':
      return {
        planName: 'Free',
        status: 'You are on the Free plan.',
        action: { kind: 'upgrade', label: 'Upgrade Now', to: '/pricing' },
        canCancel: false,
      };
    case 'trial':
      return {
        planName: 'Trial',
        status: `Your trial of our ad-free plan will expire ${expiry(user.current_period_end_date, now)}.`,
        action: null,
        canCancel: false,
      };
    case 'core':
    case 'pro': {
      const planName = `${complimentary ? 'Complimentary ' : ''}${LEVEL_NAMES[level]}`;
      // A coupon's access ends; saying when is the useful part of a complimentary plan.
      const ends =
        complimentary && user.current_period_end_date
          ? ` It ends ${relativeTime(user.current_period_end_date, now)}.`
          : '';
      return {
        planName,
        status: `Your ${planName} plan is active.${ends}`,
        action: billing,
        canCancel: !complimentary,
      };
    }
    case 'payment_failed':
      return {
        planName: 'Payment failed',
        status: 'Your most recent payment failed.',
        action: billing,
        canCancel: false,
      };
    case 'cancelled':
      return {
        planName: 'Cancelled',
        status: 'Your subscription is cancelled.',
        action: billing,
        canCancel: false,
      };
    case 'cancelled_period_not_over': {
      const previous = user.previous_account_level;
      const paid = previous === 'core' || previous === 'pro' ? planLabel(previous) : null;
      // Without a known previous plan the pricing page's wording ('your ad-free plan') is used.
      const cancelledPlan = paid ?? 'ad-free';
      return {
        planName: paid ? `Cancelled ${paid}` : 'Cancelled',
        status: `You cancelled your ${cancelledPlan} plan. Your plan features will expire ${expiry(user.current_period_end_date, now)}.`,
        action: {
          kind: 'restore',
          label: 'Restore Account',
          target: complimentary ? '/pricing' : 'portal',
        },
        canCancel: false,
      };
    }
  }
}
