import { z } from 'zod';
import { emailLookupSchema, idSchema } from './common.js';
import { accountLevelSchema } from './user.js';

/**
 * Plans, payments and coupons (document 000 sections 3, 4, 7, 8 and 9). Stripe when the server
 * has a secret key; otherwise the built-in local (test) provider with the same calls.
 */

export const CHECKOUT_TYPES = ['core', 'pro', 'core_year', 'pro_year'] as const;
export const checkoutTypeSchema = z.enum(CHECKOUT_TYPES);
export type CheckoutType = z.infer<typeof checkoutTypeSchema>;

/** GET /api/v1/payment/setup: prices are the provider's price ids. */
export const paymentSetupSchema = z.object({
  publishableKey: z.string(),
  corePrice: z.string(),
  proPrice: z.string(),
  corePriceYear: z.string(),
  proPriceYear: z.string(),
  /** 'stripe', or 'local' for the built-in test provider (the UI labels it). */
  provider: z.enum(['stripe', 'local']),
});
export type PaymentSetup = z.infer<typeof paymentSetupSchema>;

export const createCheckoutSessionSchema = z.object({
  priceId: z.string().max(200).optional(),
  type: checkoutTypeSchema,
  email: emailLookupSchema.optional(),
  user_id: idSchema,
  electronMode: z.boolean().optional(),
});
export const checkoutSessionResponseSchema = z.object({
  sessionId: z.string(),
  /** Where the browser goes to pay (Stripe's hosted page, or the local provider's page). */
  url: z.string(),
});
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

export const customerPortalSchema = z.object({ electronMode: z.boolean().optional() });
export const customerPortalResponseSchema = z.object({ portal_url: z.string() });

/** GET /api/v1/payment/checkout-url/{sessionId}: /checkout-redirect turns a session into a URL. */
export const checkoutUrlResponseSchema = z.object({ url: z.string() });

/**
 * GET /api/v1/payment/checkout-status/{sessionId}: the desktop app watches a checkout it
 * opened in the system browser (the session id is the key: unguessable, issued to the member).
 */
export const checkoutStatusResponseSchema = z.object({
  status: z.enum(['open', 'complete', 'expired']),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusResponseSchema>['status'];

/**
 * GET /api/v1/payment/desktop-portal/{portalKey}: whether the member came back from a billing
 * portal the desktop app opened (portalKey: the SHA-256, hex, of the portal_url it was handed).
 */
export const desktopPortalStatusResponseSchema = z.object({ closed: z.boolean() });

// ---- coupons -----------------------------------------------------------------------------

/** Units of time_to_grant (moment.js-style keys, section 9). */
export const GRANT_UNITS = ['y', 'Q', 'M', 'w', 'd', 'h', 'm', 's', 'ms'] as const;
export const grantUnitSchema = z.enum(GRANT_UNITS);
export type GrantUnit = z.infer<typeof grantUnitSchema>;

export const couponGrantsSchema = z.object({
  /** Coupons grant the core level (section 9); pro is accepted for partner deals. */
  account_level: z.enum(['core', 'pro']),
  time_to_grant: z.tuple([z.number().int().positive().max(100_000), grantUnitSchema]),
});
export type CouponGrants = z.infer<typeof couponGrantsSchema>;

/** POST /api/v1/coupon/create (admin only). Dates are ISO 8601 (the admin form sends MM-DD-YYYY converted). */
export const couponCreateSchema = z
  .object({
    coupon_type: z.literal('account_level'),
    start_date: z.iso.datetime({ offset: true }),
    end_date: z.iso.datetime({ offset: true }),
    code: z
      .string()
      .trim()
      .min(3, 'Must be 3 characters or more')
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only'),
    grants: couponGrantsSchema,
    max_entries: z.number().int().positive().max(1_000_000),
  })
  .refine((c) => new Date(c.end_date) > new Date(c.start_date), {
    message: 'The end date must be after the start date.',
    path: ['end_date'],
  });
export type CouponCreate = z.infer<typeof couponCreateSchema>;

export const couponGrantSchema = z.object({
  user_id: idSchema,
  code: z.string().trim().min(1, 'Required').max(40),
});

/** The error codes of POST /api/v1/coupon/grant (section 8), answered with status 400/404/409. */
export const COUPON_ERRORS = [
  'invalid-code',
  'coupon-out-of-date',
  'coupon-reached-max',
  'user-does-not-exist',
  'already-comp',
] as const;
export type CouponError = (typeof COUPON_ERRORS)[number];

export const couponGrantResponseSchema = z.object({
  status: z.literal('success'),
  account_level: accountLevelSchema,
  /** When the complimentary access ends (ISO 8601). */
  current_period_end_date: z.string(),
});
export const couponFailureSchema = z.object({
  status: z.literal('failure'),
  code: z.enum(COUPON_ERRORS),
  message: z.string(),
});

/** What the promo-code box shows for each answer (section 8). */
export function couponMessage(
  error: CouponError | 'other',
  user: { complimentary_access: boolean },
): string | null {
  switch (error) {
    case 'invalid-code':
      return 'Invalid code.';
    case 'coupon-out-of-date':
      return 'Code expired.';
    case 'coupon-reached-max':
      return 'Maximum already claimed for this code.';
    case 'user-does-not-exist':
      return 'User does not exist.';
    case 'already-comp':
      return user.complimentary_access ? 'You already have this.' : null;
    default:
      return 'Whoops, something went wrong.';
  }
}

export const couponSuccessMessage = (level: string) =>
  `Congrats! We've upgraded you to a ${level} plan.`;
