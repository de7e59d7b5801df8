import { eq } from 'drizzle-orm';
import { GPX_SLOPE_SOURCE_ID } from '@ridealong/contracts';
import type { SlopePoint } from '@ridealong/media';
import type { Db } from '../../db/client.js';
import { races } from '../../db/schema.js';
import { replaceSlopeProfile } from '../videos/index.js';

/**
 * The GPX's profile in one transaction: the source (2) and the file's name on the video, its
 * per-second points and route summary through the pipeline's own writer. False when the video
 * is gone; a failure anywhere leaves the previous profile, source and name as they were.
 */
export async function saveGpxProfile(
  db: Db,
  raceId: number,
  profile: readonly SlopePoint[],
  filename: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(races)
      .set({
        slopeSourceId: GPX_SLOPE_SOURCE_ID,
        gpxUploadFilename: filename,
        updatedAt: new Date(),
      })
      .where(eq(races.id, raceId))
      .returning({ id: races.id });
    if (!row) return false;
    await replaceSlopeProfile(tx, raceId, profile);
    return true;
  });
}
