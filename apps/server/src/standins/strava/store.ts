import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { stravaStandinGrants, stravaStandinTokens, stravaStandinUploads } from '../../db/schema.js';
import { newSecret, sha256 } from '../../lib/secrets.js';

/** Strava's codes are short-lived; the stand-in's last 10 minutes and work once. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Strava's access tokens last 6 hours. */
export const ACCESS_TTL_S = 6 * 3600;
/** The stand-in "processes" an upload this long after it came (on the next status read). */
export const PROCESSING_MS = 1000;
/** Activity ids are numbered apart from upload ids, so one is never taken for the other. */
export const ACTIVITY_ID_BASE = 7_000_000;

export type StandinAthlete = { athleteId: string; athleteName: string; scope: string };
export type StandinTokenSet = { accessToken: string; refreshToken: string; expiresAt: Date };
export type StandinUpload = typeof stravaStandinUploads.$inferSelect;
export type StandinToken = typeof stravaStandinTokens.$inferSelect;

/**
 * The stand-in's athlete is named by the name typed on its consent page: the same name is the
 * same athlete (a number below 2^53, like Strava's ids).
 */
export function athleteIdOf(name: string): string {
  const digest = createHash('sha256').update(name.trim().toLowerCase()).digest();
  return String(digest.readUIntBE(0, 6) + 1_000_000);
}

/** The stand-in's state, in its own tables: any process serves any step (docs/strava.md). */
export function standinStore(db: Db) {
  async function issue(a: StandinAthlete, now: Date, tx: Db = db): Promise<StandinTokenSet> {
    const set = {
      accessToken: newSecret(),
      refreshToken: newSecret(),
      expiresAt: new Date(Math.floor(now.getTime() / 1000) * 1000 + ACCESS_TTL_S * 1000),
    };
    await tx.insert(stravaStandinTokens).values({
      accessTokenHash: sha256(set.accessToken),
      refreshTokenHash: sha256(set.refreshToken),
      ...a,
      expiresAt: set.expiresAt,
    });
    return set;
  }

  return {
    /** A new authorisation code (kept as its hash). */
    async grant(a: StandinAthlete, now = new Date()): Promise<string> {
      const code = newSecret();
      await db
        .insert(stravaStandinGrants)
        .values({ code: sha256(code), ...a, expiresAt: new Date(now.getTime() + CODE_TTL_MS) });
      return code;
    },

    /** authorization_code: a code works once, before it expires; then tokens for its athlete. */
    async redeem(
      code: string,
      now = new Date(),
    ): Promise<(StandinTokenSet & StandinAthlete) | null> {
      const [g] = await db
        .update(stravaStandinGrants)
        .set({ usedAt: now })
        .where(
          and(
            eq(stravaStandinGrants.code, sha256(code)),
            isNull(stravaStandinGrants.usedAt),
            gt(stravaStandinGrants.expiresAt, now),
          ),
        )
        .returning();
      if (!g) return null;
      const athlete = { athleteId: g.athleteId, athleteName: g.athleteName, scope: g.scope };
      return { ...(await issue(athlete, now)), ...athlete };
    },

    /**
     * refresh_token: the refresh token is used up and both tokens are replaced (rotation); of
     * two refreshes with one token only one succeeds.
     */
    async rotate(refreshToken: string, now = new Date()): Promise<StandinTokenSet | null> {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .delete(stravaStandinTokens)
          .where(
            and(
              eq(stravaStandinTokens.refreshTokenHash, sha256(refreshToken)),
              isNull(stravaStandinTokens.revokedAt),
            ),
          )
          .returning();
        if (!old) return null;
        const athlete = {
          athleteId: old.athleteId,
          athleteName: old.athleteName,
          scope: old.scope,
        };
        return issue(athlete, now, tx);
      });
    },

    /** The live token behind a bearer (not revoked, not expired). */
    async bearer(accessToken: string, now = new Date()): Promise<StandinToken | null> {
      const [row] = await db
        .select()
        .from(stravaStandinTokens)
        .where(
          and(
            eq(stravaStandinTokens.accessTokenHash, sha256(accessToken)),
            isNull(stravaStandinTokens.revokedAt),
            gt(stravaStandinTokens.expiresAt, now),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /**
     * Deauthorisation. Strava revokes every token of the athlete; the stand-in's athletes are
     * shared by name between members, so it revokes this connection's token only.
     */
    async revoke(accessToken: string, now = new Date()): Promise<boolean> {
      const rows = await db
        .update(stravaStandinTokens)
        .set({ revokedAt: now })
        .where(
          and(
            eq(stravaStandinTokens.accessTokenHash, sha256(accessToken)),
            isNull(stravaStandinTokens.revokedAt),
          ),
        )
        .returning({ athleteId: stravaStandinTokens.athleteId });
      return rows.length > 0;
    },

    async addUpload(
      u: Omit<typeof stravaStandinUploads.$inferInsert, 'id'>,
    ): Promise<StandinUpload> {
      const [row] = await db.insert(stravaStandinUploads).values(u).returning();
      if (!row) throw new Error('the stand-in upload was not stored');
      return row;
    },

    /** One of the athlete's uploads. */
    async upload(id: number, athleteId: string): Promise<StandinUpload | null> {
      const [row] = await db
        .select()
        .from(stravaStandinUploads)
        .where(and(eq(stravaStandinUploads.id, id), eq(stravaStandinUploads.athleteId, athleteId)))
        .limit(1);
      return row ?? null;
    },

    /** The athlete's first upload with this upload's external id, when it is another one. */
    async original(u: StandinUpload): Promise<StandinUpload | null> {
      const [row] = await db
        .select()
        .from(stravaStandinUploads)
        .where(
          and(
            eq(stravaStandinUploads.athleteId, u.athleteId),
            eq(stravaStandinUploads.externalId, u.externalId),
            lt(stravaStandinUploads.id, u.id),
          ),
        )
        .orderBy(asc(stravaStandinUploads.id))
        .limit(1);
      return row ?? null;
    },

    /** Makes the upload's activity, once (any process, any number of reads at once). */
    async process(u: StandinUpload): Promise<StandinUpload> {
      if (u.activityId !== null) return u;
      const [row] = await db
        .update(stravaStandinUploads)
        .set({ activityId: ACTIVITY_ID_BASE + u.id })
        .where(and(eq(stravaStandinUploads.id, u.id), isNull(stravaStandinUploads.activityId)))
        .returning();
      return row ?? { ...u, activityId: ACTIVITY_ID_BASE + u.id };
    },

    /** The newest uploads first, for the stand-in's page. */
    async recent(limit: number): Promise<StandinUpload[]> {
      return db
        .select()
        .from(stravaStandinUploads)
        .orderBy(desc(stravaStandinUploads.id))
        .limit(limit);
    },

    /** The upload an activity was made from (its id is the upload's plus ACTIVITY_ID_BASE). */
    async activity(activityId: number): Promise<StandinUpload | null> {
      const id = activityId - ACTIVITY_ID_BASE;
      if (!Number.isSafeInteger(activityId) || activityId > 2_147_483_647 || id < 1) return null;
      const [row] = await db
        .select()
        .from(stravaStandinUploads)
        .where(
          and(eq(stravaStandinUploads.id, id), eq(stravaStandinUploads.activityId, activityId)),
        )
        .limit(1);
      return row ?? null;
    },
  };
}

export type StandinStore = ReturnType<typeof standinStore>;
