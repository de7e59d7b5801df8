import { and, desc, eq, gte, min, sql } from 'drizzle-orm';
import { countsForRanking } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { raceSlopePoints, trackPoints, tracks, type TrackRow } from '../../db/schema.js';
import { keepGhostWindows } from './ghost-windows.js';

/** Metres to 0.1 m, the step every reactive distance is ranked and served in. */
export const tenth = (metres: number) => Math.round(metres * 10) / 10;

/**
 * Metres a reactive ride reached as ranked: its distance to 0.1 m, at most the route's whole
 * distance (null: no slope profile), so every finisher has the same and ranks by time.
 */
export function reactiveReach(totalDistance: number, routeDistance: number | null): number {
  const reached = routeDistance === null ? totalDistance : Math.min(totalDistance, routeDistance);
  return tenth(Math.max(0, reached));
}

/** Whether a saved ride is ranked by distance (ghosts): reactive at 100 %. */
export const rankedByDistance = (track: Pick<TrackRow, 'rideMode' | 'difficulty'>) =>
  track.rideMode === 'reactive' && countsForRanking(track);

/**
 * Sets a just saved reactive ride's rank values (tracks.reactive_distance, reactive_seconds:
 * the ride second its distance first reached them), in the transaction that saves it, so a
 * ride is ranked exactly when it is saved. Two reads: the route's last slope row (primary key)
 * and the ride's points up to that second (the track's primary key range); then its points are
 * packed for its ghosts (ghost-windows.ts).
 */
export async function setReactiveRank(db: Db, track: TrackRow): Promise<TrackRow> {
  if (!rankedByDistance(track) || track.raceId === null) return track;
  const [end] = await db
    .select({ distance: raceSlopePoints.distance })
    .from(raceSlopePoints)
    .where(eq(raceSlopePoints.raceId, track.raceId))
    .orderBy(desc(raceSlopePoints.second))
    .limit(1);
  const reached = reactiveReach(track.totalDistance, end?.distance ?? null);
  const [first] = await db
    .select({ second: min(trackPoints.elapsedTime) })
    .from(trackPoints)
    .where(and(eq(trackPoints.trackId, track.id), gte(trackPoints.distance, reached - 0.05)));
  const seconds = first?.second ?? track.lastElapsedTime ?? 0;
  const [row] = await db
    .update(tracks)
    .set({ reactiveDistance: reached, reactiveSeconds: seconds })
    .where(eq(tracks.id, track.id))
    .returning();
  await keepGhostWindows(db, sql`${track.id}::int`);
  return row ?? track;
}
