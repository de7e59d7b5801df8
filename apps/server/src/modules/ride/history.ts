import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { LeaderboardEntry } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { trackPoints, tracks, users } from '../../db/schema.js';

/**
 * Every earlier saved ride of a video at one second. Saved rides have one point per second
 * (gaps filled at save), so riders still going are an equality hit on the covering history
 * index; rides that had ended before that second come from their last point, flagged inactive.
 */
export async function historyAt(
  db: Db,
  q: { raceId: number; second: number; excludeTrackId: number },
): Promise<LeaderboardEntry[]> {
  const columns = (active: boolean) => ({
    track_id: trackPoints.trackId,
    user_id: tracks.userId,
    username: users.displayName,
    url: tracks.raceUrl,
    elapsed_time: trackPoints.elapsedTime,
    accumulated_power: trackPoints.accumulatedPower,
    power: trackPoints.power,
    heart_rate: trackPoints.heartRate,
    cadence: trackPoints.cadence,
    distance: trackPoints.distance,
    active: sql<boolean>`${sql.raw(active ? 'true' : 'false')}`.as('active'),
  });
  const riding = db
    .select(columns(true))
    .from(trackPoints)
    .innerJoin(tracks, eq(tracks.id, trackPoints.trackId))
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(
      and(
        eq(trackPoints.raceId, q.raceId),
        eq(trackPoints.elapsedTime, q.second),
        ne(trackPoints.trackId, q.excludeTrackId),
      ),
    );
  const ended = db
    .select(columns(false))
    .from(tracks)
    .innerJoin(
      trackPoints,
      and(eq(trackPoints.trackId, tracks.id), eq(trackPoints.elapsedTime, tracks.lastElapsedTime)),
    )
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(
      and(
        eq(tracks.raceId, q.raceId),
        eq(tracks.status, 'saved'),
        lt(tracks.lastElapsedTime, q.second),
        ne(tracks.id, q.excludeTrackId),
      ),
    );
  const rows = await riding.unionAll(ended);
  return rows.sort((a, b) => b.accumulated_power - a.accumulated_power || a.track_id - b.track_id);
}
