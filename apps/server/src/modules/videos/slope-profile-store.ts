import { eq, sql } from 'drizzle-orm';
import type { SlopePoint } from '@ridealong/media';
import type { Db } from '../../db/client.js';
import { numberArray } from '../../db/sql-arrays.js';
import { raceSlopePoints } from '../../db/schema.js';
import { saveRouteSummary } from '../race-route/index.js';

/** Seconds written per statement: each statement's text is a few arrays, made in a moment. */
const SLOPE_BATCH = 1000;

/**
 * Replaces a video's per-second slope profile and its route summary inside the caller's
 * transaction (a null or empty profile removes both). The one writer of race_slope_points:
 * the video.process job (camera GPS) and the owner's GPX (gradients module) both go through it.
 * Rows go in as columns (unnest of six arrays), not as a VALUES list of six parameters a row:
 * building an hour's statements that way held the server's loop for over 100 ms.
 */
export async function replaceSlopeProfile(
  tx: Db,
  raceId: number,
  slope: readonly SlopePoint[] | null,
): Promise<void> {
  await tx.delete(raceSlopePoints).where(eq(raceSlopePoints.raceId, raceId));
  await saveRouteSummary(
    tx,
    raceId,
    (slope ?? []).map((p) => ({ distance: p.distanceM, elevation: p.elevationM })),
  );
  for (let i = 0; slope && i < slope.length; i += SLOPE_BATCH) {
    const rows = slope.slice(i, i + SLOPE_BATCH);
    const seconds = numberArray(
      rows.map((p) => p.t),
      'int',
    );
    const column = (pick: (p: SlopePoint) => number) => numberArray(rows.map(pick), 'float8');
    await tx.execute(sql`
      insert into race_slope_points (race_id, second, distance, elevation, speed, slope)
      select ${raceId}::int, * from unnest(${seconds}, ${column((p) => p.distanceM)},
        ${column((p) => p.elevationM)}, ${column((p) => p.speedMps)},
        ${column((p) => p.slopePercent)})`);
  }
}
