import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../src/db/client.js';
import { jobs } from '../src/db/schema.js';
import { createDbJobQueue, type SettledJob } from '../src/jobs/db-queue.js';
import type { JobHandlers, JobRunner } from '../src/jobs/types.js';
import { backends } from './harness.js';

/**
 * Concurrency per job name (issue 12): a long job (ffmpeg) holding its name's only slot never
 * holds back jobs of another name; a second long job waits for that slot.
 */

type Payloads = { 'test.long': { key: string }; 'test.short': { key: string } };
const schemas = {
  'test.long': z.object({ key: z.string() }),
  'test.short': z.object({ key: z.string() }),
};

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe.each(backends)('job slots per name ($name)', (backend) => {
  let database: Database & { drop: () => Promise<void> };
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    database = await backend.open();
  });
  afterEach(async () => {
    for (const r of runners.splice(0)) await r.stop();
    await database.db.delete(jobs);
  });
  afterAll(async () => {
    await database.close();
    await database.drop();
  });

  it('runs a short job at once while a long one is blocked, and keeps the long slot to one', async () => {
    const release = deferred();
    const longStarted = deferred();
    const started: string[] = [];
    const settled: SettledJob[] = [];
    const waiting = new Map<number, () => void>();
    const handlers: JobHandlers<Payloads> = {
      'test.long': {
        // The slot of video.process: one at a time (JOB_CONCURRENCY=1).
        concurrency: 1,
        async run({ key }) {
          started.push(key);
          longStarted.resolve();
          await release.promise;
        },
      },
      'test.short': {
        async run({ key }) {
          started.push(key);
        },
      },
    };
    const queue = createDbJobQueue<Payloads>({ db: database.db, schemas });
    const runner = queue.runner({
      handlers,
      // Polling is slow on purpose: every start here comes from a wake, not from a poll.
      pollMs: 60_000,
      onSettled: (e) => {
        settled.push(e);
        waiting.get(e.id)?.();
      },
    });
    runners.push(runner);
    const settledOnce = (id: number) =>
      settled.some((e) => e.id === id)
        ? Promise.resolve()
        : new Promise<void>((r) => waiting.set(id, r));
    runner.start();

    const long1 = await queue.enqueue('test.long', { key: 'long-1' });
    await longStarted.promise;
    const long2 = await queue.enqueue('test.long', { key: 'long-2' });
    const t0 = Date.now();
    const short = await queue.enqueue('test.short', { key: 'short' });
    await settledOnce(short);
    const shortMs = Date.now() - t0;

    // The short job ran while long-1 was still running; long-2 waits for the long slot.
    expect(started).toEqual(['long-1', 'short']);
    expect(shortMs).toBeLessThan(5_000);
    const state = async (id: number) =>
      (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]?.state;
    expect(await state(long1)).toBe('running');
    expect(await state(long2)).toBe('queued');

    release.resolve();
    await settledOnce(long2);
    expect(started).toEqual(['long-1', 'short', 'long-2']);
    expect(settled.map((e) => [e.id, e.outcome])).toEqual([
      [short, 'done'],
      [long1, 'done'],
      [long2, 'done'],
    ]);
    console.info(`${backend.name}: the short job finished ${shortMs} ms after it was enqueued`);
  });

  it('leaves a name with no slots (JOB_CONCURRENCY=0) to other processes', async () => {
    const ran: string[] = [];
    const queue = createDbJobQueue<Payloads>({ db: database.db, schemas });
    const settled = deferred();
    const runner = queue.runner({
      handlers: {
        'test.long': { concurrency: 0, run: async ({ key }) => void ran.push(key) },
        'test.short': { run: async ({ key }) => void ran.push(key) },
      },
      pollMs: 20,
      onSettled: () => settled.resolve(),
    });
    runners.push(runner);
    runner.start();
    const long = await queue.enqueue('test.long', { key: 'long' });
    await queue.enqueue('test.short', { key: 'short' });
    await settled.promise;
    // A few more polls: the long job is never claimed here.
    await new Promise((r) => setTimeout(r, 200));
    expect(ran).toEqual(['short']);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, long));
    expect(row).toMatchObject({ state: 'queued', attempts: 0 });
  });
});
