import { describe, expect, it } from 'vitest';
import { couponCreateSchema } from '@ridealong/contracts';
import {
  ADMIN_COUPON_DEFAULTS,
  DATE_FORMAT_MESSAGE,
  adminCouponFormSchema,
  buildCouponPayload,
  dayToIso,
  parseMmDdYyyy,
  type AdminCouponForm,
} from './couponForm';

describe('parseMmDdYyyy', () => {
  it('reads month, day and year in that order', () => {
    expect(parseMmDdYyyy('03-15-2025')).toEqual({ year: 2025, month: 3, day: 15 });
    expect(parseMmDdYyyy(' 12-31-2025 ')).toEqual({ year: 2025, month: 12, day: 31 });
  });

  it('accepts 29 February only in a leap year', () => {
    expect(parseMmDdYyyy('02-29-2024')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseMmDdYyyy('02-29-2025')).toBeNull();
  });

  it.each([
    '2025-03-15',
    '3-15-2025',
    '15-03-2025',
    '13-01-2025',
    '04-31-2025',
    '00-10-2025',
    '03/15/2025',
    '',
  ])('rejects %j', (text) => expect(parseMmDdYyyy(text)).toBeNull());
});

describe('dayToIso', () => {
  it('takes the first and last millisecond of the day in UTC', () => {
    const day = { year: 2025, month: 3, day: 15 };
    expect(dayToIso(day, 'start')).toBe('2025-03-15T00:00:00.000Z');
    expect(dayToIso(day, 'end')).toBe('2025-03-15T23:59:59.999Z');
    expect(dayToIso({ year: 2025, month: 12, day: 31 }, 'end')).toBe('2025-12-31T23:59:59.999Z');
  });
});

const filled: AdminCouponForm = {
  ...ADMIN_COUPON_DEFAULTS,
  code: ' SPRING-25 ',
  start_date: '03-01-2025',
  end_date: '03-31-2025',
  amount: 3,
  unit: 'M',
  max_entries: 50,
};

describe('buildCouponPayload', () => {
  it('builds a body the server contract accepts, dates in ISO, core by default', () => {
    const body = buildCouponPayload(filled);
    expect(body).toEqual({
      coupon_type: 'account_level',
      code: 'SPRING-25',
      start_date: '2025-03-01T00:00:00.000Z',
      end_date: '2025-03-31T23:59:59.999Z',
      grants: { account_level: 'core', time_to_grant: [3, 'M'] },
      max_entries: 50,
    });
    expect(couponCreateSchema.safeParse(body).success).toBe(true);
  });

  it('a one-day coupon is valid for the server too', () => {
    const body = buildCouponPayload({ ...filled, end_date: '03-01-2025' });
    expect(couponCreateSchema.safeParse(body).success).toBe(true);
  });

  it('throws on a date that is not MM-DD-YYYY', () => {
    expect(() => buildCouponPayload({ ...filled, start_date: '2025-03-01' })).toThrow(
      DATE_FORMAT_MESSAGE,
    );
  });
});

describe('adminCouponFormSchema', () => {
  const issues = (v: AdminCouponForm) =>
    adminCouponFormSchema.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]) ??
    [];

  it('accepts a filled form and defaults to core', () => {
    expect(ADMIN_COUPON_DEFAULTS.account_level).toBe('core');
    expect(issues(filled)).toEqual([]);
  });

  it('names a date in the wrong format', () => {
    expect(issues({ ...filled, start_date: '2025-03-01' })).toEqual([
      ['start_date', DATE_FORMAT_MESSAGE],
    ]);
  });

  it('refuses an end before the start', () => {
    expect(issues({ ...filled, start_date: '04-01-2025', end_date: '03-31-2025' })).toEqual([
      ['end_date', 'The end date must not be before the start date.'],
    ]);
  });

  it('checks the code, amount and max entries', () => {
    expect(issues({ ...filled, code: 'ab' })).toEqual([['code', 'Must be 3 characters or more']]);
    expect(issues({ ...filled, amount: 0 })).toEqual([['amount', 'Must be 1 or more']]);
    expect(issues({ ...filled, max_entries: 1.5 })).toEqual([
      ['max_entries', 'Must be a whole number'],
    ]);
  });
});
