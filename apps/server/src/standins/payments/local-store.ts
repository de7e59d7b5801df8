import { and, desc, eq, ne } from 'drizzle-orm';
import { checkoutTypeSchema, type CheckoutType } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { localCheckoutSessions, localSubscriptions } from '../../db/schema.js';

/** The local provider's own records: what Stripe keeps on its side for a real checkout. */
export type LocalSession = typeof localCheckoutSessions.$inferSelect & { type: CheckoutType };
export type LocalSubscription = typeof localSubscriptions.$inferSelect & { type: CheckoutType };

/** Rows are written only with a checked type; an unknown one (a hand edit) reads as monthly core. */
const typed = <T extends { type: string }>(row: T): T & { type: CheckoutType } => {
  const parsed = checkoutTypeSchema.safeParse(row.type);
  return { ...row, type: parsed.success ? parsed.data : 'core' };
};

export function localStore(db: Db) {
  return {
    async createSession(s: {
      id: string;
      userId: number;
      type: CheckoutType;
      successUrl: string;
      cancelUrl: string;
    }): Promise<void> {
      await db.insert(localCheckoutSessions).values(s);
    },

    /** A session in any state (the desktop app watches it end). */
    async session(id: string): Promise<LocalSession | null> {
      const [row] = await db
        .select()
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.id, id));
      return row ? typed(row) : null;
    },

    async openSession(id: string, tx: Db = db): Promise<LocalSession | null> {
      const [row] = await tx
        .select()
        .from(localCheckoutSessions)
        .where(and(eq(localCheckoutSessions.id, id), eq(localCheckoutSessions.state, 'open')));
      return row ? typed(row) : null;
    },

    /** Closes an open session once: a second Pay (double click, replayed form) gets null. */
    async closeSession(
      id: string,
      state: 'complete' | 'expired',
      tx: Db = db,
    ): Promise<LocalSession | null> {
      const [row] = await tx
        .update(localCheckoutSessions)
        .set({ state })
        .where(and(eq(localCheckoutSessions.id, id), eq(localCheckoutSessions.state, 'open')))
        .returning();
      return row ? typed(row) : null;
    },

    async createSubscription(
      sub: Omit<typeof localSubscriptions.$inferInsert, 'type'> & { type: CheckoutType },
      tx: Db = db,
    ): Promise<LocalSubscription> {
      const [row] = await tx.insert(localSubscriptions).values(sub).returning();
      if (!row) throw new Error('local subscription not stored');
      return typed(row);
    },

    /** The member's newest subscription that has not ended; `tx` locks it for a change. */
    async currentSubscription(userId: number, tx?: Db): Promise<LocalSubscription | null> {
      const query = (tx ?? db)
        .select()
        .from(localSubscriptions)
        .where(
          and(eq(localSubscriptions.userId, userId), ne(localSubscriptions.status, 'canceled')),
        )
        .orderBy(desc(localSubscriptions.createdAt))
        .limit(1);
      const [row] = tx ? await query.for('update') : await query;
      return row ? typed(row) : null;
    },

    async updateSubscription(
      id: string,
      set: Partial<Pick<LocalSubscription, 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'>>,
      tx: Db = db,
    ): Promise<LocalSubscription> {
      const [row] = await tx
        .update(localSubscriptions)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(localSubscriptions.id, id))
        .returning();
      if (!row) throw new Error(`local subscription ${id} is gone`);
      return typed(row);
    },
  };
}
export type LocalStore = ReturnType<typeof localStore>;
