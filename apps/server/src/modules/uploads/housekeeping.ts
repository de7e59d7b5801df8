import type { Db } from '../../db/client.js';
import { pruneFinishedJobs } from '../../jobs/prune.js';
import { periodicTask } from '../../lib/periodic.js';
import type { Storage } from '../../lib/storage.js';
import { abandonedUploadSweep, type UploadSweepResult } from './abandoned-uploads.js';
import { cleanupRepository } from './cleanup-repository.js';
import { jobPruneCutoffs } from './cleanup-rules.js';

/** The first sweep waits a little, so it does not compete with start-up work. */
export const HOUSEKEEPING_FIRST_DELAY_MS = 60_000;
/** Abandonment is measured in hours and job retention in days: hourly is often enough. */
export const HOUSEKEEPING_EVERY_MS = 3600_000;

export type HousekeepingResult = {
  /** Null when that part failed (logged). */
  uploads: UploadSweepResult | null;
  prunedJobs: number | null;
};

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/**
 * The video pipeline's clean-up: abandoned uploads and old finished jobs. `worker` processes
 * run it; they share DATA_DIR with the api processes (docs/running-several-processes.md), so
 * they see every partial tus file. Every step is a conditional delete or a forced file removal,
 * so any number of workers may sweep at the same time.
 */
export function pipelineHousekeeping(deps: {
  db: Db;
  storage: Storage;
  tusDir: string;
  uploadAbandonMs: number;
  log: Log;
}) {
  const { db, log } = deps;
  const uploads = abandonedUploadSweep({
    repo: cleanupRepository(db),
    storage: deps.storage,
    tusDir: deps.tusDir,
    idleMs: deps.uploadAbandonMs,
    log,
  });

  /** One pass; a failing part is logged and does not stop the other. */
  async function sweep(now = new Date()): Promise<HousekeepingResult> {
    const result: HousekeepingResult = { uploads: null, prunedJobs: null };
    try {
      result.uploads = await uploads(now);
    } catch (err) {
      log.error({ err }, 'sweeping abandoned uploads failed');
    }
    try {
      result.prunedJobs = await pruneFinishedJobs(db, jobPruneCutoffs(now));
    } catch (err) {
      log.error({ err }, 'pruning finished jobs failed');
    }
    const removed =
      (result.uploads?.races ?? 0) +
      (result.uploads?.orphanUploads ?? 0) +
      (result.prunedJobs ?? 0);
    if (removed > 0) log.info({ ...result }, 'video pipeline housekeeping removed old items');
    return result;
  }

  const task = periodicTask({
    run: async () => void (await sweep()),
    firstDelayMs: HOUSEKEEPING_FIRST_DELAY_MS,
    everyMs: HOUSEKEEPING_EVERY_MS,
    onError: (err) => log.error({ err }, 'video pipeline housekeeping failed'),
  });

  return { sweep, start: task.start, stop: task.stop };
}

export type PipelineHousekeeping = ReturnType<typeof pipelineHousekeeping>;
