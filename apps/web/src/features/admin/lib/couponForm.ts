import { z } from 'zod';
import {
  GRANT_UNITS,
  couponCreateSchema,
  type CouponCreate,
  type GrantUnit,
} from '@ridealong/contracts';

/** Exact answers of the admin page (document 001 section 8). */
export const ADMIN_SUCCESS = 'Congrats! Created';
export const ADMIN_FAILURE = 'That did not work.';

export const DATE_FORMAT_MESSAGE = 'Use MM-DD-YYYY';

export type CalendarDay = { year: number; month: number; day: number };

/** 'MM-DD-YYYY' (document 001 section 5) to a calendar day; null for anything else or a day that does not exist. */
export function parseMmDdYyyy(text: string): CalendarDay | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 02-30 over into March: a round trip catches days that do not exist.
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

/**
 * A day as an ISO instant in UTC. The start is the day's first millisecond and the end its last,
 * so a coupon ending '12-31-2025' can still be used on the 31st and a one-day coupon is valid.
 */
export function dayToIso(day: CalendarDay, edge: 'start' | 'end'): string {
  const ms =
    edge === 'start'
      ? Date.UTC(day.year, day.month - 1, day.day)
      : Date.UTC(day.year, day.month - 1, day.day + 1) - 1;
  return new Date(ms).toISOString();
}

const dateField = z.string().refine((t) => parseMmDdYyyy(t) !== null, DATE_FORMAT_MESSAGE);
const whole = (max: number) =>
  z
    .number({ error: 'Required' })
    .int('Must be a whole number')
    .positive('Must be 1 or more')
    .max(max, `Must be ${max} or less`);

/** The coupon form's values as typed; dates stay MM-DD-YYYY text until the call. */
export const adminCouponFormSchema = z
  .object({
    code: couponCreateSchema.shape.code,
    start_date: dateField,
    end_date: dateField,
    account_level: z.enum(['core', 'pro']),
    amount: whole(100_000),
    unit: z.enum(GRANT_UNITS),
    max_entries: whole(1_000_000),
  })
  .refine(
    (v) => {
      const start = parseMmDdYyyy(v.start_date);
      const end = parseMmDdYyyy(v.end_date);
      return !start || !end || dayToIso(end, 'end') > dayToIso(start, 'start');
    },
    { message: 'The end date must not be before the start date.', path: ['end_date'] },
  );
export type AdminCouponForm = z.infer<typeof adminCouponFormSchema>;

/** Coupons grant core by default (document 001 section 9). */
export const ADMIN_COUPON_DEFAULTS: AdminCouponForm = {
  code: '',
  start_date: '',
  end_date: '',
  account_level: 'core',
  amount: 1,
  unit: 'M',
  max_entries: 100,
};

export const GRANT_UNIT_LABELS: Record<GrantUnit, string> = {
  y: 'years (y)',
  Q: 'quarters (Q)',
  M: 'months (M)',
  w: 'weeks (w)',
  d: 'days (d)',
  h: 'hours (h)',
  m: 'minutes (m)',
  s: 'seconds (s)',
  ms: 'milliseconds (ms)',
};

/** The POST /api/v1/coupon/create body; throws if a date is not MM-DD-YYYY (the form checks first). */
export function buildCouponPayload(values: AdminCouponForm): CouponCreate {
  const start = parseMmDdYyyy(values.start_date);
  const end = parseMmDdYyyy(values.end_date);
  if (!start || !end) throw new Error(DATE_FORMAT_MESSAGE);
  return {
    coupon_type: 'account_level',
    code: values.code.trim(),
    start_date: dayToIso(start, 'start'),
    end_date: dayToIso(end, 'end'),
    grants: { account_level: values.account_level, time_to_grant: [values.amount, values.unit] },
    max_entries: values.max_entries,
  };
}
