import { z } from 'zod';
import type { JobHandlers, JobQueue, PayloadsOf } from '../../jobs/types.js';
import type { StravaJobs } from '../strava/upload-jobs.js';

/**
 * Activities' jobs. `track.saved` is enqueued in the transaction that marks a ride saved
 * (lifecycle.ts), so it exists exactly once per saved ride, whatever was resent or retried.
 */
export const trackJobPayloads = {
  'track.saved': z.object({ trackId: z.number().int().positive() }),
} satisfies Record<string, z.ZodType>;

export type TrackJobs = PayloadsOf<typeof trackJobPayloads>;

/** What saving needs of the app's queue: an enqueue inside its transaction, a wake after it. */
export type TrackJobQueue = JobQueue<TrackJobs>;

/**
 * What saving a ride enqueues: `track.saved`, and `strava.upload` when the member auto-saves
 * to Strava (strava/upload-auto.ts). The app's queue has both.
 */
export type TrackSaveQueue = JobQueue<TrackJobs & StravaJobs>;

/** Short bookkeeping jobs: a few at once, in slots of their own (never behind ffmpeg). */
const TRACK_JOB_CONCURRENCY = 4;

/**
 * What a saved ride moves beyond saving itself, each its own step of `track.saved`; a step that
 * fails fails the job, which runs again (every step recomputes, so a repeat is harmless).
 */
export type TrackSavedSteps = {
  /** The rider's challenges (challenges/track-saved.ts). */
  challenges?: (trackId: number) => Promise<void>;
};

export function trackJobHandlers(steps: TrackSavedSteps = {}): JobHandlers<TrackJobs> {
  return {
    'track.saved': {
      // Saving has already done everything a saved ride needs (points, totals, stats). Group
      // rides, challenges and the Strava upload hang their work here, each its own step.
      run: async ({ trackId }) => {
        await steps.challenges?.(trackId);
      },
      concurrency: TRACK_JOB_CONCURRENCY,
    },
  };
}
