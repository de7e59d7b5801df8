import {
  COUPON_ERRORS,
  couponMessage,
  couponSuccessMessage,
  type CouponError,
} from '@ridealong/contracts';
import type { AccountLevel } from '@ridealong/contracts';
import { planLabel } from './planDisplay';

/** The line shown (exactly, section 8) when an already-comp code meets a member without complimentary access. */
export const CONTACT_US_LINE = 'contact us for help with this code';

/** What the promo-code box says after an answer. */
export type PromoFeedback = {
  tone: 'success' | 'error';
  /** null when the spec wants no message (already-comp without complimentary access). */
  message: string | null;
  contactUs: boolean;
};

export type PromoOutcome =
  { ok: true; account_level: AccountLevel } | { ok: false; code: string | null };

const isCouponError = (code: string | null): code is CouponError =>
  (COUPON_ERRORS as readonly string[]).includes(code ?? '');

/** Maps a coupon/grant answer to the box's message (document 000 section 8). */
export function promoFeedback(
  outcome: PromoOutcome,
  user: { complimentary_access?: boolean | null },
): PromoFeedback {
  if (outcome.ok) {
    return {
      tone: 'success',
      message: couponSuccessMessage(planLabel(outcome.account_level)),
      contactUs: false,
    };
  }
  const complimentary = user.complimentary_access === true;
  const code = isCouponError(outcome.code) ? outcome.code : 'other';
  const message = couponMessage(code, { complimentary_access: complimentary });
  return {
    tone: 'error',
    message,
    contactUs: code === 'already-comp' && !complimentary,
  };
}
