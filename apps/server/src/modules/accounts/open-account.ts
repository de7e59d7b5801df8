import type { Db } from '../../db/client.js';
import { users, type NewUserRow, type UserRow } from '../../db/schema.js';
import { applyAccountEvent } from '../billing/index.js';
import { isAdminEmail } from '../admins/index.js';

export type OpenAccount = (values: NewUserRow, now?: Date) => Promise<UserRow | null>;

/**
 * Creates an account (email sign-up or a first social sign-in) unless its email is taken (null
 * then). The row and its trial are written in one transaction, so no account can exist without
 * a trial end that the expiry sweep will find; the trial starts through the 'signup' event like
 * every other level change.
 */
export function accountOpener(
  db: Db,
  opts: { trialDays: number; adminEmails: readonly string[] },
): OpenAccount {
  return (values, now = new Date()) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          ...values,
          admin: values.admin === true || isAdminEmail(opts.adminEmails, values.email),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      const started = await applyAccountEvent(tx, row.id, {
        type: 'signup',
        now,
        trialDays: opts.trialDays,
      });
      return started.ok ? started.user : row;
    });
}
