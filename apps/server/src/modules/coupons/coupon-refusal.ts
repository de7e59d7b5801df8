import type { CouponError } from '@ridealong/contracts';

type CouponWindow = { startDate: Date; endDate: Date; entries: number; maxEntries: number };

/**
 * What is wrong with an existing code now, in document 000 section 8's order, or null when it
 * can be redeemed. Outside its dates is 'coupon-out-of-date' both before the start and after
 * the end (the code's one word for "not valid on this date"). `claimEntry` is what holds the
 * entry count under concurrency; this is the answer for the common case.
 */
export function couponRefusal(c: CouponWindow, now: Date): CouponError | null {
  if (now < c.startDate || now > c.endDate) return 'coupon-out-of-date';
  if (c.entries >= c.maxEntries) return 'coupon-reached-max';
  return null;
}
