import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../src/db/client.js';
import { jobs, type JobRow } from '../src/db/schema.js';
import { createDbJobQueue, type JobOutcome } from '../src/jobs/db-queue.js';
import {
  type JobContext,
  type JobHandlers,
  type JobQueue,
  type JobRunner,
  PermanentJobError,
} from '../src/jobs/types.js';
import { backends } from './harness.js';

type Payloads = {
  'test.flaky': { key: string; failures: number; permanent?: boolean };
  'test.gate': { key: string };
};
const schemas = {
  'test.flaky': z.object({
    key: z.string(),
    failures: z.number(),
    permanent: z.boolean().optional(),
  }),
  'test.gate': z.object({ key: z.string() }),
};

/** Resolves once per key when the job reaches one of the outcomes (or any, by default). */
function outcomes() {
  const waiters: { id: number; want: JobOutcome[]; resolve: (o: JobOutcome) => void }[] = [];
  const seen: { id: number; outcome: JobOutcome }[] = [];
  return {
    seen,
    onSettled: (e: { id: number; outcome: JobOutcome }) => {
      seen.push(e);
      for (const w of waiters.filter((x) => x.id === e.id && x.want.includes(e.outcome))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(e.outcome);
      }
    },
    next: (id: number, want: JobOutcome[] = ['done', 'failed']) =>
      new Promise<JobOutcome>((resolve) => waiters.push({ id, want, resolve })),
  };
}

function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe.each(backends)('the DB job runner ($name)', (backend) => {
  let database: Database & { drop: () => Promise<void> };
  const queues: JobRunner[] = [];
  let runs: { key: string; attempt: number; at: number }[] = [];
  let failed: { key: string; error: unknown }[] = [];
  const gates = new Map<string, { started: () => void; ctx?: JobContext; open: Promise<void> }>();

  const handlers: JobHandlers<Payloads> = {
    'test.flaky': {
      async run(p, ctx) {
        runs.push({ key: p.key, attempt: ctx.attempt, at: Date.now() });
        if (ctx.attempt <= p.failures) {
          throw p.permanent
            ? new PermanentJobError('cannot ever work')
            : new Error(`boom ${ctx.attempt}`);
        }
      },
      async onFailed(p, error) {
        failed.push({ key: p.key, error });
      },
    },
    'test.gate': {
      async run(p, ctx) {
        runs.push({ key: p.key, attempt: ctx.attempt, at: Date.now() });
        const gate = gates.get(p.key);
        if (!gate) return;
        gate.ctx = ctx;
        gate.started();
        await Promise.race([
          gate.open,
          new Promise((_, reject) =>
            ctx.signal.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
        ]);
      },
    },
  };

  const queue = (
    extra: {
      onSettled?: (e: { id: number; outcome: JobOutcome }) => void;
      staleAfterMs?: number;
      concurrency?: number;
    } = {},
  ) => {
    // A queue with its own runner: one process that enqueues and runs.
    const q = createDbJobQueue<Payloads>({ db: database.db, schemas, maxAttempts: 3 });
    const runner = q.runner({ handlers, pollMs: 20, retryBaseMs: 60, ...extra });
    queues.push(runner);
    const both: JobQueue<Payloads> & JobRunner = { ...q, ...runner };
    return both;
  };
  const row = async (id: number): Promise<JobRow> => {
    const [r] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    return r!;
  };

  beforeAll(async () => {
    database = await backend.open();
  });
  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop();
    await database.db.delete(jobs);
    runs = [];
    failed = [];
    gates.clear();
  });
  afterAll(async () => {
    await database.close();
    await database.drop();
  });

  it('retries with exponential backoff, then succeeds', async () => {
    const o = outcomes();
    const q = queue({ onSettled: o.onSettled });
    q.start();
    const later = await q.enqueue('test.flaky', { key: 'later', failures: 0 }, { delayMs: 60_000 });
    const id = await q.enqueue('test.flaky', { key: 'flaky', failures: 2 });
    expect(await o.next(id)).toBe('done');

    const attempts = runs.filter((r) => r.key === 'flaky');
    expect(attempts.map((r) => r.attempt)).toEqual([1, 2, 3]);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(60);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(120);
    expect(o.seen.filter((e) => e.id === id).map((e) => e.outcome)).toEqual([
      'retry',
      'retry',
      'done',
    ]);
    expect(await row(id)).toMatchObject({
      state: 'done',
      attempts: 3,
      progress: 100,
      lastError: null,
      lockedAt: null,
    });
    // A delayed job waits for its time.
    expect(await row(later)).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('fails for good after the last attempt, keeping the error, and says so once', async () => {
    const o = outcomes();
    const q = queue({ onSettled: o.onSettled });
    q.start();
    const id = await q.enqueue('test.flaky', { key: 'doomed', failures: 99 }, { maxAttempts: 2 });
    expect(await o.next(id)).toBe('failed');
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: 2, lastError: 'boom 2' });
    expect(failed.map((f) => f.key)).toEqual(['doomed']);
  });

  it('does not retry a permanent error', async () => {
    const o = outcomes();
    const q = queue({ onSettled: o.onSettled });
    q.start();
    const id = await q.enqueue('test.flaky', { key: 'never', failures: 1, permanent: true });
    expect(await o.next(id)).toBe('failed');
    expect(await row(id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: 'cannot ever work',
    });
    expect(failed).toHaveLength(1);
  });

  it('takes over a job whose worker died, but not one whose worker is alive', async () => {
    const [dead, alive] = await database.db
      .insert(jobs)
      .values([
        {
          name: 'test.gate',
          payload: { key: 'dead' },
          state: 'running',
          attempts: 1,
          lockedAt: sql`now() - interval '10 minutes'`,
        },
        {
          name: 'test.gate',
          payload: { key: 'alive' },
          state: 'running',
          attempts: 1,
          lockedAt: sql`now()`,
        },
      ])
      .returning();
    const o = outcomes();
    const q = queue({ onSettled: o.onSettled, staleAfterMs: 60_000 });
    q.start();
    expect(await o.next(dead!.id)).toBe('done');
    expect(await row(dead!.id)).toMatchObject({ state: 'done', attempts: 2 });
    expect(await row(alive!.id)).toMatchObject({ state: 'running', attempts: 1 });
    expect(runs.map((r) => r.key)).toEqual(['dead']);
  });

  it('marks a job failed when its worker died during the last attempt', async () => {
    const [row0] = await database.db
      .insert(jobs)
      .values({
        name: 'test.flaky',
        payload: { key: 'crashed', failures: 0 },
        state: 'running',
        attempts: 3,
        maxAttempts: 3,
        lockedAt: sql`now() - interval '10 minutes'`,
      })
      .returning();
    const o = outcomes();
    queue({ onSettled: o.onSettled }).start();
    expect(await o.next(row0!.id)).toBe('failed');
    expect(runs).toHaveLength(0);
    expect(failed.map((f) => f.key)).toEqual(['crashed']);
  });

  it('records progress, and on stop hands running jobs back without counting the attempt', async () => {
    const started = deferred();
    const open = deferred();
    gates.set('long', { started: started.resolve, open: open.promise });
    const o = outcomes();
    const first = queue({ onSettled: o.onSettled });
    first.start();
    const id = await first.enqueue('test.gate', { key: 'long' });
    await started.promise;
    await gates.get('long')!.ctx!.progress(42.4);
    expect(await row(id)).toMatchObject({ state: 'running', attempts: 1, progress: 42 });

    await first.stop();
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 0, lockedAt: null });
    expect(o.seen).toEqual([{ id, outcome: 'released', name: 'test.gate' }]);

    // The next process runs it again from the start.
    gates.delete('long');
    const second = queue({ onSettled: o.onSettled });
    second.start();
    expect(await o.next(id)).toBe('done');
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('never runs a job twice when several runners share the table', async () => {
    const o = outcomes();
    const a = queue({ onSettled: o.onSettled, concurrency: 2 });
    const b = queue({ onSettled: o.onSettled, concurrency: 2 });
    const ids: number[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(await a.enqueue('test.flaky', { key: `k${i}`, failures: 0 }));
    const done = Promise.all(ids.map((id) => o.next(id)));
    a.start();
    b.start();
    await done;
    expect(runs.map((r) => r.key).sort()).toEqual(ids.map((_, i) => `k${i}`).sort());
  });

  it('refuses a payload that does not match the job', async () => {
    const q = queue();
    await expect(
      q.enqueue('test.gate', { key: 42 } as unknown as Payloads['test.gate']),
    ).rejects.toThrow();
  });
});
