import { asc, eq } from 'drizzle-orm';
import type { RouteSummary } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { raceRoutes, raceSlopePoints, type StoredRouteSummary } from '../../db/schema.js';
import { routeSummary, type RoutePoint } from './summary.js';
import { isForeignKeyViolation } from '../../db/pg-errors.js';

/**
 * Writes a video's route summary beside its slope profile (in the same transaction), or removes
 * it when the new profile makes none. Called wherever race_slope_points is (re)written.
 */
export async function saveRouteSummary(
  tx: Db,
  raceId: number,
  points: readonly RoutePoint[],
): Promise<void> {
  await tx.delete(raceRoutes).where(eq(raceRoutes.raceId, raceId));
  const summary = routeSummary(points);
  if (summary) await tx.insert(raceRoutes).values({ raceId, summary });
}

/** A stored summary that has every field of today's contract (rows before profile_t lack it). */
function isCurrent(summary: StoredRouteSummary): summary is RouteSummary {
  return summary.profile_t?.length === summary.profile.length;
}

/**
 * The stored summary of a video; a video whose slope profile predates summaries, or whose
 * summary predates `profile_t`, gets one made from its points now and kept (so each video's
 * seconds are read once, not per request). 'gone' when the video was deleted while its summary
 * was being made (the caller's 404).
 */
export async function readRouteSummary(
  db: Db,
  raceId: number,
): Promise<RouteSummary | null | 'gone'> {
  const [row] = await db
    .select({ summary: raceRoutes.summary })
    .from(raceRoutes)
    .where(eq(raceRoutes.raceId, raceId))
    .limit(1);
  if (row && isCurrent(row.summary)) return row.summary;
  const points = await db
    .select({
      distance: raceSlopePoints.distance,
      elevation: raceSlopePoints.elevation,
      t: raceSlopePoints.second,
    })
    .from(raceSlopePoints)
    .where(eq(raceSlopePoints.raceId, raceId))
    .orderBy(asc(raceSlopePoints.second));
  const summary = routeSummary(points);
  if (summary) {
    try {
      // Two first readers at once make the same summary, so the second write changes nothing;
      // an outdated row is replaced.
      await db
        .insert(raceRoutes)
        .values({ raceId, summary })
        .onConflictDoUpdate({ target: raceRoutes.raceId, set: { summary } });
    } catch (err) {
      // The video (and its points) went between the read and the insert: the conflict clause
      // covers the primary key only, the foreign key fails.
      if (isForeignKeyViolation(err)) return 'gone';
      throw err;
    }
  }
  return summary;
}
