import { z } from 'zod';
import {
  couponFailureSchema,
  couponGrantsSchema,
  couponMessage,
  type CouponError,
  failureSchema,
} from '@ridealong/contracts';

/** A coupon as the admin page sees it (answer of POST /coupon/create). */
export const couponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  coupon_type: z.literal('account_level'),
  start_date: z.string(),
  end_date: z.string(),
  grants: couponGrantsSchema,
  max_entries: z.number().int(),
  entries: z.number().int(),
  created_at: z.string(),
});
export type CouponView = z.infer<typeof couponSchema>;

export const couponCreatedSchema = z.object({
  status: z.literal('success'),
  coupon: couponSchema,
});

/** Coupon failures carry a code; input errors (400 from validation) carry only a message. */
export const couponOrInputFailureSchema = z.union([couponFailureSchema, failureSchema]);

/**
 * The status of each coupon failure (a code added to the contracts without one fails the type
 * check): what was not found is 404, a clash with what exists 409, a code used outside its dates 400.
 */
export const COUPON_ERROR_STATUS = {
  'invalid-code': 404,
  'coupon-out-of-date': 400,
  'coupon-reached-max': 409,
  'user-does-not-exist': 404,
  'already-comp': 409,
} as const satisfies Record<CouponError, number>;

/** Section 8 has no text for already-comp without complimentary access, only a hint. */
export const CONTACT_US_MESSAGE = 'Contact us for help with this code.';

export const couponFailure = (code: CouponError, complimentaryAccess: boolean) => ({
  status: 'failure' as const,
  code,
  message: couponMessage(code, { complimentary_access: complimentaryAccess }) ?? CONTACT_US_MESSAGE,
});
