import { describe, expect, it } from 'vitest';
import { couponRefusal } from './coupon-refusal.js';

const day = (d: number) => new Date(Date.UTC(2025, 2, d));
const coupon = { startDate: day(1), endDate: day(31), entries: 0, maxEntries: 2 };

describe('couponRefusal', () => {
  it('lets a code within its dates and with entries left be redeemed', () => {
    expect(couponRefusal(coupon, day(10))).toBeNull();
    expect(couponRefusal({ ...coupon, entries: 1 }, day(31))).toBeNull();
  });

  it('is out of date before its start and after its end', () => {
    expect(couponRefusal(coupon, new Date(day(1).getTime() - 1))).toBe('coupon-out-of-date');
    expect(couponRefusal(coupon, new Date(day(31).getTime() + 1))).toBe('coupon-out-of-date');
  });

  it('has reached its maximum when every entry is taken; dates are told first', () => {
    expect(couponRefusal({ ...coupon, entries: 2 }, day(10))).toBe('coupon-reached-max');
    expect(couponRefusal({ ...coupon, entries: 2 }, day(40))).toBe('coupon-out-of-date');
  });
});
