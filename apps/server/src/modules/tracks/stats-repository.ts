import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tracks, userStatsBuckets, type TrackRow } from '../../db/schema.js';
import { bucketOf, type PeriodStarts } from './periods.js';
import { overlappingRides, type CountedRide } from './stats-overlap.js';
import type { PeriodSums, StatsSums } from './stats.js';

type Saved = CountedRide & Pick<TrackRow, 'statsCounted'>;

/** Saves and deletions of one member's rides decide what counts one at a time (any process). */
const STATS_LOCK_SPACE = 1_414_032;
/** Rides put back into the stats by one deletion, at most (rides side by side are few). */
const PROMOTE_AT_MOST = 20;

/**
 * The per-member stats buckets, changed in the same transaction as the track they count, so
 * /user/data never scans points and never drifts from the saved tracks.
 */
export function statsRepository(db: Db) {
  const lockMember = (userId: number) =>
    db.execute(sql`select pg_advisory_xact_lock(${STATS_LOCK_SPACE}::int, ${userId}::int)`);

  async function addBucket(track: CountedRide): Promise<void> {
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
  }

  const setCounted = (id: number, counted: boolean) =>
    db.update(tracks).set({ statsCounted: counted }).where(eq(tracks.id, id));

  return {
    /**
     * A ride just saved (in the transaction that saves it): into the member's buckets, unless
     * it overlaps in time a ride already counted (rides recorded side by side count once, as
     * challenges count them); then it is marked not counted.
     */
    async add(track: CountedRide): Promise<void> {
      await lockMember(track.userId);
      const counted = await overlappingRides(db, track, { counted: true, limit: 1 });
      if (counted.length > 0) {
        await setCounted(track.id, false);
        return;
      }
      await addBucket(track);
    },

    /**
     * A counted ride deleted (in the deleting transaction): out of the buckets, and the rides
     * it kept out (overlapping it, not counted) that now overlap no counted ride come in.
     */
    async subtract(track: Saved): Promise<void> {
      await lockMember(track.userId);
      if (!track.statsCounted) return;
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
      const kept = await overlappingRides(db, track, {
        counted: false,
        limit: PROMOTE_AT_MOST,
        lock: true,
      });
      for (const ride of kept) {
        // The deleted ride is still in the table (removed after this): left out by id.
        const q = { counted: true, limit: 1, except: track.id };
        if ((await overlappingRides(db, ride, q)).length > 0) continue;
        await setCounted(ride.id, true);
        await addBucket(ride);
      }
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
