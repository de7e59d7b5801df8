import { and, eq, gt, ne } from 'drizzle-orm';
import type { RideMode } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { tracks, users, type TrackRow } from '../../db/schema.js';
import { tracksRepository } from '../tracks/index.js';
import { openOrInsert } from './open-ride.js';

/** A new ride's row; `rideMode` and `difficulty` are add-track's (steady and 100 by default). */
export type RideValues = {
  userId: number;
  raceId: number;
  raceUrl: string;
  title: string;
  rideMode: RideMode;
  difficulty: number;
};

/** What a push to a ride closed by a newer add-track is told. */
export const SUPERSEDED_MESSAGE =
  'This ride was saved when you started another ride: only one ride records at a time.';

/**
 * add-track: the ride it names (its client ride id, else the open ride of the resume window, else
 * a new one) becomes the member's one recording ride. Every other ride of theirs still
 * recording is closed to pushes ('saving') in the same transaction, under the member's row
 * lock, so add-tracks at once on any number of processes agree on one ride; the caller saves
 * the closed ones (as a resent stop-track would). The newest add-track wins rather than being
 * refused: a rider whose app crashed, or who moved to another device, rides again at once, and
 * their old ride keeps what it recorded. A ride named again (a reconnect, a server restart)
 * stays the one recording; a ride already saved or saving closes nothing.
 */
export async function startRide(
  db: Db,
  values: RideValues,
  clientRideId: string | undefined,
): Promise<{ track: TrackRow; closed: number[] }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
    const track = clientRideId
      ? await tracksRepository(tx).createOnce({ ...values, clientRideId })
      : await openOrInsert(tx, values);
    // A ride id reused for another video is refused by the caller: nothing changes.
    if (track.status !== 'recording' || track.raceId !== values.raceId) {
      return { track, closed: [] };
    }
    const closed = await tx
      .update(tracks)
      .set({ status: 'saving' })
      .where(
        and(
          eq(tracks.userId, values.userId),
          eq(tracks.status, 'recording'),
          ne(tracks.id, track.id),
        ),
      )
      .returning({ id: tracks.id });
    return { track, closed: closed.map((r) => r.id) };
  });
}

/** Whether the member has started a ride after `trackId` that is recording (why a push failed). */
export async function supersededBy(db: Db, userId: number, trackId: number): Promise<boolean> {
  const [newer] = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(eq(tracks.userId, userId), eq(tracks.status, 'recording'), gt(tracks.id, trackId)))
    .limit(1);
  return newer !== undefined;
}
