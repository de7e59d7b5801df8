import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema.js';
import { createDbJobRunner, type DbJobRunnerOptions } from './db-runner.js';
import type { JobQueue, JobRunner, PayloadSchemas } from './types.js';

export type { JobOutcome, SettledJob } from './db-runner.js';

export type DbJobQueueOptions<P> = {
  db: Db;
  schemas: PayloadSchemas<P>;
  /** Attempts of a job enqueued without its own `maxAttempts`. */
  maxAttempts?: number;
};

export type DbJobQueue<P> = JobQueue<P> & {
  /**
   * This queue's runner, with a handler for every job (only `worker` processes make one). The
   * queue's wake() reaches it, so a job enqueued here starts at once rather than at the next poll.
   */
  runner: (options: DbJobRunnerOptions<P>) => JobRunner;
};

/**
 * The jobs table as a queue. Enqueueing needs only the payload schemas, so every process (an
 * api-only one too) can enqueue, also inside its own transaction (`{ db: tx }`); running needs
 * the handlers, which only a worker's runner has.
 */
export function createDbJobQueue<P>(options: DbJobQueueOptions<P>): DbJobQueue<P> {
  const { db, schemas } = options;
  const defaultMaxAttempts = options.maxAttempts ?? 3;
  const runners = new Set<{ wake: () => void }>();
  const wake = () => {
    for (const r of runners) r.wake();
  };
  const schemaFor = (name: string) => schemas[name as keyof P] as z.ZodType<unknown>;
  const ms = (n: number) => sql`now() + ${Math.round(n)}::int * interval '1 millisecond'`;

  return {
    async enqueue(name, payload, opts = {}) {
      const value = schemaFor(name).parse(payload);
      const [row] = await (opts.db ?? db)
        .insert(jobs)
        .values({
          name,
          payload: value,
          maxAttempts: opts.maxAttempts ?? defaultMaxAttempts,
          runAt: opts.delayMs ? ms(opts.delayMs) : sql`now()`,
        })
        .returning({ id: jobs.id });
      // Inside a transaction the row is not visible yet: the caller wakes after its commit.
      if (!opts.db) wake();
      return row!.id;
    },
    wake,
    runner(runnerOptions) {
      const runner = createDbJobRunner({ ...runnerOptions, db, schemas });
      // A stopped runner ignores wake(), so it can stay in the set (and start again).
      runners.add(runner);
      return { start: runner.start, stop: runner.stop };
    },
  };
}
