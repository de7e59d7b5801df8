import { FITNESS_NETWORK_REDIRECT_MS, type AccountLevel } from '../constants.js';
import { relativeTime } from './relative-time.js';

/**
 * What the pricing page, the banner alerts and the buy flow say and do for a member's plan
 * (document 000 sections 4 and 5). Pure functions of the user's plan fields and `now`, so the
 * web app, the desktop app and the tests read the same rules.
 */

/** The plan fields of the user (the client's stored user has them all optional). */
export type PlanFields = {
  account_level?: AccountLevel | null;
  previous_account_level?: AccountLevel | null;
  current_period_end_date?: string | null;
  complimentary_access?: boolean;
};

/** Returns from the billing portal wait as long as those from the fitness network (section 9). */
export const PORTAL_REDIRECT_MS = FITNESS_NETWORK_REDIRECT_MS;

export const PLAN_TEXT = {
  expired:
    'Your ad-free trial has expired. Upgrade for ad-free, or keep training with our ad-supported plan.',
  paymentFailed: 'Your most recent payment failed.',
  keepTraining: 'Keep training!',
  cancelled: 'You cancelled your ad-free plan.',
  somethingWrong: 'Something Went Wrong.',
  signedOut: 'Pick your plan.',
  joinFree: 'Join free. No credit card needed.',
  updatePayment: 'Update your payment method',
  restore: 'Restore',
  purchased: 'You have sucessfully purchased a membership. Please wait while we redirect you.',
  updatingAccount: 'Please wait while we update your account.',
} as const;

export type PlanLinkKind = 'update-payment' | 'restore';

export type PricingMessage = {
  message: string;
  /** 'Keep training!' under an active plan, otherwise null. */
  followUp: string | null;
  /** The payment-update or Restore link shown with the message, otherwise null. */
  link: { kind: PlanLinkKind; label: string } | null;
};

/** 'Core' / 'Pro' as the sentences print them; any other previous level reads 'ad-free'. */
export function planName(level: AccountLevel | null | undefined): string {
  if (level === 'core') return 'Core';
  if (level === 'pro') return 'Pro';
  return 'ad-free';
}

/** '{relative time}' of the period end; a missing date cannot be timed, so it reads 'soon'. */
function periodEnd(user: PlanFields, now: Date): string {
  return user.current_period_end_date ? relativeTime(user.current_period_end_date, now) : 'soon';
}

const say = (message: string, extra: Partial<PricingMessage> = {}): PricingMessage => ({
  message,
  followUp: null,
  link: null,
  ...extra,
});

/** The pricing page's message for a signed-in member (the table of section 4). */
export function pricingMessage(user: PlanFields, now: Date = new Date()): PricingMessage {
  switch (user.account_level) {
    case 'free':
      return say(
        user.previous_account_level === 'cancelled' ? PLAN_TEXT.cancelled : PLAN_TEXT.expired,
      );
    // The server marks a subscription ended by the provider (not by the member) as level
    // 'cancelled'; the member's ad-free plan is gone all the same, so it reads like the row above.
    case 'cancelled':
      return say(PLAN_TEXT.cancelled);
    case 'payment_failed':
      return say(PLAN_TEXT.paymentFailed, {
        link: { kind: 'update-payment', label: PLAN_TEXT.updatePayment },
      });
    case 'core':
    case 'pro':
      return say(`Your ${planName(user.account_level)} plan is active.`, {
        followUp: PLAN_TEXT.keepTraining,
      });
    case 'trial':
      return say(`Your trial of our ad-free plan will expire ${periodEnd(user, now)}.`);
    case 'cancelled_period_not_over':
      return say(
        `You cancelled your ${planName(user.previous_account_level)} plan. Your plan features will expire ${periodEnd(user, now)}.`,
        { link: { kind: 'restore', label: PLAN_TEXT.restore } },
      );
    default:
      return say(PLAN_TEXT.somethingWrong);
  }
}

/** /cancellation-success: access lasts to the end of the paid period (section 2). */
export function cancellationMessage(user: PlanFields, now: Date = new Date()): string {
  return `Your membership has been cancelled. Your access ends at the end of your billing period, ${periodEnd(user, now)}.`;
}

export type Banner = {
  level: AccountLevel;
  message: string;
  link: { to: '/pricing' | '/profile'; label: string };
};

/** The dismissible subscription banner of section 4, or null when the plan needs no warning. */
export function bannerFor(user: PlanFields | null, now: Date = new Date()): Banner | null {
  switch (user?.account_level) {
    case 'trial':
      return {
        level: 'trial',
        message: `Your trial will expire ${periodEnd(user, now)}!`,
        link: { to: '/pricing', label: 'Subscribe' },
      };
    case 'payment_failed':
      return {
        level: 'payment_failed',
        message: 'Your payment method has expired.',
        link: { to: '/pricing', label: 'Visit pricing to update it.' },
      };
    case 'cancelled':
      return {
        level: 'cancelled',
        message: 'Your subscription has been cancelled.',
        link: { to: '/pricing', label: 'Visit pricing to buy a new subscription.' },
      };
    case 'cancelled_period_not_over':
      return {
        level: 'cancelled_period_not_over',
        message: `You will lose access to your plan ${periodEnd(user, now)}.`,
        link: { to: '/profile', label: 'Visit your profile to reinstate it.' },
      };
    default:
      return null;
  }
}

/**
 * Complimentary access counts while its end (current_period_end_date) is ahead; the server's
 * expiry job clears the flag a little later, and a lapsed grant must not block buying.
 */
export function complimentaryInForce(user: PlanFields, now: Date = new Date()): boolean {
  if (!user.complimentary_access) return false;
  const end = user.current_period_end_date ? new Date(user.current_period_end_date) : null;
  return end === null || Number.isNaN(end.getTime()) || end.getTime() > now.getTime();
}

const BUYABLE: readonly AccountLevel[] = ['trial', 'free', 'cancelled'];

/** Buy is offered to trial, free and cancelled members only; never to guests (null) (section 5). */
export function canBuy(user: PlanFields | null, now: Date = new Date()): boolean {
  if (!user?.account_level) return false;
  return BUYABLE.includes(user.account_level) && !complimentaryInForce(user, now);
}

export type BuyAction = 'login' | 'profile' | 'checkout';

/**
 * The buy flow of section 4: guests sign in first; a member who already pays (or holds
 * complimentary access) manages the plan on the profile; everyone else goes to checkout.
 */
export function buyAction(user: PlanFields | null, now: Date = new Date()): BuyAction {
  if (user === null) return 'login';
  return canBuy(user, now) ? 'checkout' : 'profile';
}

/** Levels billed by the payment provider, whose members manage billing in its portal. */
const PORTAL_LEVELS: readonly (AccountLevel | null | undefined)[] = [
  'core',
  'pro',
  'payment_failed',
  'cancelled_period_not_over',
  'cancelled',
];

/**
 * The membership portal rule. Section 4 names core and cancelled_period_not_over only, from a
 * time when Pro was not sold; but the same document gives payment_failed 'a link to update the
 * payment method' and shows billing for core, pro, payment_failed and cancelled on the profile.
 * So every provider-billed level opens the portal; complimentary access never does (nothing to
 * bill), and everyone else goes to /pricing. The server enforces the same rule.
 */
export function portalTarget(user: PlanFields): 'portal' | '/pricing' {
  return PORTAL_LEVELS.includes(user.account_level) && !user.complimentary_access
    ? 'portal'
    : '/pricing';
}

/**
 * The plans a member can buy today. Pro is 'coming soon' (document 000, the pricing page shows
 * its price with no Buy button): pages say so instead of sending anyone to a checkout for it.
 */
export const PLANS_ON_SALE: readonly ('core' | 'pro')[] = ['core'];

export const planOnSale = (plan: 'core' | 'pro'): boolean => PLANS_ON_SALE.includes(plan);

/**
 * The plan a member's level gives today (documents 000 and 001, section 6): Pro, Core (a
 * trial counts as Core), or none. A cancelled plan keeps its features until the paid period
 * ends. The server's media access decides by this rule; pages use it to offer only what plays.
 */
export function memberPlanTier(
  user: PlanFields | null,
  now: Date = new Date(),
): 'pro' | 'core' | 'none' {
  let level = user?.account_level ?? null;
  if (level === 'cancelled_period_not_over') {
    const end = user?.current_period_end_date ? new Date(user.current_period_end_date) : null;
    level =
      end && end.getTime() > now.getTime() ? (user?.previous_account_level ?? 'free') : 'free';
  }
  if (level === 'pro') return 'pro';
  if (level === 'core' || level === 'trial') return 'core';
  return 'none';
}
