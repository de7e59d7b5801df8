import { STRAVA } from '@ridealong/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tracks, type TrackRow } from '../../db/schema.js';
import type { DomainSubscribers } from '../../events/subscribers.js';
import { STRAVA_UPLOAD_MAX_ATTEMPTS, type StravaUploadQueue } from './upload-jobs.js';
import { uploadsRepository } from './uploads-repository.js';

/**
 * Auto-save (document 001: workouts over 1 minute): run on `track.saved` (stravaSubscribers) in
 * the transaction that marks the ride saved, so the upload row and its `strava.upload` job
 * exist exactly when the save commits, once per ride. Only for a member with auto-save on and
 * a connection Strava still accepts. True when a job was enqueued (the caller wakes the queue
 * after its commit).
 */
export async function enqueueAutoUpload(
  tx: Db,
  jobs: StravaUploadQueue,
  track: Pick<TrackRow, 'id' | 'userId' | 'duration' | 'uploaded'>,
): Promise<boolean> {
  // Marked uploaded already (a v1 client's mark_as_uploaded): nothing to send.
  if (track.uploaded || track.duration <= STRAVA.autoSaveMinSeconds) return false;
  const uploads = uploadsRepository(tx);
  if (!(await uploads.autoSaves(track.userId))) return false;
  if (!(await uploads.queue(track.id, track.userId, 'auto'))) return false;
  await jobs.enqueue(
    'strava.upload',
    { trackId: track.id },
    { db: tx, maxAttempts: STRAVA_UPLOAD_MAX_ATTEMPTS },
  );
  return true;
}

/** Auto-save reacts to `track.saved`, in the save's transaction (see enqueueAutoUpload). */
export function stravaSubscribers(jobs: StravaUploadQueue): DomainSubscribers {
  return {
    'track.saved': {
      inTransaction: async ({ trackId }, tx) => {
        const [track] = await tx
          .select({
            id: tracks.id,
            userId: tracks.userId,
            duration: tracks.duration,
            uploaded: tracks.uploaded,
          })
          .from(tracks)
          .where(eq(tracks.id, trackId));
        if (track) await enqueueAutoUpload(tx, jobs, track);
      },
    },
  };
}
