import { and, eq, lt, sql } from 'drizzle-orm';
import { type CouponGrants, couponGrantsSchema } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { couponRedemptions, coupons } from '../../db/schema.js';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCouponRow = typeof coupons.$inferInsert;

/** The jsonb column was validated on create; parsing types it (and catches a hand-edited row). */
export const couponGrants = (c: CouponRow): CouponGrants => couponGrantsSchema.parse(c.grants);

export function couponsRepository(db: Db) {
  return {
    /** Null when the code exists in any case (the unique index on lower(code) decides). */
    async insertIfCodeFree(values: NewCouponRow): Promise<CouponRow | null> {
      const [row] = await db.insert(coupons).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
    async findByCode(code: string): Promise<CouponRow | null> {
      const [row] = await db
        .select()
        .from(coupons)
        .where(sql`lower(${coupons.code}) = ${code.trim().toLowerCase()}`)
        .limit(1);
      return row ?? null;
    },
  };
}

/**
 * Takes one entry of a coupon if any is left. The condition sits in the UPDATE, so concurrent
 * grants queue on the row and re-check it: the count can never pass max_entries.
 */
export async function claimEntry(tx: Db, couponId: number): Promise<boolean> {
  const rows = await tx
    .update(coupons)
    .set({ entries: sql`${coupons.entries} + 1` })
    .where(and(eq(coupons.id, couponId), lt(coupons.entries, coupons.maxEntries)))
    .returning({ id: coupons.id });
  return rows.length > 0;
}

/** False when this member already redeemed this coupon (one redemption per member and code). */
export async function recordRedemption(
  tx: Db,
  r: { couponId: number; userId: number; grantedUntil: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(couponRedemptions)
    .values(r)
    .onConflictDoNothing()
    .returning({ userId: couponRedemptions.userId });
  return rows.length > 0;
}

export type CouponsRepository = ReturnType<typeof couponsRepository>;
