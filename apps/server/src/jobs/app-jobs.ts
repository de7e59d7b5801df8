import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { challengeJobPayloads, type ChallengeJobs } from '../modules/challenges/jobs.js';
import { stravaJobPayloads, type StravaJobs } from '../modules/strava/upload-jobs.js';
import { trackJobPayloads, type TrackJobs } from '../modules/tracks/jobs.js';
import { videoJobPayloads, type VideoJobs } from '../modules/videos/jobs.js';
import { createDbJobQueue, type DbJobQueue, type SettledJob } from './db-queue.js';
import type { JobHandlers, JobRunner, PayloadsOf } from './types.js';

/** Two modules' job maps as one; a name both use does not compile (B's would win silently). */
function joinJobs<A extends object, B extends object>(
  a: A,
  b: B & Record<keyof A & keyof B, never>,
): A & B {
  return { ...a, ...b };
}

/** Every module's jobs and their payloads: the typed map. */
export const appJobPayloads = joinJobs(
  joinJobs(joinJobs(videoJobPayloads, trackJobPayloads), challengeJobPayloads),
  stravaJobPayloads,
);
export type AppJobs = PayloadsOf<typeof appJobPayloads>;
export type AppJobName = keyof AppJobs;
export type AppJobQueue = DbJobQueue<AppJobs>;

/** The app's queue, built once and handed to the modules; any process may enqueue. */
export function appJobQueue(db: Db): AppJobQueue {
  return createDbJobQueue<AppJobs>({ db, schemas: appJobPayloads });
}

/**
 * Each module's handlers, joined into the map the runner needs. The return type names every
 * job, so a job added to a module's payloads without its handler does not compile.
 */
export function appJobHandlers(parts: {
  videos: JobHandlers<VideoJobs>;
  tracks: JobHandlers<TrackJobs>;
  challenges: JobHandlers<ChallengeJobs>;
  strava: JobHandlers<StravaJobs>;
}): JobHandlers<AppJobs> {
  return { ...parts.videos, ...parts.tracks, ...parts.challenges, ...parts.strava };
}

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/**
 * A worker's runner of the app's jobs. Every outcome is logged with the job's id and name: the
 * one record of which process ran a job (the table keeps no runner name).
 */
export function appJobRunner(
  queue: AppJobQueue,
  handlers: JobHandlers<AppJobs>,
  deps: { config: Pick<Config, 'jobRetryBaseMs'>; log: Log },
): JobRunner {
  const { log } = deps;
  const settled = (e: SettledJob) => {
    // jobId/jobName: pino's own `name` key would read as the logger's name.
    const fields = {
      jobId: e.id,
      jobName: e.name,
      outcome: e.outcome,
      ...(e.error ? { error: e.error } : {}),
    };
    if (e.outcome === 'done' || e.outcome === 'released' || e.outcome === 'deferred')
      log.info(fields, `job ${e.outcome}`);
    else log.warn(fields, `job ${e.outcome}`);
  };
  return queue.runner({
    handlers,
    retryBaseMs: deps.config.jobRetryBaseMs,
    log: { error: (obj, msg) => log.error(obj, msg) },
    onSettled: settled,
  });
}
