import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

/**
 * ADMIN_EMAILS names the admins; the role itself lives on `users.admin`, so every admin call is
 * checked against the database row, never against what a client claims. The list only grants
 * the role: taking it away is a deliberate change to the row, not a side effect of an edit to
 * the environment.
 */
export const isAdminEmail = (adminEmails: readonly string[], email: string): boolean =>
  adminEmails.includes(email.trim().toLowerCase());

/** At start: the accounts that already exist get the role. Returns how many changed. */
export async function promoteAdmins(db: Db, adminEmails: readonly string[]): Promise<number> {
  if (adminEmails.length === 0) return 0;
  const rows = await db
    .update(users)
    .set({ admin: true, updatedAt: new Date() })
    .where(and(eq(users.admin, false), inArray(sql`lower(${users.email})`, [...adminEmails])))
    .returning({ id: users.id });
  return rows.length;
}
