import type { Db } from '../../db/client.js';
import type { TrackRow } from '../../db/schema.js';
import { encodeFit, fitFileName, fitMessages } from './fit-file.js';
import { pointsRepository } from './points-repository.js';

/**
 * A saved ride's FIT file: what `GET /tracks/{id}/fit` and `GET /track/{id}/download` serve
 * and what goes to Strava. Points are read and encoded in slices, so a long ride never holds
 * the event loop.
 */
export async function rideFitFile(
  db: Db,
  track: Pick<
    TrackRow,
    'id' | 'title' | 'startedAt' | 'duration' | 'totalDistance' | 'accumulatedPower'
  >,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const points = await pointsRepository(db).allSliced(track.id);
  return { fileName: fitFileName(track), bytes: await encodeFit(fitMessages(track, points)) };
}
