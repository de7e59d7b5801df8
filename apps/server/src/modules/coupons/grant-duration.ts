import type { CouponGrants } from '@ridealong/contracts';

export type TimeToGrant = CouponGrants['time_to_grant'];

const FIXED_MS = {
  w: 7 * 86_400_000,
  d: 86_400_000,
  h: 3_600_000,
  m: 60_000,
  s: 1000,
  ms: 1,
} as const;
const MONTHS = { y: 12, Q: 3, M: 1 } as const;

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * Adds calendar months in UTC. A day that the target month lacks becomes its last day (Jan 31
 * + 1 month = Feb 28 or 29), as moment.js does, whose unit keys the coupons use; rolling over
 * into the next month would give more than was granted.
 */
function addMonths(from: Date, months: number): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  const day = Math.min(from.getUTCDate(), daysInMonth(targetYear, targetMonth));
  const out = new Date(from.getTime());
  out.setUTCFullYear(targetYear, targetMonth, day);
  return out;
}

/**
 * When access granted at `from` for `time_to_grant` ends. Years, quarters (3 months) and
 * months are calendar units; weeks and shorter are fixed lengths (days are UTC days, which
 * have no daylight-saving jumps).
 */
export function grantEnd(from: Date, [amount, unit]: TimeToGrant): Date {
  if (unit === 'y' || unit === 'Q' || unit === 'M') return addMonths(from, amount * MONTHS[unit]);
  return new Date(from.getTime() + amount * FIXED_MS[unit]);
}
