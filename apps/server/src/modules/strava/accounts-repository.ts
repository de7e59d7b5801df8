import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { stravaAccounts, type StravaAccountRow } from '../../db/schema.js';

/** A member's connection as every User answer shows it (users/presenter.ts). */
export type StravaStatus = { connected: boolean; reconnect: boolean };

export const NOT_CONNECTED: StravaStatus = { connected: false, reconnect: false };

export type NewConnection = {
  userId: number;
  athleteId: string;
  athleteName: string | null;
  scope: string;
  accessTokenEnc: string;
  refreshTokenEnc: string;
  expiresAt: Date;
};

/** strava_accounts: one row per connected member (docs/strava.md, 'Tokens at rest'). */
export function stravaAccountsRepository(db: Db) {
  return {
    /** Whether another member holds a live connection to this athlete. */
    async athleteTakenByOther(athleteId: string, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ userId: stravaAccounts.userId })
        .from(stravaAccounts)
        .where(
          and(
            eq(stravaAccounts.athleteId, athleteId),
            ne(stravaAccounts.userId, userId),
            isNull(stravaAccounts.revokedAt),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async find(userId: number): Promise<StravaAccountRow | null> {
      const [row] = await db
        .select()
        .from(stravaAccounts)
        .where(eq(stravaAccounts.userId, userId))
        .limit(1);
      return row ?? null;
    },

    /** One primary-key read: what a User answer says about Strava. */
    async status(userId: number): Promise<StravaStatus> {
      const [row] = await db
        .select({ revokedAt: stravaAccounts.revokedAt })
        .from(stravaAccounts)
        .where(eq(stravaAccounts.userId, userId))
        .limit(1);
      if (!row) return NOT_CONNECTED;
      return { connected: row.revokedAt === null, reconnect: row.revokedAt !== null };
    },

    /** Connecting (again) replaces any earlier connection and clears a refusal. */
    async upsert(c: NewConnection, now = new Date()): Promise<void> {
      const values = {
        ...c,
        revokedAt: null,
        refreshLeaseUntil: null,
        connectedAt: now,
        updatedAt: now,
      };
      const { userId: _key, ...changes } = values;
      await db
        .insert(stravaAccounts)
        .values(values)
        .onConflictDoUpdate({ target: stravaAccounts.userId, set: changes });
    },

    async remove(userId: number): Promise<void> {
      await db.delete(stravaAccounts).where(eq(stravaAccounts.userId, userId));
    },

    /**
     * Strava refused the connection: the member sees 'connect again'. With `refreshTokenEnc`,
     * only if the connection is still the one refused (not one made anew meanwhile).
     */
    async markRevoked(userId: number, refreshTokenEnc?: string, now = new Date()): Promise<void> {
      await db
        .update(stravaAccounts)
        .set({ revokedAt: now, refreshLeaseUntil: null, updatedAt: now })
        .where(
          and(
            eq(stravaAccounts.userId, userId),
            isNull(stravaAccounts.revokedAt),
            refreshTokenEnc ? eq(stravaAccounts.refreshTokenEnc, refreshTokenEnc) : undefined,
          ),
        );
    },

    /**
     * Takes the refresh lease when the tokens need refreshing: they expire before `refreshBefore`,
     * or the access token is still `staleAccessEnc` (one a caller saw refused). Null when they do
     * not, when the connection is refused or gone, or when another process holds a live lease.
     * One conditional UPDATE, so of any number of processes asking at once one gets it.
     */
    async claimRefresh(opts: {
      userId: number;
      refreshBefore: Date;
      staleAccessEnc: string | null;
      leaseUntil: Date;
      now: Date;
    }): Promise<StravaAccountRow | null> {
      const needs = opts.staleAccessEnc
        ? or(
            lt(stravaAccounts.expiresAt, opts.refreshBefore),
            eq(stravaAccounts.accessTokenEnc, opts.staleAccessEnc),
          )
        : lt(stravaAccounts.expiresAt, opts.refreshBefore);
      const [row] = await db
        .update(stravaAccounts)
        .set({ refreshLeaseUntil: opts.leaseUntil })
        .where(
          and(
            eq(stravaAccounts.userId, opts.userId),
            isNull(stravaAccounts.revokedAt),
            or(
              isNull(stravaAccounts.refreshLeaseUntil),
              lt(stravaAccounts.refreshLeaseUntil, opts.now),
            ),
            needs,
          ),
        )
        .returning();
      return row ?? null;
    },

    /**
     * The refreshed tokens, and the lease given back; only onto the connection they were
     * refreshed from (`usedRefreshEnc`): a member who connected anew meanwhile keeps the new one.
     */
    async storeRefreshed(
      userId: number,
      usedRefreshEnc: string,
      t: { accessTokenEnc: string; refreshTokenEnc: string; expiresAt: Date },
      now = new Date(),
    ): Promise<void> {
      await db
        .update(stravaAccounts)
        .set({ ...t, refreshLeaseUntil: null, updatedAt: now })
        .where(
          and(
            eq(stravaAccounts.userId, userId),
            eq(stravaAccounts.refreshTokenEnc, usedRefreshEnc),
            isNull(stravaAccounts.revokedAt),
          ),
        );
    },

    async releaseLease(userId: number): Promise<void> {
      await db
        .update(stravaAccounts)
        .set({ refreshLeaseUntil: null })
        .where(eq(stravaAccounts.userId, userId));
    },
  };
}

export type StravaAccountsRepository = ReturnType<typeof stravaAccountsRepository>;
