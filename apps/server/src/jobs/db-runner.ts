import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { jobs, type JobRow } from '../db/schema.js';
import { retryDelayMs } from './backoff.js';
import { namesWithFreeSlots, slotLimits } from './slots.js';
import {
  type JobHandler,
  type JobHandlers,
  type JobRunner,
  type PayloadSchemas,
  PermanentJobError,
  RetryJobLater,
} from './types.js';

/** deferred: the job asked to run later (RetryJobLater); the attempt does not count. */
export type JobOutcome = 'done' | 'failed' | 'retry' | 'released' | 'deferred';

export type SettledJob = { id: number; name: string; outcome: JobOutcome; error?: string };

export type DbJobRunnerOptions<P> = {
  /** Every job with its handler: a map missing one does not compile. */
  handlers: JobHandlers<P>;
  /** Jobs of one name run at the same time, unless its handler says (`concurrency`). */
  concurrency?: number;
  /** How often the table is looked at when nobody wakes the runner. */
  pollMs?: number;
  /** First retry delay; doubles with every attempt. */
  retryBaseMs?: number;
  /** A running job without a heartbeat for this long was left by a crash: it is taken again. */
  staleAfterMs?: number;
  log?: { error: (obj: object, msg: string) => void };
  /** Called after a job has run (logs, tests and metrics). */
  onSettled?: (event: SettledJob) => void;
};

/**
 * The runner over the `jobs` table: claims due jobs with FOR UPDATE SKIP LOCKED (so several
 * processes can share the table), keeps a heartbeat in locked_at, retries with exponential
 * backoff and takes over jobs whose heartbeat stopped (a crash or a kill -9). Each job name has
 * its own slots (slots.ts). Made by a DB queue (db-queue.ts), whose wake() reaches it.
 */
export function createDbJobRunner<P>(
  options: DbJobRunnerOptions<P> & { db: Db; schemas: PayloadSchemas<P> },
): JobRunner & { wake: () => void } {
  const { db, handlers, schemas } = options;
  const pollMs = options.pollMs ?? 2000;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const staleAfterMs = options.staleAfterMs ?? 60_000;
  const heartbeatMs = Math.max(50, Math.floor(staleAfterMs / 4));
  const log = options.log ?? { error: () => undefined };
  const limits = slotLimits(handlers, options.concurrency ?? 1);

  const running = new Map<
    number,
    { name: string; controller: AbortController; done: Promise<void> }
  >();
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let pumping: Promise<void> | null = null;
  let again = false;

  const handlerFor = (name: string) => handlers[name as keyof P] as JobHandler<unknown>;
  const schemaFor = (name: string) => schemas[name as keyof P] as z.ZodType<unknown>;
  // Every write after the claim is conditional on (id, attempts): the claim's ownership.
  const owned = (row: JobRow) => and(eq(jobs.id, row.id), eq(jobs.attempts, row.attempts));
  const ms = (n: number) => sql`now() + ${Math.round(n)}::int * interval '1 millisecond'`;

  /** The next due job among `names` (queued and due, or running with a stopped heartbeat). */
  async function claim(names: string[]): Promise<JobRow | null> {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.name, names),
          or(
            and(eq(jobs.state, 'queued'), sql`${jobs.runAt} <= now()`),
            and(eq(jobs.state, 'running'), sql`${jobs.lockedAt} < ${ms(-staleAfterMs)}`),
          ),
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(jobs)
      .set({
        state: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        progress: 0,
        lockedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(inArray(jobs.id, due))
      .returning();
    return row ?? null;
  }

  async function settle(row: JobRow, outcome: JobOutcome, error?: unknown): Promise<void> {
    const message = error === undefined ? null : errorText(error);
    const base = { lockedAt: null, updatedAt: sql`now()` };
    if (outcome === 'done') {
      await db
        .update(jobs)
        .set({ ...base, state: 'done', progress: 100, lastError: null })
        .where(owned(row));
    } else if (outcome === 'failed') {
      await db
        .update(jobs)
        .set({ ...base, state: 'failed', lastError: message })
        .where(owned(row));
    } else if (outcome === 'retry') {
      await db
        .update(jobs)
        .set({
          ...base,
          state: 'queued',
          lastError: message,
          runAt: ms(retryDelayMs(row.attempts, retryBaseMs)),
        })
        .where(owned(row));
    } else if (outcome === 'deferred') {
      // Asked to wait (RetryJobLater): not a failure, so the attempt does not count.
      await db
        .update(jobs)
        .set({
          ...base,
          state: 'queued',
          attempts: row.attempts - 1,
          lastError: message,
          runAt: ms(deferMs(error)),
        })
        .where(owned(row));
    } else {
      // Cancelled by a shutdown: not the job's fault, so the attempt does not count.
      await db
        .update(jobs)
        .set({ ...base, state: 'queued', attempts: row.attempts - 1, runAt: sql`now()` })
        .where(owned(row));
    }
  }

  const notify = (row: JobRow, outcome: JobOutcome, error?: unknown) =>
    options.onSettled?.({
      id: row.id,
      name: row.name,
      outcome,
      ...(error === undefined ? {} : { error: errorText(error) }),
    });

  /** Runs one claimed job and records how it ended (after onFailed for a final failure). */
  async function attempt(row: JobRow, signal: AbortSignal): Promise<[JobOutcome, unknown?]> {
    const handler = handlerFor(row.name);
    const parsed = schemaFor(row.name).safeParse(row.payload);
    if (!parsed.success) {
      const error = new PermanentJobError(`invalid payload: ${parsed.error.message}`);
      await settle(row, 'failed', error);
      return ['failed', error];
    }
    const fail = async (error: unknown): Promise<[JobOutcome, unknown]> => {
      await settle(row, 'failed', error);
      await handler.onFailed?.(parsed.data, error);
      return ['failed', error];
    };
    // Taken over from a dead worker after its last attempt.
    if (row.attempts > row.maxAttempts)
      return fail(new Error('The job was interrupted on every attempt.'));
    if (signal.aborted) {
      await settle(row, 'released');
      return ['released'];
    }
    const touch = () =>
      db
        .update(jobs)
        .set({ lockedAt: sql`now()` })
        .where(owned(row));
    const heartbeat = setInterval(() => void touch().catch(() => undefined), heartbeatMs);
    let lastPercent = -1;
    try {
      await handler.run(parsed.data, {
        jobId: row.id,
        attempt: row.attempts,
        maxAttempts: row.maxAttempts,
        signal,
        progress: async (percent) => {
          const p = Math.max(0, Math.min(100, Math.round(percent)));
          if (p === lastPercent) return;
          lastPercent = p;
          await db
            .update(jobs)
            .set({ progress: p, lockedAt: sql`now()` })
            .where(owned(row));
        },
      });
      clearInterval(heartbeat);
      await settle(row, 'done');
      return ['done'];
    } catch (error) {
      clearInterval(heartbeat);
      if (signal.aborted) {
        await settle(row, 'released');
        return ['released'];
      }
      if (error instanceof RetryJobLater) {
        await settle(row, 'deferred', error);
        wakeAfter(deferMs(error));
        return ['deferred', error];
      }
      if (error instanceof PermanentJobError || row.attempts >= row.maxAttempts) return fail(error);
      await settle(row, 'retry', error);
      wakeAfter(retryDelayMs(row.attempts, retryBaseMs));
      return ['retry', error];
    }
  }

  function launch(row: JobRow): void {
    const controller = new AbortController();
    const done = attempt(row, controller.signal)
      .then(([outcome, error]) => notify(row, outcome, error))
      .catch((err: unknown) => log.error({ err, jobId: row.id }, 'job bookkeeping failed'))
      .finally(() => {
        running.delete(row.id);
        if (!stopped) wake();
      });
    running.set(row.id, { name: row.name, controller, done });
  }

  async function pumpLoop(): Promise<void> {
    do {
      again = false;
      while (!stopped) {
        const open = namesWithFreeSlots(
          limits,
          [...running.values()].map((r) => r.name),
        );
        if (open.length === 0) break;
        const row = await claim(open);
        if (!row) break;
        // A claim that completed while stopping is handed back at once.
        if (stopped) {
          await settle(row, 'released');
          notify(row, 'released');
        } else launch(row);
      }
    } while (again && !stopped);
  }

  /** A retry due sooner than the next poll wakes the runner itself. */
  const timers = new Set<NodeJS.Timeout>();
  function wakeAfter(delay: number): void {
    if (delay >= pollMs) return;
    const t = setTimeout(() => {
      timers.delete(t);
      wake();
    }, delay + 5);
    t.unref();
    timers.add(t);
  }

  function wake(): void {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = pumpLoop()
      .catch((err: unknown) => log.error({ err }, 'job runner could not claim jobs'))
      .finally(() => {
        pumping = null;
      });
  }

  return {
    wake,
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await pumping;
      for (const job of running.values()) job.controller.abort();
      await Promise.all([...running.values()].map((j) => j.done));
    },
  };
}

/** A deferral's delay: whole milliseconds, at least 0, at most a day. */
function deferMs(error: unknown): number {
  const delay = error instanceof RetryJobLater ? error.delayMs : 0;
  return Number.isFinite(delay) ? Math.max(0, Math.min(86_400_000, Math.round(delay))) : 0;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000);
}
