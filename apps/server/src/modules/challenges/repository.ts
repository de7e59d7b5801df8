import { and, asc, count, desc, eq, gt, inArray, lte, ne, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { challenges, races, users, type ChallengeRow } from '../../db/schema.js';
import type { RaceWithOwner } from '../races/index.js';

export type NewChallengeRow = typeof challenges.$inferInsert;

/** A challenge with its race videos (ready ones, in its order), as the presenter takes it. */
export type ChallengeWithVideos = { row: ChallengeRow; videos: RaceWithOwner[] };

/** Any constant: the transaction-level lock every change of the featured challenge takes. */
const FEATURED_LOCK_KEY = 7_214_031_614;

/** Active: switched on and its end not reached (docs/challenges.md, 'Active'). */
const isActive = (now: Date) => and(challenges.active, gt(challenges.endsAt, now));
const isPast = (now: Date) => or(not(challenges.active), lte(challenges.endsAt, now));

/**
 * Clears the old featured challenge and marks this one, in the caller's transaction. Changes of
 * the featured challenge take turns under an advisory lock, so two at once cannot both clear
 * what they saw and then both mark (the unique index would refuse the second).
 */
async function markFeatured(tx: Db, id: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FEATURED_LOCK_KEY}::bigint)`);
  await tx
    .update(challenges)
    .set({ featured: false })
    .where(and(challenges.featured, ne(challenges.id, id)));
  await tx.update(challenges).set({ featured: true }).where(eq(challenges.id, id));
}

export function challengesRepository(db: Db) {
  return {
    /** Whether an active race-based challenge rides this video (it must not be deleted then). */
    async racesVideo(url: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: challenges.id })
        .from(challenges)
        .where(
          and(
            isActive(now),
            eq(challenges.challengeType, 'RACE_BASED'),
            sql`${challenges.videoSubset} @> array[${url}]::text[]`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async findById(id: number): Promise<ChallengeRow | null> {
      const [row] = await db.select().from(challenges).where(eq(challenges.id, id)).limit(1);
      return row ?? null;
    },

    /** The active list: featured first, then by start; at most `limit`. */
    active(now: Date, limit: number): Promise<ChallengeRow[]> {
      return db
        .select()
        .from(challenges)
        .where(isActive(now))
        .orderBy(desc(challenges.featured), asc(challenges.startsAt), asc(challenges.id))
        .limit(limit);
    },

    /** Past challenges (ended or switched off), newest ended first, and how many there are. */
    async past(
      now: Date,
      start: number,
      limit: number,
    ): Promise<{ count: number; rows: ChallengeRow[] }> {
      const [total] = await db.select({ n: count() }).from(challenges).where(isPast(now));
      const rows = await db
        .select()
        .from(challenges)
        .where(isPast(now))
        .orderBy(desc(challenges.endsAt), desc(challenges.id))
        .offset(start)
        .limit(limit);
      return { count: total?.n ?? 0, rows };
    },

    /** The ids among these that name a challenge. */
    async existing(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: challenges.id })
        .from(challenges)
        .where(inArray(challenges.id, [...ids]));
      return rows.map((r) => r.id);
    },

    /** Inserts a challenge (featured: the old featured one is cleared in the same transaction). */
    insert(values: NewChallengeRow): Promise<ChallengeRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(challenges)
          .values({ ...values, featured: false })
          .returning();
        if (!row) throw new Error('challenge insert returned nothing');
        if (!values.featured) return row;
        await markFeatured(tx, row.id);
        return { ...row, featured: true };
      });
    },

    /** Makes this the featured challenge; false when it does not exist. */
    setFeatured(id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: challenges.id })
          .from(challenges)
          .where(eq(challenges.id, id))
          .for('update');
        if (!row) return false;
        await markFeatured(tx, id);
        return true;
      });
    },

    /**
     * The ready videos among these urls, with their owners, by url: one query for the videos of
     * a whole list of challenges.
     */
    async readyVideos(urls: readonly string[]): Promise<Map<string, RaceWithOwner>> {
      if (urls.length === 0) return new Map();
      const rows = await db
        .select({
          race: races,
          owner: {
            id: users.id,
            displayName: users.displayName,
            channelTitle: users.channelTitle,
            photoUrl: users.photoUrl,
          },
        })
        .from(races)
        .innerJoin(users, eq(users.id, races.userId))
        .where(and(inArray(races.url, [...new Set(urls)]), eq(races.status, 'ready')));
      return new Map(rows.map((r) => [r.race.url, r]));
    },

    /** Each challenge with its race videos, found in one query. */
    async withVideos(rows: readonly ChallengeRow[]): Promise<ChallengeWithVideos[]> {
      const found = await this.readyVideos(rows.flatMap((r) => r.videoSubset));
      return rows.map((row) => ({
        row,
        videos: row.videoSubset.flatMap((url) => {
          const video = found.get(url);
          return video ? [video] : [];
        }),
      }));
    },
  };
}

export type ChallengesRepository = ReturnType<typeof challengesRepository>;
