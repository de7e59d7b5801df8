import type { MediaRunner } from '@ridealong/media';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Storage } from '../lib/storage.js';
import { videoProcessJob } from '../modules/videos/process-job.js';
import { videosRepository } from '../modules/videos/repository.js';
import { createDbJobQueue, type DbJobQueueOptions } from './db-queue.js';
import { type JobHandlers, type JobPayloads, jobPayloadSchemas, type JobQueue } from './types.js';

export type AppJobQueue = JobQueue<JobPayloads>;

/** Every job of the app with its handler; a job without one does not compile. */
export function appJobHandlers(deps: {
  db: Db;
  storage: Storage;
  runner: MediaRunner;
  log: { warn: (obj: object, msg: string) => void };
  onVideoReady?: (raceId: number) => void;
}): JobHandlers<JobPayloads> {
  return {
    'video.process': videoProcessJob({
      videos: videosRepository(deps.db),
      storage: deps.storage,
      runner: deps.runner,
      log: deps.log,
      onReady: deps.onVideoReady,
    }),
  };
}

/** The DB-backed queue with the app's handlers (BullMQ can take its place behind JobQueue). */
export function appJobQueue(
  deps: Parameters<typeof appJobHandlers>[0] & {
    config: Pick<Config, 'jobConcurrency' | 'jobRetryBaseMs'>;
    log: DbJobQueueOptions<JobPayloads>['log'] & { warn: (obj: object, msg: string) => void };
  },
): AppJobQueue {
  return createDbJobQueue<JobPayloads>({
    db: deps.db,
    handlers: appJobHandlers(deps),
    schemas: jobPayloadSchemas,
    concurrency: Math.max(1, deps.config.jobConcurrency),
    retryBaseMs: deps.config.jobRetryBaseMs,
    log: deps.log,
  });
}
