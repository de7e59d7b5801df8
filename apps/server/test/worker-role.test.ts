import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { jobs, users } from '../src/db/schema.js';
import { EXPIRY_FIRST_DELAY_MS } from '../src/modules/billing/expiry-sweep.js';
import { backends, listenApp, uniqueEmail } from './harness.js';

/**
 * Issue 12: a process without `worker` never runs a job or a sweep. Two apps start side by
 * side on databases set up alike (a due job, a trial that is over): the worker-only one runs
 * the job and the expiry sweep; the api+realtime one, given the same time, touches neither.
 * (test/process-roles.test.ts shows the same for jobs across real processes on one database.)
 */

type Side = {
  database: Database & { drop: () => Promise<void> };
  dataDir: string;
  app: FastifyInstance | null;
  userId: number;
  jobId: number;
};

async function side(backend: (typeof backends)[number], role: string): Promise<Side> {
  const database = await backend.open();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ra-role-'));
  const [user] = await database.db
    .insert(users)
    .values({
      email: uniqueEmail('lapsed'),
      emailVerified: true,
      username: 'Lapsed',
      displayName: 'Lapsed',
      accountLevel: 'trial',
      currentPeriodEndDate: new Date(Date.now() - 60_000),
    })
    .returning();
  // A due job of the app's own (its handler does nothing more than succeed).
  const [job] = await database.db
    .insert(jobs)
    .values({ name: 'track.saved', payload: { trackId: 1 } })
    .returning();
  const s: Side = { database, dataDir, app: null, userId: user!.id, jobId: job!.id };
  s.app = (await listenApp({ database, dataDir, env: { ROLE: role } })).app;
  return s;
}

const stateOf = async (s: Side) => {
  const [user] = await s.database.db.select().from(users).where(eq(users.id, s.userId));
  const [job] = await s.database.db.select().from(jobs).where(eq(jobs.id, s.jobId));
  return { level: user?.accountLevel, job: job?.state, attempts: job?.attempts };
};

describe.each(backends)('the worker role ($name)', (backend) => {
  it('only a worker runs jobs and sweeps; an api+realtime process leaves both alone', async () => {
    const sides: Side[] = [];
    try {
      sides.push(...(await Promise.all([side(backend, 'api,realtime'), side(backend, 'worker')])));
      const [apiOnly, worker] = sides as [Side, Side];
      // The expiry sweep's first run comes EXPIRY_FIRST_DELAY_MS after start; the job at once.
      const deadline = Date.now() + EXPIRY_FIRST_DELAY_MS + 10_000;
      for (;;) {
        const w = await stateOf(worker);
        if (w.level !== 'trial' && w.job === 'done') break;
        if (Date.now() > deadline) throw new Error(`the worker did not run: ${JSON.stringify(w)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await stateOf(worker)).toEqual({ level: 'free', job: 'done', attempts: 1 });
      expect(await stateOf(apiOnly)).toEqual({ level: 'trial', job: 'queued', attempts: 0 });
    } finally {
      for (const s of sides) {
        await s.app?.close();
        await s.database.close();
        await s.database.drop();
        await rm(s.dataDir, { recursive: true, force: true });
      }
    }
  }, 60_000);
});
