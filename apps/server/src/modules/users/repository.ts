import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, type NewUserRow, type UserRow } from '../../db/schema.js';

export function usersRepository(db: Db) {
  return {
    async findById(id: number): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
    /** Emails are matched case-insensitively (a unique index on lower(email) backs it). */
    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
        .limit(1);
      return row ?? null;
    },
    /** Inserts unless the email exists; null then (the unique index decides under races). */
    async insertIfEmailFree(values: NewUserRow): Promise<UserRow | null> {
      const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
    async update(id: number, values: Partial<NewUserRow>): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row ?? null;
    },
    async recordLogin(id: number): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({ loginCount: sql`${users.loginCount} + 1`, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row ?? null;
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
