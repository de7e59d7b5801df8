import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openDatabase, type Database } from '../src/db/client.js';
import { jobs, stravaRateWindows } from '../src/db/schema.js';
import { createDbJobQueue, type JobOutcome } from '../src/jobs/db-queue.js';
import { RetryJobLater } from '../src/jobs/types.js';
import { rateBudget, rateHeaders } from '../src/modules/strava/rate-budget.js';
import { duplicateOf } from '../src/modules/strava/upload-client.js';
import { backends, type Backend } from './harness.js';

/**
 * One application-wide Strava rate budget (issue 15): every process takes a unit of both
 * windows in SQL before each request, atomically, so together they never exceed Strava's
 * limits; Strava's headers keep it in step; a spent window says how long until it ends. And
 * the queue's "retry at" (RetryJobLater) that a job waiting for that end uses.
 */

/**
 * Two "processes" on one database: on PostgreSQL two connection pools (each its own
 * connections, as two servers have); on PGlite the one embedded database.
 */
async function twoProcesses(backend: Backend): Promise<{
  a: Database;
  b: Database;
  close: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (backend.name === 'pglite' || !adminUrl) {
    const db = await backend.open();
    return { a: db, b: db, close: db.close };
  }
  const name = `ra_budget_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const [a, b] = await Promise.all([
    openDatabase({ databaseUrl: url.toString(), pgliteDir: null }),
    openDatabase({ databaseUrl: url.toString(), pgliteDir: null }),
  ]);
  return {
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

describe('Strava rate headers and duplicate answers', () => {
  it('reads X-RateLimit-Limit and X-RateLimit-Usage as [15-minute, daily]', () => {
    const h = (limit?: string, usage?: string) =>
      rateHeaders(
        new Headers({
          ...(limit === undefined ? {} : { 'x-ratelimit-limit': limit }),
          ...(usage === undefined ? {} : { 'x-ratelimit-usage': usage }),
        }),
      );
    expect(h('200,2000', '12, 345')).toEqual({ limit: [200, 2000], usage: [12, 345] });
    expect(h()).toEqual({ limit: null, usage: null });
    for (const bad of ['', '200', 'a,b', '-1,5', '1.5,2', '99999999999,1']) {
      expect(h(bad, bad)).toEqual({ limit: null, usage: null });
    }
    // Strava's newer headers carry more numbers after the first two.
    expect(h('200,2000,100', '1,2,3').limit).toEqual([200, 2000]);
  });

  it("finds the existing activity in Strava's duplicate errors", () => {
    expect(duplicateOf('ride.fit duplicate of activity 123456789')).toBe('123456789');
    expect(
      duplicateOf(
        "ridealong-7.fit duplicate of <a href='/activities/9876543210' target='_blank'>activity 9876543210</a>",
      ),
    ).toBe('9876543210');
    expect(duplicateOf('42.fit duplicate of an activity')).toBeNull();
    expect(duplicateOf('Improperly formatted data.')).toBeUndefined();
  });
});

describe.each(backends)('the Strava rate budget ($name)', (backend) => {
  let procs: Awaited<ReturnType<typeof twoProcesses>>;
  beforeAll(async () => {
    procs = await twoProcesses(backend);
  });
  afterAll(async () => {
    await procs.close();
  });
  beforeEach(async () => {
    await procs.a.db.delete(stravaRateWindows);
  });

  const windowRows = async () =>
    Object.fromEntries((await procs.a.db.select().from(stravaRateWindows)).map((r) => [r.name, r]));

  it('two processes taking at once never exceed a window: the take is atomic in SQL', async () => {
    const opts = { shortLimit: 7, dailyLimit: 1000, shortWindowSeconds: 7200 };
    const one = rateBudget(procs.a.db, opts);
    const two = rateBudget(procs.b.db, opts);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).take()),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(7);
    for (const r of results.filter((x) => !x.ok)) {
      expect(r).toMatchObject({ ok: false, window: 'short' });
      if (!r.ok) {
        expect(r.waitMs).toBeGreaterThan(0);
        expect(r.waitMs).toBeLessThanOrEqual(7200_000);
      }
    }
    const rows = await windowRows();
    expect(rows.short).toMatchObject({ used: 7, limit: 7 });
    // Both windows or neither: the refused takes took nothing from the day.
    expect(rows.daily).toMatchObject({ used: 7, limit: 1000 });
  });

  it('a spent day refuses until its end, however much of the quarter hour is left', async () => {
    const budget = rateBudget(procs.a.db, { shortLimit: 100, dailyLimit: 3 });
    for (let i = 0; i < 3; i++) expect(await budget.take()).toEqual({ ok: true });
    const refused = await budget.take();
    expect(refused).toMatchObject({ ok: false, window: 'daily' });
    if (!refused.ok) {
      const toMidnight = 86_400_000 - (Date.now() % 86_400_000);
      expect(Math.abs(refused.waitMs - toMidnight)).toBeLessThan(5_000);
    }
  });

  it('a new window counts from zero', async () => {
    const hourMs = 3_600_000;
    const budget = rateBudget(procs.a.db, { shortLimit: 2, shortWindowSeconds: hourMs / 1000 });
    // The three takes share one hour's window, however slow the machine: not near its end.
    const toBoundary = hourMs - (Date.now() % hourMs);
    if (toBoundary < 30_000) await new Promise((r) => setTimeout(r, toBoundary + 50));
    expect(await budget.take()).toEqual({ ok: true });
    expect(await budget.take()).toEqual({ ok: true });
    const refused = await budget.take();
    expect(refused).toMatchObject({ ok: false, window: 'short' });
    if (refused.ok) throw new Error('unreachable');
    expect(refused.waitMs).toBeGreaterThan(0);
    expect(refused.waitMs).toBeLessThanOrEqual(hourMs);
    // The window goes by (its row moved an hour back, as time would): counted from zero.
    await procs.a.db.execute(
      sql`update strava_rate_windows set starts_at = starts_at - interval '1 hour' where name = 'short'`,
    );
    expect(await budget.take()).toEqual({ ok: true });
    expect((await windowRows()).daily!.used).toBe(3);
  });

  it("follows Strava's headers: its limits, and its usage when higher than ours", async () => {
    const budget = rateBudget(procs.a.db);
    expect(await budget.take()).toEqual({ ok: true });
    await budget.observe({ limit: [50, 500], usage: [50, 120] });
    expect(await windowRows()).toMatchObject({
      short: { limit: 50, used: 50 },
      daily: { limit: 500, used: 120 },
    });
    expect(await budget.take()).toMatchObject({ ok: false, window: 'short' });
    // Lower usage than ours (another window of Strava's, or a stale answer) lowers nothing.
    await budget.observe({ limit: null, usage: [3, 4] });
    expect(await windowRows()).toMatchObject({ short: { used: 50 }, daily: { used: 120 } });
  });

  it('after a 429 marks the window the headers say is spent, for every process', async () => {
    const one = rateBudget(procs.a.db);
    const two = rateBudget(procs.b.db);
    expect(await one.exhausted({ limit: [200, 2000], usage: [200, 900] })).toMatchObject({
      window: 'short',
    });
    expect(await two.take()).toMatchObject({ ok: false, window: 'short' });
    await procs.a.db.delete(stravaRateWindows);
    expect(await one.exhausted({ limit: [200, 2000], usage: [12, 2000] })).toMatchObject({
      window: 'daily',
    });
    expect(await two.take()).toMatchObject({ ok: false, window: 'daily' });
    await procs.a.db.delete(stravaRateWindows);
    // A 429 without headers: the 15-minute window is taken as spent.
    expect(await one.exhausted({ limit: null, usage: null })).toMatchObject({ window: 'short' });
    expect(await two.take()).toMatchObject({ ok: false, window: 'short' });
  });
});

describe.each(backends)('the queue: RetryJobLater ($name)', (backend) => {
  let database: Database & { drop: () => Promise<void> };
  beforeAll(async () => {
    database = await backend.open();
  });
  afterAll(async () => {
    await database.close();
    await database.drop();
  });

  it('runs the job again no earlier than asked, without counting the attempt', async () => {
    const queue = createDbJobQueue<{ 'test.later': { key: string } }>({
      db: database.db,
      schemas: { 'test.later': z.object({ key: z.string() }) },
      maxAttempts: 1,
    });
    const runs: { attempt: number; at: number }[] = [];
    const settled: JobOutcome[] = [];
    const runner = queue.runner({
      handlers: {
        'test.later': {
          run: async (_p, ctx) => {
            runs.push({ attempt: ctx.attempt, at: Date.now() });
            // Twice "wait for the window"; with maxAttempts 1 a counted attempt would fail it.
            if (runs.length <= 2) throw new RetryJobLater(300, 'waiting for the window');
          },
        },
      },
      pollMs: 5000,
      onSettled: (e) => settled.push(e.outcome),
    });
    runner.start();
    try {
      const id = await queue.enqueue('test.later', { key: 'a' });
      const deadline = Date.now() + 10_000;
      for (;;) {
        const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
        if (row?.state === 'done') {
          expect(row).toMatchObject({ attempts: 1, lastError: null });
          break;
        }
        if (row?.state === 'queued' && runs.length === 1) {
          // Deferred: queued for later, the attempt handed back, the reason kept.
          expect(row).toMatchObject({ attempts: 0, lastError: 'waiting for the window' });
          expect(row.runAt.getTime()).toBeGreaterThan(Date.now() - 100);
        }
        if (Date.now() > deadline) throw new Error(`job: ${JSON.stringify(row)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      // The runner tells of an outcome once its row is written.
      await vi.waitFor(() => expect(settled).toEqual(['deferred', 'deferred', 'done']));
      expect(runs.map((r) => r.attempt)).toEqual([1, 1, 1]);
      // The runner woke itself for the due time (its poll is 5 s), not before it.
      expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(290);
      expect(runs[2]!.at - runs[1]!.at).toBeGreaterThanOrEqual(290);
      expect(runs[2]!.at - runs[0]!.at).toBeLessThan(3000);
    } finally {
      await runner.stop();
    }
  });
});
