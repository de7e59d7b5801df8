import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Race } from '@ridealong/contracts';
import { openDatabase, type Database } from '../src/db/client.js';
import { jobs, races, users } from '../src/db/schema.js';
import { sessionStore } from '../src/modules/accounts/sessions.js';
import { uniqueEmail } from './harness.js';
import { scratchPostgres, serverFleet, type ServerProcess } from './server-process.js';
import { makeClip } from './upload-harness.js';

/**
 * Issue 12, process roles, with real processes (server-process.ts): a job enqueued by an
 * api-only process (ROLE=api) runs on a worker-only process (--role=worker) and nowhere else.
 * Both share DATA_DIR (the uploaded sources, the packaged stream) and the database, as the
 * processes of docs/running-several-processes.md do.
 */

const adminUrl = process.env.TEST_DATABASE_URL;

type Case = { title: string; backend: 'pglite' | 'postgres' };

// Picked at collection time, so every declared test runs (two processes cannot share PGlite).
const cases: Case[] = adminUrl
  ? [
      {
        title:
          'a video uploaded to an api-only process is processed by a worker-only process ' +
          'running beside it (PostgreSQL), and by nobody else',
        backend: 'postgres',
      },
    ]
  : [
      {
        title:
          'a video uploaded to an api-only process stays queued there and is processed once a ' +
          'worker-only process starts on the same data (embedded PGlite only: TEST_DATABASE_URL ' +
          'is not set, so the two processes run one after the other)',
        backend: 'pglite',
      },
    ];
if (!adminUrl) {
  console.warn('TEST_DATABASE_URL is not set: process roles run one process at a time on PGlite.');
}

/** Two process starts with tsx and one ffmpeg run, on a machine that may be busy. */
const CASE_TIMEOUT_MS = 180_000;
/** The runner polls every 2 s: an api-only process that ran jobs would have taken it by then. */
const LONGER_THAN_A_POLL_MS = 3_000;

const cleanups: Array<(failed: boolean) => Promise<void>> = [];
async function cleanUp(failed: boolean): Promise<void> {
  for (const undo of cleanups.splice(0).reverse()) await undo(failed);
}
afterEach((ctx) => cleanUp(ctx.task.result?.state === 'fail'));
afterAll(() => cleanUp(false));

type Stage = {
  api: ServerProcess;
  worker: ServerProcess;
  /** Both may run at once (PostgreSQL); on PGlite one process owns the files at a time. */
  together: boolean;
  /** The database, when no process holds it (PGlite) or at once (PostgreSQL). */
  withDb: <T>(fn: (database: Database) => Promise<T>) => Promise<T>;
};

async function stage(c: Case): Promise<Stage> {
  const fleet = await serverFleet(`roles-${c.backend}`);
  cleanups.push((failed) => fleet.dispose({ keep: failed }));
  const dataDir = path.join(fleet.root, 'shared');
  // Processes behind one balancer share the signing key; info logs say who ran which job.
  const env = { MEDIA_SIGNING_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'info' };
  let databaseUrl: string | null = null;
  let withDb: Stage['withDb'];
  if (c.backend === 'postgres') {
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is needed for PostgreSQL');
    const scratch = await scratchPostgres(adminUrl, 'roles');
    databaseUrl = scratch.url;
    const database = await openDatabase({ databaseUrl, pgliteDir: null });
    cleanups.push(async (failed) => {
      await database.close();
      await fleet.dispose({ keep: failed });
      await scratch.drop();
    });
    withDb = (fn) => fn(database);
  } else {
    withDb = async (fn) => {
      const database = await openDatabase({
        databaseUrl: null,
        pgliteDir: path.join(dataDir, 'db'),
      });
      return fn(database).finally(() => database.close());
    };
  }
  const api = await fleet.add({ name: 'api', dataDir, databaseUrl, env: { ...env, ROLE: 'api' } });
  const worker = await fleet.add({
    name: 'worker',
    dataDir,
    databaseUrl,
    env,
    args: ['--role=worker'],
  });
  return { api, worker, together: c.backend === 'postgres', withDb };
}

/** A verified member and a session token, written straight into the database. */
async function seedMember(database: Database): Promise<{ id: number; token: string }> {
  const [user] = await database.db
    .insert(users)
    .values({
      email: uniqueEmail('roles'),
      emailVerified: true,
      username: 'Uma',
      displayName: 'Uma',
    })
    .returning();
  if (!user) throw new Error('no user');
  return { id: user.id, token: await sessionStore(database.db, 3600_000).create(user.id) };
}

type JobLog = { jobId: number; jobName: string; outcome: string };

/** The job outcomes a process logged (appJobRunner logs each one with the job's id and name). */
async function jobsLoggedBy(server: ServerProcess): Promise<JobLog[]> {
  const log = await server.readLog();
  // Read while the process writes: a last line without its newline may be half written.
  return log
    .slice(0, log.lastIndexOf('\n') + 1)
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Partial<JobLog>)
    .flatMap((e) => (e.jobId === undefined ? [] : [e as JobLog]));
}

async function until<T>(
  what: string,
  probe: () => Promise<T | null>,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function jobThroughRoles(c: Case): Promise<void> {
  const st = await stage(c);
  const owner = await st.withDb(seedMember);
  await st.api.start();

  // The api process takes the upload and enqueues video.process with it.
  const clip = await readFile(await makeClip(path.dirname(st.api.dataDir), 'roles.mp4'));
  const form = new FormData();
  form.append('name', 'Roles ride');
  form.append('user_id', String(owner.id));
  form.append('file', new Blob([clip]), 'roles.mp4');
  const res = await fetch(`${st.api.baseUrl}/api/v1/test-upload`, {
    method: 'POST',
    headers: { 'x-auth-token': owner.token },
    body: form,
  });
  expect(res.status).toBe(200);
  const { race } = (await res.json()) as { race: Race };
  expect(race.status).toBe('uploaded');
  const status = async () => {
    const r = await st.api.request(`/api/v1/race/${race.id}/status`, { token: owner.token });
    return ((await r.json()) as { status: string }).status;
  };

  // It never runs the job itself, however long it waits.
  await new Promise((r) => setTimeout(r, LONGER_THAN_A_POLL_MS));
  expect(await status()).toBe('uploaded');
  if (!st.together) expect(await st.api.stop()).toEqual({ code: 0, signal: null });

  await st.worker.start();
  // The worker serves /healthz and no API.
  expect((await st.worker.request('/api/v1/config')).status).toBe(404);
  // Its log, not the database: on PGlite the worker owns the database files while it runs.
  const ran = await until('the worker to process the video', async () => {
    const logged = await jobsLoggedBy(st.worker);
    return logged.find((e) => e.jobName === 'video.process' && e.outcome !== 'retry') ?? null;
  });
  if (st.together) expect(await status()).toBe('ready');
  else expect(await st.worker.stop()).toEqual({ code: 0, signal: null });

  const [job, row] = await st.withDb(async (database) => [
    (
      await database.db
        .select()
        .from(jobs)
        .where(eq(jobs.payload, { raceId: race.id }))
    )[0],
    (await database.db.select().from(races).where(eq(races.id, race.id)))[0],
  ]);
  expect(job).toMatchObject({ id: ran.jobId, name: 'video.process', state: 'done', attempts: 1 });
  expect(row).toMatchObject({ status: 'ready' });
  // Run once, there, and nowhere else (a ready video also enqueues its owner's challenge
  // refresh, which the worker runs too).
  const videoJobs = (await jobsLoggedBy(st.worker)).filter((e) => e.jobName === 'video.process');
  expect(videoJobs).toEqual([{ ...ran, outcome: 'done' }].map((e) => expect.objectContaining(e)));
  expect(await jobsLoggedBy(st.api)).toEqual([]);
}

describe('process roles: jobs run on workers only', () => {
  for (const c of cases) {
    it(c.title, () => jobThroughRoles(c), CASE_TIMEOUT_MS);
  }
});
