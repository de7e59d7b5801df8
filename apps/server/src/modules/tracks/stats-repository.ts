import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userStatsBuckets, type TrackRow } from '../../db/schema.js';
import { bucketOf, type PeriodStarts } from './periods.js';
import type { PeriodSums, StatsSums } from './stats.js';

type Saved = Pick<
  TrackRow,
  'userId' | 'startedAt' | 'duration' | 'totalDistance' | 'accumulatedPower'
>;

/**
 * The per-member stats buckets, changed in the same transaction as the track they count, so
 * /user/data never scans points and never drifts from the saved tracks.
 */
export function statsRepository(db: Db) {
  return {
    async add(track: Saved): Promise<void> {
      await db
        .insert(userStatsBuckets)
        .values({
          userId: track.userId,
          bucket: bucketOf(track.startedAt),
          rides: 1,
          seconds: track.duration,
          distance: track.totalDistance,
          accumulatedPower: track.accumulatedPower,
        })
        .onConflictDoUpdate({
          target: [userStatsBuckets.userId, userStatsBuckets.bucket],
          set: {
            rides: sql`${userStatsBuckets.rides} + 1`,
            seconds: sql`${userStatsBuckets.seconds} + excluded.seconds`,
            distance: sql`${userStatsBuckets.distance} + excluded.distance`,
            accumulatedPower: sql`${userStatsBuckets.accumulatedPower} + excluded.accumulated_power`,
          },
        });
    },

    async subtract(track: Saved): Promise<void> {
      const where = and(
        eq(userStatsBuckets.userId, track.userId),
        eq(userStatsBuckets.bucket, bucketOf(track.startedAt)),
      );
      await db
        .update(userStatsBuckets)
        .set({
          rides: sql`${userStatsBuckets.rides} - 1`,
          seconds: sql`${userStatsBuckets.seconds} - ${track.duration}`,
          distance: sql`${userStatsBuckets.distance} - ${track.totalDistance}`,
          accumulatedPower: sql`${userStatsBuckets.accumulatedPower} - ${track.accumulatedPower}`,
        })
        .where(where);
      await db.delete(userStatsBuckets).where(and(where, lte(userStatsBuckets.rides, 0)));
    },

    /** Sums since each period start; one pass over the member's buckets (one per ride at most). */
    async sums(userId: number, starts: PeriodStarts): Promise<StatsSums> {
      const b = userStatsBuckets;
      const since = (from: Date | null) => {
        const cond = from ? sql` filter (where ${b.bucket} >= ${from.toISOString()})` : sql``;
        return sql`json_build_object(
          'rides', coalesce(sum(${b.rides})${cond}, 0),
          'seconds', coalesce(sum(${b.seconds})${cond}, 0),
          'distance', coalesce(sum(${b.distance})${cond}, 0),
          'power', coalesce(sum(${b.accumulatedPower})${cond}, 0))`;
      };
      const [row] = await db
        .select({
          week: sql<PeriodSums>`${since(starts.week)}`,
          month: sql<PeriodSums>`${since(starts.month)}`,
          year: sql<PeriodSums>`${since(starts.year)}`,
          all: sql<PeriodSums>`${since(null)}`,
        })
        .from(b)
        .where(eq(b.userId, userId));
      const zero = { rides: 0, seconds: 0, distance: 0, power: 0 };
      const num = (p: PeriodSums | undefined): PeriodSums => ({
        rides: Number(p?.rides ?? 0),
        seconds: Number(p?.seconds ?? 0),
        distance: Number(p?.distance ?? 0),
        power: Number(p?.power ?? 0),
      });
      if (!row) return { week: zero, month: zero, year: zero, all: zero };
      return { week: num(row.week), month: num(row.month), year: num(row.year), all: num(row.all) };
    },
  };
}

export type StatsRepository = ReturnType<typeof statsRepository>;
