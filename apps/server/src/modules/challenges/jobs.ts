import { z } from 'zod';
import { MAX_EPOCH_MS, pgInt } from '@ridealong/contracts';
import type { Db } from '../../db/client.js';
import {
  RetryJobLater,
  type JobHandlers,
  type JobQueue,
  type PayloadsOf,
} from '../../jobs/types.js';
import { rankChallenge, rankPayload } from './board-snapshot.js';
import { recalculateChallenge, refreshMember } from './refresh.js';

/**
 * Challenges' jobs. `challenge.refresh-member` recomputes one member's user-challenges after a
 * change that is not a save (a ride deleted, a video of theirs ready); `at` (epoch ms) narrows
 * it to the challenges whose window holds that moment. `challenge.recalculate` recomputes a
 * whole challenge (admins' recalculate-rankings). `challenge.rank` rebuilds a big board's ranking
 * snapshot (board-snapshot.ts), queued debounced by the changes themselves.
 */
export const challengeJobPayloads = {
  'challenge.refresh-member': z.object({
    userId: pgInt(1),
    at: z.number().int().min(0).max(MAX_EPOCH_MS).optional(),
  }),
  'challenge.recalculate': z.object({ challengeId: pgInt(1) }),
  'challenge.rank': rankPayload,
} satisfies Record<string, z.ZodType>;

export type ChallengeJobs = PayloadsOf<typeof challengeJobPayloads>;

/** What the routes need of the app's queue. */
export type ChallengeJobQueue = JobQueue<ChallengeJobs>;

/** What a change elsewhere (a deleted ride, a ready video) needs: the member refresh. */
export type MemberRefreshQueue = JobQueue<Pick<ChallengeJobs, 'challenge.refresh-member'>>;

/** Short: a few at once, in slots of their own. A recalculation is long: one at a time. */
const REFRESH_CONCURRENCY = 4;
/** A board another process is building is asked again this much later. */
const RANK_RETRY_MS = 1000;

export function challengeJobHandlers(db: Db): JobHandlers<ChallengeJobs> {
  return {
    'challenge.refresh-member': {
      run: async ({ userId, at }) => {
        await refreshMember(db, userId, at === undefined ? {} : { at: new Date(at) });
      },
      concurrency: REFRESH_CONCURRENCY,
    },
    'challenge.recalculate': {
      run: async ({ challengeId }, ctx) => {
        await recalculateChallenge(db, challengeId, { signal: ctx.signal });
      },
      concurrency: 1,
    },
    'challenge.rank': {
      run: async ({ challengeId }, ctx) => {
        const result = await rankChallenge(db, challengeId, { signal: ctx.signal });
        // The build under way may have read the members before this job's change: once it
        // is done, this one builds again.
        if (!result.built) throw new RetryJobLater(RANK_RETRY_MS, 'board being built');
      },
      concurrency: 1,
    },
  };
}
