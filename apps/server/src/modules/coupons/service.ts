import type { CouponCreate, CouponError } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, conflict } from '../../http/errors.js';
import { accountStateOf, applyAccountEvent } from '../billing/index.js';
import { transition } from '../billing/index.js';
import type { UsersRepository } from '../users/index.js';
import { couponRefusal } from './coupon-refusal.js';
import { grantEnd } from './grant-duration.js';
import {
  claimEntry,
  couponGrants,
  type CouponRow,
  type CouponsRepository,
  recordRedemption,
} from './repository.js';

/** PostgreSQL (and node-postgres) store timestamps up to year 9999 in ISO form. */
const LAST_YEAR = 9999;

export type GrantOutcome =
  | { ok: true; user: UserRow; until: Date }
  | { ok: false; code: CouponError; complimentaryAccess: boolean };

/** Whether a Core grant could apply to this member now (the account-level rules decide). */
const takesGrants = (user: UserRow, now: Date) =>
  transition(accountStateOf(user), { type: 'complimentary-granted', level: 'core', until: now }).ok;

/** Thrown inside the grant transaction to roll it back with the reason. */
class GrantRefused extends Error {
  constructor(readonly code: CouponError) {
    super(code);
  }
}

export function couponsService(d: { db: Db; coupons: CouponsRepository; users: UsersRepository }) {
  return {
    async create(adminId: number, body: CouponCreate): Promise<CouponRow> {
      const endDate = new Date(body.end_date);
      // Redeemed on its last day, the grant must still end at a date the database can hold.
      if (grantEnd(endDate, body.grants.time_to_grant).getUTCFullYear() > LAST_YEAR) {
        throw badRequest(`body.grants.time_to_grant: must end before the year ${LAST_YEAR + 1}`);
      }
      const row = await d.coupons.insertIfCodeFree({
        code: body.code,
        couponType: body.coupon_type,
        startDate: new Date(body.start_date),
        endDate,
        grants: body.grants,
        maxEntries: body.max_entries,
        createdBy: adminId,
      });
      if (!row) throw conflict('That code already exists.');
      return row;
    },

    /**
     * Redeems `code` for `userId`. The entry, the redemption and the level change are one
     * transaction: any refusal inside it rolls all three back.
     */
    async grant(userId: number, code: string, now = new Date()): Promise<GrantOutcome> {
      // The code first (issue 21): a member holding a real code hears what is wrong with it.
      // Guessing stays worthless through the per-member and per-address limits on every try.
      const coupon = await d.coupons.findByCode(code);
      const target = await d.users.findById(userId);
      const refuse = (c: CouponError): GrantOutcome => ({
        ok: false,
        code: c,
        complimentaryAccess: target?.complimentaryAccess ?? false,
      });
      if (!coupon) return refuse('invalid-code');
      const codeRefusal = couponRefusal(coupon, now);
      if (codeRefusal) return refuse(codeRefusal);
      if (!target) return refuse('user-does-not-exist');
      if (!takesGrants(target, now)) return refuse('already-comp');

      const grants = couponGrants(coupon);
      const until = grantEnd(now, grants.time_to_grant);
      try {
        const user = await d.db.transaction(async (tx) => {
          const applied = await applyAccountEvent(tx, userId, {
            type: 'complimentary-granted',
            level: grants.account_level,
            until,
          });
          if (!applied.ok) {
            throw new GrantRefused(
              applied.reason === 'no-user' ? 'user-does-not-exist' : 'already-comp',
            );
          }
          const redeemed = await recordRedemption(tx, {
            couponId: coupon.id,
            userId,
            grantedUntil: until,
          });
          if (!redeemed) throw new GrantRefused('already-comp');
          if (!(await claimEntry(tx, coupon.id))) throw new GrantRefused('coupon-reached-max');
          return applied.user;
        });
        return { ok: true, user, until };
      } catch (err) {
        if (err instanceof GrantRefused) return refuse(err.code);
        throw err;
      }
    },
  };
}

export type CouponsService = ReturnType<typeof couponsService>;
