import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import {
  jobs,
  races,
  trackPoints,
  tracks,
  users,
  userStatsBuckets,
  type JobRow,
} from '../src/db/schema.js';
import { appJobQueue, type AppJobs } from '../src/app-modules.js';
import { domainEventBus, domainEventJobPayloads, type DomainEventJobs } from '../src/events/bus.js';
import { createDbJobQueue } from '../src/jobs/db-queue.js';
import type { JobQueue } from '../src/jobs/types.js';
import { challengeSubscribers } from '../src/modules/challenges/subscribers.js';
import { saveTrack } from '../src/modules/tracks/lifecycle.js';
import { backends, startServer, type TestServer, uniqueEmail } from './harness.js';
import { member } from './races-fixtures.js';
import { rideSockets, rideThrough, slopeVideo, startedAgo } from './ride-fixtures.js';

/**
 * Saving a ride enqueues `track.saved` in the transaction that marks it saved (issue 12): the
 * job exists exactly when the save commits, once per ride however often stop-track arrives,
 * and the app's worker runs it once.
 */

const savedJobsOf = (database: Database, trackId: number): Promise<JobRow[]> =>
  database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.name, 'track.saved'), eq(jobs.payload, { trackId })));

/** Polls until the ride's track.saved jobs have all finished (background work, no signal). */
async function finishedSavedJobs(database: Database, trackId: number): Promise<JobRow[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await savedJobsOf(database, trackId);
    if (rows.length > 0 && rows.every((r) => r.state === 'done' || r.state === 'failed')) {
      return rows;
    }
    if (Date.now() > deadline)
      throw new Error(`track.saved of ${trackId}: ${JSON.stringify(rows)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A ride of `seconds` points on a ready video, recording, begun two minutes ago. */
async function recordingRide(
  database: Database,
  seconds = 30,
): Promise<{ trackId: number; userId: number }> {
  const { db } = database;
  const [user] = await db
    .insert(users)
    .values({
      email: uniqueEmail('saver'),
      emailVerified: true,
      username: 'Saver',
      displayName: 'Saver',
    })
    .returning();
  const [race] = await db
    .insert(races)
    .values({
      url: `v-${randomUUID()}`,
      title: 'Ride',
      status: 'ready',
      duration: 120,
      userId: user!.id,
    })
    .returning();
  const begun = new Date(Date.now() - 120_000);
  const [track] = await db
    .insert(tracks)
    .values({
      userId: user!.id,
      raceId: race!.id,
      raceUrl: race!.url,
      title: 'Ride',
      clientRideId: randomUUID(),
      createdAt: begun,
      lastElapsedTime: seconds - 1,
    })
    .returning();
  await db.insert(trackPoints).values(
    Array.from({ length: seconds }, (_, s) => ({
      trackId: track!.id,
      elapsedTime: s,
      accumulatedPower: (s + 1) * 200,
      power: 200,
      heartRate: 140,
      cadence: 90,
      distance: s * 8,
      speed: 8,
      recordedAt: new Date(begun.getTime() + s * 1000),
    })),
  );
  return { trackId: track!.id, userId: user!.id };
}

describe.each(backends)('track.saved ($name)', (backend) => {
  describe('saving (tracks/lifecycle.ts)', () => {
    let database: Database & { drop: () => Promise<void> };
    beforeAll(async () => {
      database = await backend.open();
    });
    afterAll(async () => {
      await database.close();
      await database.drop();
    });

    it('enqueues in the save transaction: nothing when the save fails, one job per ride however often it is saved', async () => {
      // Enqueue only: no runner here, so every row stays as the saves left it.
      const queue = appJobQueue(database.db);
      const saved = (jobs: JobQueue<AppJobs>) => {
        const events = domainEventBus(jobs);
        events.subscribe(challengeSubscribers(database.db, jobs));
        return events;
      };

      // An enqueue that fails rolls the whole save back: not saved, no stats, no job.
      const ride = await recordingRide(database);
      const failing: JobQueue<AppJobs> = {
        async enqueue(name, payload, options) {
          await queue.enqueue(name, payload, options);
          throw new Error('the queue is down');
        },
        wake: () => undefined,
      };
      await expect(saveTrack(database.db, saved(failing), ride.trackId)).rejects.toThrow(
        'the queue is down',
      );
      const [unsaved] = await database.db.select().from(tracks).where(eq(tracks.id, ride.trackId));
      expect(unsaved?.status).toBe('saving');
      expect(await savedJobsOf(database, ride.trackId)).toEqual([]);
      expect(
        await database.db
          .select()
          .from(userStatsBuckets)
          .where(eq(userStatsBuckets.userId, ride.userId)),
      ).toEqual([]);

      // The resent stop-track finishes that save; sent again, it changes nothing.
      const events = saved(queue);
      expect(await saveTrack(database.db, events, ride.trackId)).toMatchObject({ kind: 'saved' });
      expect(await saveTrack(database.db, events, ride.trackId)).toMatchObject({ kind: 'saved' });
      expect(await savedJobsOf(database, ride.trackId)).toEqual([
        expect.objectContaining({ state: 'queued', attempts: 0 }),
      ]);

      // Two stop-tracks at once: one save wins under the row lock, one job.
      const other = await recordingRide(database);
      const both = await Promise.all([
        saveTrack(database.db, events, other.trackId),
        saveTrack(database.db, events, other.trackId),
      ]);
      expect(both.map((o) => o.kind)).toEqual(['saved', 'saved']);
      expect(await savedJobsOf(database, other.trackId)).toHaveLength(1);

      // A worker runs each once.
      const ran: number[] = [];
      const real = events.jobHandlers()['track.saved'];
      const runner = createDbJobQueue<DomainEventJobs>({
        db: database.db,
        schemas: domainEventJobPayloads,
      }).runner({
        handlers: {
          'track.saved': {
            ...real,
            run: async (payload, ctx) => {
              ran.push(payload.trackId);
              await real.run(payload, ctx);
            },
          },
        },
        pollMs: 20,
      });
      runner.start();
      try {
        for (const id of [ride.trackId, other.trackId]) {
          expect(await finishedSavedJobs(database, id)).toEqual([
            expect.objectContaining({ state: 'done', attempts: 1 }),
          ]);
        }
      } finally {
        await runner.stop();
      }
      expect(ran.sort()).toEqual([ride.trackId, other.trackId].sort());
    });
  });

  describe('through /ride on the app (every role)', () => {
    let s: TestServer;
    const sockets = rideSockets(() => s);
    beforeAll(async () => {
      s = await startServer(backend);
    });
    afterAll(async () => {
      sockets.closeAll();
      await s.close();
    });

    it('a ride saved with stop-track sent three times (two at once) has one track.saved, run once', async () => {
      const owner = await member(s, { name: 'Owner' });
      const rider = await member(s, { name: 'Rita' });
      const race = await slopeVideo(s, owner);
      const socket = await sockets.connect(rider);
      const trackId = await rideThrough(
        socket,
        rider,
        race,
        0,
        19,
        randomUUID(),
        startedAgo(s, 60),
      );
      const stop = { discard_track: false, raceUrl: race.url, trackId, userId: rider.user.id };
      const answers = await Promise.all([
        socket.timeout(10_000).emitWithAck('stop-track', stop),
        socket.timeout(10_000).emitWithAck('stop-track', stop),
      ]);
      answers.push(await socket.timeout(10_000).emitWithAck('stop-track', stop));
      for (const a of answers) expect(a).toMatchObject({ ok: true, saved: true });

      const [job] = await finishedSavedJobs(s.database, trackId);
      expect(job).toMatchObject({ state: 'done', attempts: 1, payload: { trackId } });
      // Still one after the worker has had time to run anything else there was.
      await new Promise((r) => setTimeout(r, 300));
      expect(await savedJobsOf(s.database, trackId)).toHaveLength(1);
    });
  });
});
