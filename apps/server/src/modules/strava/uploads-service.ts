import { STRAVA_MESSAGES } from '@ridealong/contracts';
import { can } from '../../access/can.js';
import type { Db } from '../../db/client.js';
import type { TrackRow, UserRow } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { tracksRepository, type TrackWithRace } from '../tracks/index.js';
import { STRAVA_UPLOAD_MAX_ATTEMPTS, type StravaUploadQueue } from './upload-jobs.js';
import { uploadsRepository } from './uploads-repository.js';

type Viewer = Pick<UserRow, 'id'>;

const NOT_FOUND = 'This activity was not found.';

/**
 * The activity's upload action (docs/strava.md, 'Uploads'): queues a member's own saved ride
 * for `strava.upload`, and tells the page where it stands. A ride goes to Strava at most once:
 * asking again while it is queued, uploading or uploaded changes nothing; a failed upload is
 * queued again.
 */
export function stravaUploadsService(deps: { db: Db; jobs: StravaUploadQueue }) {
  const { db, jobs } = deps;

  /** Uploading is the member's own business: admins cannot send others' rides either. */
  const ownedBy = (viewer: Viewer, track: TrackRow | null): TrackRow => {
    if (!track) throw notFound(NOT_FOUND);
    if (!can(viewer, 'track.uploadToStrava', { ownerId: track.userId })) {
      throw forbidden(STRAVA_MESSAGES.notOwner);
    }
    return track;
  };

  const withStrava = async (trackId: number): Promise<TrackWithRace> => {
    const row = await tracksRepository(db).withRace(trackId);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  };

  return {
    /** POST /track/{id}/strava-upload: the ride, queued (or as it was when nothing is to do). */
    async request(viewer: Viewer, trackId: number): Promise<TrackWithRace> {
      const enqueued = await db.transaction(async (tx) => {
        // Under the ride's row lock: saving and deleting take turns with this.
        const track = ownedBy(viewer, await tracksRepository(tx).lock(trackId));
        if (track.status !== 'saved') throw conflict(STRAVA_MESSAGES.notSaved);
        const uploads = uploadsRepository(tx);
        const current = await uploads.lock(trackId);
        // Uploaded (by us, or by a v1 client that said so), or on its way: nothing to do.
        if (current ? current.state !== 'failed' : track.uploaded) return false;
        const connection = await uploads.connection(track.userId);
        if (connection !== 'connected') {
          throw conflict(
            connection === 'revoked' ? STRAVA_MESSAGES.reconnect : STRAVA_MESSAGES.notConnected,
          );
        }
        if (!(await uploads.queue(trackId, track.userId, 'manual'))) return false;
        await jobs.enqueue(
          'strava.upload',
          { trackId },
          { db: tx, maxAttempts: STRAVA_UPLOAD_MAX_ATTEMPTS },
        );
        return true;
      });
      if (enqueued) jobs.wake();
      return withStrava(trackId);
    },

    /** GET /track/{id}/strava-upload: the member's ride with its Strava state (polled). */
    async state(viewer: Viewer, trackId: number): Promise<TrackWithRace> {
      const row = await withStrava(trackId);
      ownedBy(viewer, row.track);
      return row;
    },
  };
}

export type StravaUploadsService = ReturnType<typeof stravaUploadsService>;
