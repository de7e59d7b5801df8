import { couponGrants, type CouponRow } from './repository.js';
import type { CouponView } from './schema.js';

export function toCoupon(row: CouponRow): CouponView {
  return {
    id: row.id,
    code: row.code,
    coupon_type: 'account_level',
    start_date: row.startDate.toISOString(),
    end_date: row.endDate.toISOString(),
    grants: couponGrants(row),
    max_entries: row.maxEntries,
    entries: row.entries,
    created_at: row.createdAt.toISOString(),
  };
}
