import { and, asc, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tracks, type TrackRow } from '../../db/schema.js';
import { RIDE_BOUNDS } from './ride-bounds.js';

/** What the stats count of a saved ride. */
export type CountedRide = Pick<
  TrackRow,
  'id' | 'userId' | 'startedAt' | 'duration' | 'totalDistance' | 'accumulatedPower'
>;

/**
 * The longest a saved ride lasts (its seconds are capped by the video's limit, at most 6 h, and
 * by the wall clock): how far before a ride's start an overlapping one may have started. It
 * bounds the read to a range of `tracks_user_saved_idx`.
 */
const LONGEST_RIDE_MS = (RIDE_BOUNDS.maxRideSeconds + RIDE_BOUNDS.wallClockSlackSeconds) * 1000;

/**
 * The member's other saved rides, counted in the stats or not, overlapping `ride` in time (a ride
 * lasts from its start, add-track, for its seconds, as in challenges' `oneAtATime`), leaving
 * out `except` (a ride being deleted); earliest first. `lock`: the rows are to be changed, so
 * they are locked, and rows another transaction holds (a deletion) are skipped rather than
 * waited for: waiting under the member's stats lock could deadlock.
 */
export async function overlappingRides(
  db: Db,
  ride: CountedRide,
  q: { counted: boolean; limit: number; except?: number; lock?: boolean },
): Promise<CountedRide[]> {
  const start = ride.startedAt;
  const end = new Date(start.getTime() + ride.duration * 1000);
  const query = db
    .select({
      id: tracks.id,
      userId: tracks.userId,
      startedAt: tracks.startedAt,
      duration: tracks.duration,
      totalDistance: tracks.totalDistance,
      accumulatedPower: tracks.accumulatedPower,
    })
    .from(tracks)
    .where(
      and(
        eq(tracks.userId, ride.userId),
        eq(tracks.status, 'saved'),
        eq(tracks.statsCounted, q.counted),
        notInArray(tracks.id, q.except === undefined ? [ride.id] : [ride.id, q.except]),
        lt(tracks.startedAt, end),
        gt(tracks.startedAt, new Date(start.getTime() - LONGEST_RIDE_MS)),
        sql`${tracks.startedAt} + make_interval(secs => ${tracks.duration}) > ${start.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(tracks.startedAt), asc(tracks.id))
    .limit(q.limit);
  return q.lock ? query.for('update', { skipLocked: true }) : query;
}
