import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tracks } from '../../db/schema.js';
import type { MemberRefreshQueue } from './jobs.js';
import { refreshMember, RIDE_TYPES } from './refresh.js';

/**
 * Where other modules' changes reach challenges. A save is the `track.saved` job's step; a
 * deleted ride and a ready video enqueue `challenge.refresh-member` in their own transaction,
 * so the refresh exists exactly when the change commits.
 */

/** track.saved's step: recomputes the rider's challenges whose window holds the ride's start. */
export function challengesAfterSave(db: Db) {
  return async (trackId: number): Promise<void> => {
    const [track] = await db
      .select({ userId: tracks.userId, startedAt: tracks.startedAt, status: tracks.status })
      .from(tracks)
      .where(eq(tracks.id, trackId));
    // Deleted since: the delete enqueued its own refresh.
    if (!track || track.status !== 'saved') return;
    await refreshMember(db, track.userId, { at: track.startedAt, types: RIDE_TYPES });
  };
}

/** In a transaction that removes a member's saved ride or makes their video ready. */
export async function enqueueMemberRefresh(
  jobs: MemberRefreshQueue,
  tx: Db,
  userId: number,
  at: Date,
): Promise<void> {
  await jobs.enqueue('challenge.refresh-member', { userId, at: at.getTime() }, { db: tx });
}
