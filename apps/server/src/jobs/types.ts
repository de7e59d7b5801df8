import { z } from 'zod';
import type { Db } from '../db/client.js';

/**
 * The jobs of the app and their payloads. A handler map typed `JobHandlers<JobPayloads>` must
 * name every job, so adding a job here without a handler is a compile error.
 */
export const jobPayloadSchemas = {
  'video.process': z.object({ raceId: z.number().int().positive() }),
} satisfies Record<string, z.ZodType>;

export type JobPayloads = {
  [K in keyof typeof jobPayloadSchemas]: z.infer<(typeof jobPayloadSchemas)[K]>;
};
export type JobName = keyof JobPayloads;

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
  /** Attempts before giving up (default: the queue's). */
  maxAttempts?: number;
};

export type JobHandlers<P> = { [K in keyof P]: JobHandler<P[K]> };

export type PayloadSchemas<P> = { [K in keyof P]: z.ZodType<P[K]> };

/** A failure that retrying cannot fix (e.g. the upload is not a video). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
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
 * The queue seam: the in-process DB runner implements it today; a BullMQ runner (when REDIS_URL
 * is set) can implement the same interface later.
 */
export interface JobQueue<P> {
  enqueue<K extends keyof P & string>(
    name: K,
    payload: P[K],
    options?: EnqueueOptions,
  ): Promise<number>;
  /** Look for due jobs now (e.g. after a transaction that inserted one has committed). */
  wake(): void;
  start(): void;
  /** Stops claiming, cancels running jobs (they are queued again) and waits for them. */
  stop(): Promise<void>;
}
