import { and, eq } from 'drizzle-orm';
import { STRAVA, STRAVA_MESSAGES } from '@ridealong/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.js';
import { jobs, stravaRateWindows, stravaUploads, tracks, type JobRow } from '../src/db/schema.js';
import { createDbJobQueue, type JobOutcome } from '../src/jobs/db-queue.js';
import type { JobRunner } from '../src/jobs/types.js';
import { rateBudget } from '../src/modules/strava/rate-budget.js';
import { stravaUploadApi } from '../src/modules/strava/upload-client.js';
import {
  STRAVA_UPLOAD_MAX_ATTEMPTS,
  stravaJobHandlers,
  stravaJobPayloads,
  type StravaJobs,
} from '../src/modules/strava/upload-jobs.js';
import {
  ACTIVITY_DESCRIPTION,
  externalIdOf,
  stravaUploader,
} from '../src/modules/strava/upload-worker.js';
import { stravaUploadsService } from '../src/modules/strava/uploads-service.js';
import { rideFitFile } from '../src/modules/tracks/fit-export.js';
import { domainEventBus, domainEventJobPayloads, type DomainEventJobs } from '../src/events/bus.js';
import { stravaSubscribers } from '../src/modules/strava/upload-auto.js';
import { saveTrack } from '../src/modules/tracks/lifecycle.js';
import { presentTrack } from '../src/modules/tracks/presenter.js';
import { tracksRepository } from '../src/modules/tracks/repository.js';
import { mediaSigner } from '../src/lib/media-signing.js';
import { startFakeStrava, type FakeStrava } from './fake-strava-api.js';
import { backends } from './harness.js';
import {
  connect,
  fakeTokens,
  recordingRide,
  settledUpload,
  uploadRow,
} from './strava-upload-fixtures.js';

/**
 * The `strava.upload` job against a fake Strava API v3 (issue 15): upload then poll to an
 * activity, duplicates linked, a 401 refreshed once, a 429 waiting for the next rate-limit
 * window (rescheduled, never slept in the worker), 5xx and network errors retried with
 * backoff, and a job interrupted after Strava answered never uploading the ride twice.
 */

type Jobs = DomainEventJobs & StravaJobs;
const WEB = 'https://strava.test';

describe.each(backends)('strava.upload ($name)', (backend) => {
  let database: Database & { drop: () => Promise<void> };
  let fake: FakeStrava;
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    database = await backend.open();
    fake = await startFakeStrava();
  });
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await fake.close();
    await database.close();
    await database.drop();
  });
  beforeEach(async () => {
    fake.reset();
    await database.db.delete(stravaRateWindows);
  });

  const queue = () =>
    createDbJobQueue<Jobs>({
      db: database.db,
      schemas: { ...domainEventJobPayloads, ...stravaJobPayloads },
    });

  /** A worker of the upload job with the given tokens (and fetch), and every outcome seen. */
  function worker(opts: {
    tokens: ReturnType<typeof fakeTokens>['tokens'];
    fetch?: typeof fetch;
    shortWindowSeconds?: number;
    retryBaseMs?: number;
  }) {
    const q = queue();
    const uploader = stravaUploader({
      db: database.db,
      tokens: opts.tokens,
      api: stravaUploadApi({ apiBaseUrl: fake.baseUrl }, opts.fetch),
      budget: rateBudget(database.db, { shortWindowSeconds: opts.shortWindowSeconds ?? 900 }),
      pollIntervalMs: 20,
      pollAttempts: 50,
    });
    const outcomes: { id: number; outcome: JobOutcome; error?: string; at: number }[] = [];
    const runner = q.runner({
      handlers: { 'track.saved': { run: async () => undefined }, ...stravaJobHandlers(uploader) },
      pollMs: 50,
      retryBaseMs: opts.retryBaseMs ?? 100,
      onSettled: (e) => outcomes.push({ ...e, at: Date.now() }),
    });
    runners.push(runner);
    runner.start();
    return { queue: q, runner, outcomes };
  }

  /** The domain events as the app has them for saving: the track.saved job and Strava's auto-save. */
  const savedThrough = (q: ReturnType<typeof queue>) => {
    const events = domainEventBus(q);
    events.subscribe(stravaSubscribers(q));
    return events;
  };

  /** A saved ride of a connected member, queued for upload by hand. */
  async function queuedRide(q: ReturnType<typeof queue>, seconds = 90) {
    const ride = await recordingRide(database, { seconds });
    await connect(database, ride.userId);
    expect(await saveTrack(database.db, savedThrough(q), ride.trackId)).toMatchObject({
      kind: 'saved',
    });
    await stravaUploadsService({ db: database.db, jobs: q }).request(
      { id: ride.userId },
      ride.trackId,
    );
    return ride;
  }

  const uploadJobs = (trackId: number): Promise<JobRow[]> =>
    database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'strava.upload'), eq(jobs.payload, { trackId })));

  /**
   * The ride's upload row settles inside the job, before the runner marks the job itself done
   * or failed: wait for that too, or a loaded machine reads it still 'running'.
   */
  async function settledJobs(trackId: number, timeoutMs = 20_000): Promise<JobRow[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows = await uploadJobs(trackId);
      if (rows.every((r) => r.state === 'done' || r.state === 'failed')) return rows;
      if (Date.now() > deadline) throw new Error(`jobs of ${trackId}: ${JSON.stringify(rows)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  const posts = () => fake.requests.filter((r) => r.method === 'POST');

  it('uploads the FIT file as a virtual ride named after the video, then polls to the activity', async () => {
    fake.processAfterPolls = 2;
    const { tokens } = fakeTokens();
    const w = worker({ tokens });
    const ride = await queuedRide(w.queue);
    const row = await settledUpload(database, ride.trackId);

    expect(fake.uploads).toHaveLength(1);
    const sent = fake.uploads[0]!;
    const [track] = await database.db.select().from(tracks).where(eq(tracks.id, ride.trackId));
    expect(sent).toMatchObject({
      token: 'token-ok',
      name: 'Col du Galibier',
      description: ACTIVITY_DESCRIPTION,
      trainer: '1',
      sportType: 'VirtualRide',
      dataType: 'fit',
      externalId: `ridealong-track-${ride.trackId}`,
    });
    expect(sent.externalId).toBe(externalIdOf(ride.trackId));
    // The same bytes as the activity's FIT export.
    const fit = await rideFitFile(database.db, track!);
    expect(sent.fileName).toBe(fit.fileName);
    expect(Buffer.compare(sent.file, Buffer.from(fit.bytes))).toBe(0);

    expect(row).toMatchObject({
      state: 'uploaded',
      uploadId: String(sent.id),
      activityId: String(sent.activityId),
      error: null,
    });
    expect(sent.polls).toBe(3);
    expect(posts()).toHaveLength(1);
    expect(track!.uploaded).toBe(true);
    const shown = presentTrack(
      (await tracksRepository(database.db).withRace(ride.trackId))!,
      mediaSigner('a'.repeat(32)),
      { webBaseUrl: WEB },
    );
    expect(shown).toMatchObject({
      uploaded: true,
      strava_upload: 'uploaded',
      strava_activity_url: `${WEB}/activities/${sent.activityId}`,
      strava_error: null,
    });
    // Every request took a unit of the shared budget; Strava's headers kept it in step.
    const windows = await database.db.select().from(stravaRateWindows);
    expect(windows.map((r) => [r.name, r.limit]).sort()).toEqual([
      ['daily', 2000],
      ['short', 200],
    ]);
    expect(windows.every((r) => r.used >= 4)).toBe(true);
    await w.runner.stop();
  });

  it('links the existing activity when Strava answers that the ride is a duplicate', async () => {
    const { tokens } = fakeTokens();
    const w = worker({ tokens });
    const ride = await recordingRide(database);
    const existing = fake.addActivity(externalIdOf(ride.trackId));
    await connect(database, ride.userId);
    await saveTrack(database.db, savedThrough(w.queue), ride.trackId);
    await stravaUploadsService({ db: database.db, jobs: w.queue }).request(
      { id: ride.userId },
      ride.trackId,
    );
    const row = await settledUpload(database, ride.trackId);
    expect(row).toMatchObject({ state: 'uploaded', activityId: String(existing), error: null });
    expect(fake.uploads[0]!.error).toMatch(/duplicate of/);
    expect(fake.activities.size).toBe(1);
    await w.runner.stop();
  });

  it('refreshes the token once after a 401 and sends again', async () => {
    fake.tokens = new Set(['token-fresh']);
    const t = fakeTokens({ token: 'token-stale', refreshed: 'token-fresh' });
    const w = worker({ tokens: t.tokens });
    const ride = await queuedRide(w.queue);
    const row = await settledUpload(database, ride.trackId);
    expect(row.state).toBe('uploaded');
    expect(t.state.calls.filter((c) => c.forceRefresh)).toHaveLength(1);
    expect(t.state.revoked).toEqual([]);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', status: 401 });
    expect(fake.uploads).toHaveLength(1);
    expect(fake.uploads[0]!.token).toBe('token-fresh');
    await w.runner.stop();
  });

  it('marks the connection revoked and fails the upload after a second 401', async () => {
    fake.tokens = new Set();
    const t = fakeTokens({ token: 'token-stale', refreshed: 'token-also-refused' });
    const w = worker({ tokens: t.tokens });
    const ride = await queuedRide(w.queue);
    const row = await settledUpload(database, ride.trackId);
    expect(row).toMatchObject({ state: 'failed', error: STRAVA_MESSAGES.reconnect });
    expect(t.state.revoked).toEqual([ride.userId]);
    expect(t.state.calls.filter((c) => c.forceRefresh)).toHaveLength(1);
    expect(fake.requests.map((r) => r.status)).toEqual([401, 401]);
    const [job] = await settledJobs(ride.trackId);
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
    await w.runner.stop();
  });

  it('fails with the reason when the member has no usable token', async () => {
    const q = queue();
    const connected = await queuedRide(q);
    const revoked = await queuedRide(q);
    // Strava refused this one's connection after the upload was queued.
    await connect(database, revoked.userId, { revoked: true });
    const t = fakeTokens({ token: null, refreshed: null });
    const w = worker({ tokens: t.tokens });
    expect(await settledUpload(database, connected.trackId)).toMatchObject({
      state: 'failed',
      error: STRAVA_MESSAGES.notConnected,
    });
    expect(await settledUpload(database, revoked.trackId)).toMatchObject({
      state: 'failed',
      error: STRAVA_MESSAGES.reconnect,
    });
    expect(fake.requests).toEqual([]);
    await w.runner.stop();
  });

  it('gives up on an upload still waiting 48 hours after it was queued (rate limits hand attempts back)', async () => {
    const q = queue();
    const ride = await queuedRide(q);
    await database.db
      .update(stravaUploads)
      .set({ createdAt: new Date(Date.now() - (STRAVA.giveUpHours * 3600 + 60) * 1000) })
      .where(eq(stravaUploads.trackId, ride.trackId));
    const w = worker({ tokens: fakeTokens().tokens });
    expect(await settledUpload(database, ride.trackId)).toMatchObject({
      state: 'failed',
      error: STRAVA_MESSAGES.gaveUp,
    });
    expect(fake.requests).toEqual([]);
    await w.runner.stop();
  });

  it('waits for the next rate-limit window after a 429 (rescheduled, not slept), then uploads', async () => {
    const windowMs = 2000;
    fake.script('POST /api/v3/uploads', {
      status: 429,
      body: { message: 'Rate Limit Exceeded' },
      headers: { 'x-ratelimit-limit': '200,2000', 'x-ratelimit-usage': '200,310' },
    });
    const { tokens } = fakeTokens();
    const w = worker({ tokens, shortWindowSeconds: windowMs / 1000 });
    const ride = await queuedRide(w.queue);
    const row = await settledUpload(database, ride.trackId);
    expect(row.state).toBe('uploaded');

    const [refused, accepted] = posts();
    expect(refused!.status).toBe(429);
    expect(accepted!.status).toBe(201);
    // Not before the 15-minute window (here 2 s) that the 429 was answered in had ended.
    const windowEnd = Math.floor(refused!.at / windowMs) * windowMs + windowMs;
    expect(accepted!.at).toBeGreaterThanOrEqual(windowEnd - 50);
    const [job] = await settledJobs(ride.trackId);
    // The wait was a deferral: it did not use up an attempt.
    expect(job).toMatchObject({ state: 'done', attempts: 1 });
    // The runner tells of an outcome once its row is written.
    await vi.waitFor(() =>
      expect(w.outcomes.some((o) => o.id === job!.id && o.outcome === 'done')).toBe(true),
    );
    expect(w.outcomes.filter((o) => o.id === job!.id).map((o) => o.outcome)).toEqual([
      'deferred',
      'done',
    ]);
    await w.runner.stop();
  });

  it('retries 5xx answers and network errors with backoff, then uploads', async () => {
    fake.script('POST /api/v3/uploads', { status: 503 }, { status: 502 });
    let broken = 1;
    const flaky: typeof fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (/\/uploads\/\d+$/.test(url) && broken-- > 0) throw new TypeError('fetch failed');
      return fetch(input, init);
    };
    const { tokens } = fakeTokens();
    const w = worker({ tokens, fetch: flaky, retryBaseMs: 100 });
    const ride = await queuedRide(w.queue);
    const row = await settledUpload(database, ride.trackId);
    expect(row.state).toBe('uploaded');
    expect(posts().map((r) => r.status)).toEqual([503, 502, 201]);
    const [job] = await settledJobs(ride.trackId);
    // Two 5xx, one network error while polling, then the attempt that finished.
    expect(job).toMatchObject({
      state: 'done',
      attempts: 4,
      maxAttempts: STRAVA_UPLOAD_MAX_ATTEMPTS,
    });
    const retries = w.outcomes.filter((o) => o.id === job!.id && o.outcome === 'retry');
    expect(retries).toHaveLength(3);
    // Exponential: each wait at least the one before it doubled (100, 200, 400 ms).
    const gaps = posts().map((r, i, all) => (i ? r.at - all[i - 1]!.at : 0));
    expect(gaps[1]).toBeGreaterThanOrEqual(90);
    expect(gaps[2]).toBeGreaterThanOrEqual(190);
    expect(fake.uploads).toHaveLength(1);
    await w.runner.stop();
  });

  it("fails with Strava's reason on another 4xx, without retrying", async () => {
    fake.script('POST /api/v3/uploads', {
      status: 400,
      body: {
        message: 'Bad Request',
        errors: [{ resource: 'Upload', field: 'file', code: 'empty' }],
      },
    });
    const { tokens } = fakeTokens();
    const w = worker({ tokens });
    const ride = await queuedRide(w.queue);
    expect(await settledUpload(database, ride.trackId)).toMatchObject({
      state: 'failed',
      error: 'Bad Request (file empty)',
    });
    const [job] = await settledJobs(ride.trackId);
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
    expect(
      presentTrack(
        (await tracksRepository(database.db).withRace(ride.trackId))!,
        mediaSigner('a'.repeat(32)),
      ),
    ).toMatchObject({
      uploaded: false,
      strava_upload: 'failed',
      strava_error: 'Bad Request (file empty)',
    });
    await w.runner.stop();
  });

  it('never uploads twice when the answer to the upload is lost (the process died): the second is linked as a duplicate', async () => {
    // The upload reaches Strava but its answer never reaches the job (the process died, the
    // connection broke): the upload id was never stored.
    let lose = 1;
    const losing: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === 'POST' && lose-- > 0) throw new TypeError('fetch failed');
      return response;
    };
    const { tokens } = fakeTokens();
    const w = worker({ tokens, fetch: losing });
    const ride = await queuedRide(w.queue);
    const row = await settledUpload(database, ride.trackId);
    // Strava made one activity; the retried upload was its duplicate, linked.
    expect(fake.activities.size).toBe(1);
    const first = fake.uploads[0]!;
    expect(fake.uploads).toHaveLength(2);
    expect(fake.uploads[1]!.error).toMatch(/duplicate of/);
    expect(row).toMatchObject({ state: 'uploaded', activityId: String(first.activityId) });
    await w.runner.stop();
  });

  it('resumes polling the stored upload when the worker stops mid-upload, never uploading again', async () => {
    fake.processAfterPolls = 3;
    const { tokens } = fakeTokens();
    const first = worker({ tokens });
    let stopping: Promise<void> | null = null;
    fake.onHandled = (route) => {
      // The worker goes away right after Strava has answered the first status read.
      if (route === 'GET /api/v3/uploads/:id' && !stopping) stopping = first.runner.stop();
    };
    const ride = await queuedRide(first.queue);
    for (let i = 0; i < 200 && !stopping; i++) await new Promise((r) => setTimeout(r, 10));
    await stopping;
    const stored = await uploadRow(database, ride.trackId);
    expect(stored).toMatchObject({ state: 'uploading', uploadId: String(fake.uploads[0]!.id) });
    const [job] = await uploadJobs(ride.trackId);
    expect(job).toMatchObject({ state: 'queued' });

    // Another worker (another process) takes the job over and polls the same upload.
    fake.onHandled = null;
    const second = worker({ tokens });
    const row = await settledUpload(database, ride.trackId);
    expect(row).toMatchObject({
      state: 'uploaded',
      activityId: String(fake.uploads[0]!.activityId),
    });
    expect(posts()).toHaveLength(1);
    expect(fake.uploads).toHaveLength(1);
    await second.runner.stop();
  });

  it('settles nothing twice: a ride uploaded already is done at once, a deleted one too', async () => {
    const { tokens } = fakeTokens();
    const w = worker({ tokens });
    const ride = await queuedRide(w.queue);
    await settledUpload(database, ride.trackId);
    const before = fake.requests.length;
    // A stray second job for the same ride (enqueued by hand) does nothing.
    await w.queue.enqueue('strava.upload', { trackId: ride.trackId });
    for (let i = 0; i < 100; i++) {
      const rows = await uploadJobs(ride.trackId);
      if (rows.every((r) => r.state === 'done')) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await uploadJobs(ride.trackId)).map((r) => r.state)).toEqual(['done', 'done']);
    expect(fake.requests.length).toBe(before);
    await w.runner.stop();
  });
});
