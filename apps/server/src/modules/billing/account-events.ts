import { eq } from 'drizzle-orm';
import type { AccountLevel } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { type AccountEvent, type AccountState, type Plan, transition } from './transitions.js';

export type ApplyResult =
  | { ok: true; user: UserRow; changed: boolean }
  | {
      ok: false;
      reason: 'no-user' | 'already-comp' | 'already-subscribed' | 'unknown-subscription';
    };

const asPlan = (p: string | null): Plan | null => (p === 'core' || p === 'pro' ? p : null);

export function accountStateOf(u: UserRow): AccountState {
  return {
    account_level: u.accountLevel,
    previous_account_level: u.previousAccountLevel,
    current_period_end_date: u.currentPeriodEndDate,
    complimentary_access: u.complimentaryAccess,
    complimentary_until: u.complimentaryUntil,
    account_expired: u.accountExpired,
    subscription_plan: asPlan(u.subscriptionPlan),
    stripe_sub_id: u.stripeSubId,
  };
}

function columnsOf(s: AccountState) {
  return {
    accountLevel: s.account_level as AccountLevel,
    previousAccountLevel: s.previous_account_level,
    currentPeriodEndDate: s.current_period_end_date,
    complimentaryAccess: s.complimentary_access,
    complimentaryUntil: s.complimentary_until,
    accountExpired: s.account_expired,
    subscriptionPlan: s.subscription_plan,
    stripeSubId: s.stripe_sub_id,
  };
}

/**
 * Applies one account event to a user: the row is locked, the pure `transition` decides, and
 * the new state is written in the same transaction, so two events for one member (a webhook
 * and the expiry job) cannot interleave. Pass a transaction as `db` to join a larger one.
 */
export async function applyAccountEvent(
  db: Db,
  userId: number,
  event: AccountEvent,
): Promise<ApplyResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!row) return { ok: false, reason: 'no-user' } as const;
    const result = transition(accountStateOf(row), event);
    if (!result.ok) return result;
    if (!result.changed) return { ok: true, user: row, changed: false } as const;
    const [updated] = await tx
      .update(users)
      .set({ ...columnsOf(result.state), updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return { ok: true, user: updated ?? row, changed: true } as const;
  });
}
