import { eq } from 'drizzle-orm';
import { CHALLENGE_MESSAGES } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import { tracks } from '../../db/schema.js';
import type { DomainCheckers, DomainSubscribers } from '../../events/subscribers.js';
import type { MemberRefreshQueue } from './jobs.js';
import { refreshMember, RIDE_TYPES } from './refresh.js';
import type { ChallengesRepository } from './repository.js';

/**
 * Where other modules' changes reach challenges (src/events/domain-events.ts). A save is
 * recomputed in `track.saved`'s job; a deleted saved ride, a video made ready and a ready
 * video removed enqueue `challenge.refresh-member` in the change's own transaction, so the
 * refresh exists exactly when the change commits.
 */
export function challengeSubscribers(db: Db, jobs: MemberRefreshQueue): DomainSubscribers {
  const refresh = (tx: Db, userId: number, at: number) =>
    jobs.enqueue('challenge.refresh-member', { userId, at }, { db: tx }).then(() => undefined);
  return {
    'track.saved': {
      // Recomputes the rider's challenges whose window holds the ride's start.
      inJob: async ({ trackId }) => {
        const [track] = await db
          .select({ userId: tracks.userId, startedAt: tracks.startedAt, status: tracks.status })
          .from(tracks)
          .where(eq(tracks.id, trackId));
        // Deleted since: the delete enqueued its own refresh.
        if (!track || track.status !== 'saved') return;
        await refreshMember(db, track.userId, { at: track.startedAt, types: RIDE_TYPES });
      },
    },
    'track.deleted': {
      inTransaction: async (t, tx) => {
        if (t.saved) await refresh(tx, t.userId, t.startedAt);
      },
    },
    // A ready video counts for its owner's upload challenges.
    'video.ready': {
      inTransaction: async (v, tx) => refresh(tx, v.userId, v.createdAt),
    },
    'video.removed': {
      inTransaction: async (v, tx) => {
        if (v.wasReady) await refresh(tx, v.userId, v.createdAt);
      },
    },
  };
}

/** A video an active race challenge rides stays (CHALLENGE_MESSAGES.videoInUse). */
export function challengeCheckers(
  rows: Pick<ChallengesRepository, 'racesVideo'>,
  now: () => Date = () => new Date(),
): DomainCheckers {
  return {
    'video.remove': async ({ url }) =>
      (await rows.racesVideo(url, now())) ? CHALLENGE_MESSAGES.videoInUse : null,
  };
}
