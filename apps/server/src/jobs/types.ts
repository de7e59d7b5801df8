import type { z } from 'zod';
import type { Db } from '../db/client.js';

/** What a running job may use: its attempt, a cancel signal (shutdown) and progress reports. */
export type JobContext = {
  jobId: number;
  /** 1-based. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the runner stops; the job is then queued again without counting the attempt. */
  signal: AbortSignal;
  /** 0..100; also tells the runner the job is alive. */
  progress: (percent: number) => Promise<void>;
};

export type JobHandler<P> = {
  run: (payload: P, ctx: JobContext) => Promise<void>;
  /** Called once when the job has failed for good (last attempt, or a PermanentJobError). */
  onFailed?: (payload: P, error: unknown) => Promise<void>;
  /**
   * Jobs of this name one runner runs at once (default: the runner's). Every name has slots of
   * its own, so a long ffmpeg run never holds back short jobs; 0 leaves them to other processes.
   */
  concurrency?: number;
};

export type JobHandlers<P> = { [K in keyof P]: JobHandler<P[K]> };

export type PayloadSchemas<P> = { [K in keyof P]: z.ZodType<P[K]> };

/** The payload types of a map of schemas (a module's jobs, or the app's). */
export type PayloadsOf<S extends Record<string, z.ZodType>> = { [K in keyof S]: z.infer<S[K]> };

/** A failure that retrying cannot fix (e.g. the upload is not a video). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/**
 * Not a failure: the job asks to run again no earlier than `delayMs` from now (by the
 * database's clock), and this attempt does not count (e.g. a rate limit whose window ends
 * then). Nothing sleeps in the worker meanwhile: the job is queued with that run_at.
 */
export class RetryJobLater extends Error {
  override name = 'RetryJobLater';
  constructor(
    readonly delayMs: number,
    message = 'deferred',
  ) {
    super(message);
  }
}

export type EnqueueOptions = {
  maxAttempts?: number;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /**
   * Insert through this transaction, so the job exists exactly when the caller's changes commit;
   * call wake() after the commit. (A Redis-backed queue would need an outbox table for this.)
   */
  db?: Db;
};

/**
 * The queue seam, as modules see it: every process may enqueue; only `worker` processes run
 * jobs (JobRunner). The DB queue implements it (docs/decisions.md says why not BullMQ).
 */
export interface JobQueue<P> {
  enqueue<K extends keyof P & string>(
    name: K,
    payload: P[K],
    options?: EnqueueOptions,
  ): Promise<number>;
  /**
   * Look for due jobs now (e.g. after a transaction that inserted one has committed), when this
   * process runs jobs; others find them at their next poll.
   */
  wake(): void;
}

/** Runs the jobs of a queue with a complete handler map (a `worker` process's). */
export interface JobRunner {
  start(): void;
  /** Stops claiming, cancels running jobs (they are queued again) and waits for them. */
  stop(): Promise<void>;
}
