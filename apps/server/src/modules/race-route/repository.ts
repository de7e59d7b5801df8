import { asc, eq } from 'drizzle-orm';
import type { RouteSummary } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { raceRoutes, raceSlopePoints } from '../../db/schema.js';
import { routeSummary, type RoutePoint } from './summary.js';

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

/**
 * The stored summary of a video; a video whose slope profile predates summaries gets one made
 * from its points now and kept (so each video's seconds are read once, not per request).
 */
export async function readRouteSummary(db: Db, raceId: number): Promise<RouteSummary | null> {
  const [row] = await db
    .select({ summary: raceRoutes.summary })
    .from(raceRoutes)
    .where(eq(raceRoutes.raceId, raceId))
    .limit(1);
  if (row) return row.summary;
  const points = await db
    .select({ distance: raceSlopePoints.distance, elevation: raceSlopePoints.elevation })
    .from(raceSlopePoints)
    .where(eq(raceSlopePoints.raceId, raceId))
    .orderBy(asc(raceSlopePoints.second));
  const summary = routeSummary(points);
  if (summary) {
    // Two first readers at once make the same summary; the second insert is a no-op.
    await db.insert(raceRoutes).values({ raceId, summary }).onConflictDoNothing();
  }
  return summary;
}
