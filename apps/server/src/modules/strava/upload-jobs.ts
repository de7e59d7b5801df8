import { z } from 'zod';
import { pgInt } from '@ridealong/contracts';
import type { JobHandlers, JobQueue, PayloadsOf } from '../../jobs/types.js';
import { UploadFailed, type StravaUploader } from './upload-worker.js';

/**
 * Strava's jobs (docs/strava.md, 'Uploads'). `strava.upload` takes one ride to Strava; it is
 * enqueued with its `strava_uploads` row, in the same transaction: by saving a ride with
 * auto-save on (tracks/lifecycle.ts) or by the activity's upload action (uploads-service.ts).
 */
export const stravaJobPayloads = {
  'strava.upload': z.object({ trackId: pgInt(1) }),
} satisfies Record<string, z.ZodType>;

export type StravaJobs = PayloadsOf<typeof stravaJobPayloads>;

/** What enqueueing an upload needs of the app's queue. */
export type StravaUploadQueue = JobQueue<StravaJobs>;

/**
 * Attempts of an upload: 5xx answers and network errors retry with the queue's backoff
 * (JOB_RETRY_BASE_SECONDS doubling); waits for a rate-limit window do not count.
 */
export const STRAVA_UPLOAD_MAX_ATTEMPTS = 8;

/** A few uploads at once per worker: each spends most of its time waiting on Strava. */
const UPLOAD_CONCURRENCY = 2;

/** The reason a member sees when Strava could not be reached on any attempt. */
export const UNREACHABLE_REASON = 'Strava could not be reached. Please try again later.';

export function stravaJobHandlers(uploader: StravaUploader): JobHandlers<StravaJobs> {
  return {
    'strava.upload': {
      run: async ({ trackId }, ctx) => {
        await uploader.run(trackId, ctx.signal);
      },
      // Refused for good (UploadFailed) or out of attempts: the member sees why.
      onFailed: async ({ trackId }, error) => {
        await uploader.fail(
          trackId,
          error instanceof UploadFailed ? error.message : UNREACHABLE_REASON,
        );
      },
      concurrency: UPLOAD_CONCURRENCY,
    },
  };
}
