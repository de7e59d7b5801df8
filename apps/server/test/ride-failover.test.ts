import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { Decoder, Stream } from '@garmin/fitsdk';
import {
  RIDE_NAMESPACE,
  type RideClientToServer,
  type RidePoint,
  type RideServerToClient,
  type TracksIndex,
  type UserStats,
} from '@ridealong/contracts';
import { openDatabase, type Database } from '../src/db/client.js';
import { races, trackPoints, users, type TrackPointRow } from '../src/db/schema.js';
import { signUpOn } from './process-members.js';
import { scratchPostgres, serverFleet, type ServerProcess } from './server-process.js';

/**
 * Issue 11, server tier: a ride survives its server process dying mid-ride (SIGKILL, with a
 * batch in flight), whether the same process comes back on the same data or another process
 * behind the balancer takes over. Everything goes through real processes (server-process.ts),
 * the /ride channel and the REST API; the database is only touched to put a ready video in
 * place (riding needs no media files) and to read the stored points at the end.
 */

const adminUrl = process.env.TEST_DATABASE_URL;

type Case = {
  title: string;
  backend: 'pglite' | 'postgres';
  /** restart: A comes back on its own data and port; takeover: B, already running, goes on. */
  mode: 'restart' | 'takeover';
};

// Picked at collection time, so every declared test runs (two processes cannot share PGlite).
const cases: Case[] = adminUrl
  ? [
      {
        title: 'the same process restarted on its data (embedded PGlite) resumes the ride',
        backend: 'pglite',
        mode: 'restart',
      },
      {
        title: 'the same process restarted on its data (PostgreSQL) resumes the ride',
        backend: 'postgres',
        mode: 'restart',
      },
      {
        title: 'another process sharing PostgreSQL (behind a balancer) takes the ride over',
        backend: 'postgres',
        mode: 'takeover',
      },
    ]
  : [
      {
        title:
          'the same process restarted on its data resumes the ride (embedded PGlite only: ' +
          'TEST_DATABASE_URL is not set, so the two-process takeover is not run)',
        backend: 'pglite',
        mode: 'restart',
      },
    ];
if (!adminUrl) {
  console.warn(
    'TEST_DATABASE_URL is not set: ride failover runs the restart case on embedded PGlite only.',
  );
}

/** Up to three process starts with tsx, each a few seconds (more on a loaded machine). */
const CASE_TIMEOUT_MS = 180_000;
const ACK_MS = 10_000;

// ---- cleanup -------------------------------------------------------------------------------

/** What the running test opened, undone after it; its processes' files kept when it failed. */
const cleanups: Array<(failed: boolean) => Promise<void>> = [];
async function cleanUp(failed: boolean): Promise<void> {
  const errors: unknown[] = [];
  for (const undo of cleanups.splice(0).reverse()) {
    await undo(failed).catch((e: unknown) => errors.push(e));
  }
  if (errors.length > 0) throw new AggregateError(errors, 'cleanup failed');
}
afterEach((ctx) => cleanUp(ctx.task.result?.state === 'fail'));
afterAll(() => cleanUp(false));

// ---- the ride's data -----------------------------------------------------------------------

/** Power differs every second, so a carried-forward (gap-filled) second would show. */
const powerAt = (s: number) => 150 + 5 * s;
const sumTo = (s: number) => 150 * (s + 1) + (5 * s * (s + 1)) / 2;
const seconds = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Seconds [from, to] of the ride that began at `t0` (ms), as the client records them. */
const points = (t0: number, from: number, to: number): RidePoint[] =>
  seconds(from, to).map((s) => ({
    elapsed_time: s,
    accumulated_power: sumTo(s),
    power: powerAt(s),
    heart_rate: 140,
    cadence: 90,
    distance: s * 8,
    speed: 8,
    timestamp: t0 + s * 1000,
  }));

// ---- the processes and their database --------------------------------------------------------

type Video = { id: number; url: string };

/** A ready 2-minute video of an owner: all the /ride channel needs (no media files). */
async function seedVideo(database: Database): Promise<Video> {
  const [owner] = await database.db
    .insert(users)
    .values({
      email: `owner-${randomUUID()}@example.com`,
      emailVerified: true,
      username: 'Owner',
      displayName: 'Owner',
    })
    .returning();
  if (!owner) throw new Error('no owner');
  const [race] = await database.db
    .insert(races)
    .values({
      url: `v-${randomBytes(6).toString('hex')}`,
      title: 'Failover ride',
      status: 'ready',
      duration: 120,
      userId: owner.id,
    })
    .returning();
  if (!race) throw new Error('no race');
  return race;
}

const pointsOf = (database: Database, trackId: number) =>
  database.db
    .select()
    .from(trackPoints)
    .where(eq(trackPoints.trackId, trackId))
    .orderBy(asc(trackPoints.elapsedTime));

type Stage = {
  /** A: where the ride begins, and dies. */
  first: ServerProcess;
  /** Where it goes on: A itself after a restart, or B. */
  second: ServerProcess;
  video: Video;
  /** A track's stored rows; on PGlite this stops the server first (it owns the files). */
  storedPoints: (trackId: number) => Promise<TrackPointRow[]>;
};

/** The case's processes, started, on a database holding a ready video. */
async function stage(c: Case): Promise<Stage> {
  const fleet = await serverFleet(`failover-${c.mode}-${c.backend}`);
  cleanups.push((failed) => fleet.dispose({ keep: failed }));

  if (c.backend === 'pglite') {
    const a = await fleet.add({ name: 'a', databaseUrl: null });
    const dbDir = path.join(a.dataDir, 'db');
    // PGlite belongs to one process at a time: the video goes in before A starts.
    const seeding = await openDatabase({ databaseUrl: null, pgliteDir: dbDir });
    const video = await seedVideo(seeding).finally(() => seeding.close());
    await a.start();
    return {
      first: a,
      second: a,
      video,
      storedPoints: async (trackId) => {
        expect(await a.stop()).toEqual({ code: 0, signal: null });
        const reading = await openDatabase({ databaseUrl: null, pgliteDir: dbDir });
        return pointsOf(reading, trackId).finally(() => reading.close());
      },
    };
  }

  if (!adminUrl) throw new Error('TEST_DATABASE_URL is needed for PostgreSQL');
  const scratch = await scratchPostgres(adminUrl, 'failover');
  // Dropped once the processes are gone (disposing twice is harmless).
  cleanups.push(async (failed) => {
    await fleet.dispose({ keep: failed });
    await scratch.drop();
  });
  // Processes behind one balancer share the database and the media signing key.
  const env = { MEDIA_SIGNING_SECRET: randomBytes(32).toString('hex') };
  const a = await fleet.add({ name: 'a', databaseUrl: scratch.url, env });
  const b =
    c.mode === 'takeover' ? await fleet.add({ name: 'b', databaseUrl: scratch.url, env }) : a;
  // Started together on the empty database, as replicas are: both migrate it at once (they
  // take turns under an advisory lock, db/client.ts).
  await Promise.all([a.start(), b === a ? null : b.start()]);
  const database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: null });
  cleanups.push(() => database.close());
  const video = await seedVideo(database);
  return { first: a, second: b, video, storedPoints: (trackId) => pointsOf(database, trackId) };
}

// ---- members, through the API and the file outbox ------------------------------------------

type Member = { id: number; token: string; name: string };

/** Signs up on `server`, opens the mailed link and signs in, as a member would. */
async function signUp(server: ServerProcess, name: string): Promise<Member> {
  const { id, token } = await signUpOn(server, name);
  return { id, token, name };
}

async function getJson<T>(server: ServerProcess, urlPath: string, token: string): Promise<T> {
  const res = await server.request(urlPath, { token });
  expect(res.status, `GET ${urlPath}`).toBe(200);
  return (await res.json()) as T;
}

// ---- the /ride channel -----------------------------------------------------------------------

type RideClient = Socket<RideServerToClient, RideClientToServer>;

/** A /ride socket (websocket only, no automatic reconnection: the test says where it goes). */
function connectRide(server: ServerProcess, member: Member): Promise<RideClient> {
  const socket: RideClient = io(server.baseUrl + RIDE_NAMESPACE, {
    auth: { token: member.token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  cleanups.push(async () => void socket.close());
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(new Error(`${member.name} could not connect to ${server.name}: ${err.message}`));
    });
  });
}

const push = (
  socket: RideClient,
  trackId: number,
  batch: RidePoint[],
  status: 'recording' | 'final' = 'recording',
) =>
  socket.timeout(ACK_MS).emitWithAck('push-points', { track_id: trackId, points: batch, status });

const stop = (
  socket: RideClient,
  as: Member,
  video: Video,
  trackId: number,
  discard: boolean = false,
) =>
  socket.timeout(ACK_MS).emitWithAck('stop-track', {
    discard_track: discard,
    raceUrl: video.url,
    trackId,
    userId: as.id,
  });

// ---- the scenario ----------------------------------------------------------------------------

async function rideThroughFailover(c: Case): Promise<void> {
  const { first, second, video, storedPoints } = await stage(c);
  const rita = await signUp(first, 'Rita');
  const mallory = await signUp(first, 'Mallory');
  const addTrack = {
    race_id: video.id,
    race_url: video.url,
    user_id: rita.id,
    client_ride_id: randomUUID(),
  };

  // ---- on A: seconds 0-12 acknowledged, 13-14 in flight when A dies ----
  const onA = await connectRide(first, rita);
  expect(
    await onA.timeout(ACK_MS).emitWithAck('initialize-race', { url: video.url, userId: rita.id }),
  ).toMatchObject({ ok: true, race_id: video.id, duration: 120, history_count: 0 });
  const t0 = Date.now();
  const added = await onA.timeout(ACK_MS).emitWithAck('add-track', addTrack);
  if (!added.ok) throw new Error(added.message);
  expect(added.last_elapsed_time).toBe(-1);
  const trackId = added.track_id;
  for (const [from, to] of [
    [0, 4],
    [5, 9],
    [10, 12],
  ] as const) {
    expect(await push(onA, trackId, points(t0, from, to))).toEqual({
      ok: true,
      track_id: trackId,
      stored: seconds(from, to),
    });
  }
  let inFlightAcked = false;
  onA.emit('push-points', { track_id: trackId, points: points(t0, 13, 14) }, () => {
    inFlightAcked = true;
  });
  const dropped = new Promise((resolve) => onA.once('disconnect', resolve));
  expect(await first.kill()).toEqual({ code: null, signal: 'SIGKILL' });
  expect(await dropped).toBe('transport close');
  onA.close();

  // ---- failover: A back on the same data and port, or B (already running) ----
  if (c.mode === 'restart') await first.start();
  expect(second.running).toBe(true);
  const onB = await connectRide(second, rita);
  expect(
    await onB.timeout(ACK_MS).emitWithAck('initialize-race', { url: video.url, userId: rita.id }),
  ).toMatchObject({ ok: true, race_id: video.id, history_count: 0 });
  const again = await onB.timeout(ACK_MS).emitWithAck('add-track', addTrack);
  if (!again.ok) throw new Error(`add-track after failover: ${again.message}`);
  expect(again).toMatchObject({ track_id: trackId, client_ride_id: addTrack.client_ride_id });
  // 12 when the batch in flight died with A, 14 when A stored it before the kill.
  expect([12, 14]).toContain(again.last_elapsed_time);
  if (inFlightAcked) expect(again.last_elapsed_time).toBe(14);
  console.info(
    `${c.backend}/${c.mode}: the batch in flight when A was killed was ` +
      `${again.last_elapsed_time === 14 ? 'stored' : 'lost'} (acknowledged: ${inFlightAcked})`,
  );

  // The client's outbox sends 10-14 again (10-12 as if their acknowledgement had been lost):
  // each second is stored once whichever way it went.
  for (const [from, to] of [
    [10, 14],
    [15, 24],
  ] as const) {
    expect(await push(onB, trackId, points(t0, from, to))).toEqual({
      ok: true,
      track_id: trackId,
      stored: seconds(from, to),
    });
  }
  expect(await push(onB, trackId, points(t0, 25, 29), 'final')).toEqual({
    ok: true,
    track_id: trackId,
    stored: seconds(25, 29),
  });

  // ---- another member, on the process that took over, cannot touch the ride ----
  const intruder = await connectRide(second, mallory);
  const notYours = { ok: false, message: 'This ride belongs to another member.' };
  const forged = points(t0, 30, 31).map((p) => ({ ...p, power: 999 }));
  expect(await push(intruder, trackId, forged)).toEqual(notYours);
  for (const discard of [false, true]) {
    expect(await stop(intruder, mallory, video, trackId, discard)).toEqual(notYours);
  }
  // Without an acknowledgement, the refusal comes as the ride-error event (answered once).
  const refused = new Promise((resolve) => intruder.once('ride-error', resolve));
  intruder.emit('stop-track', {
    discard_track: true,
    raceUrl: video.url,
    trackId,
    userId: mallory.id,
  });
  expect(await refused).toEqual({ event: 'stop-track', message: notYours.message });
  // The same client ride id sent by another member is another ride.
  const theirs = await intruder
    .timeout(ACK_MS)
    .emitWithAck('add-track', { ...addTrack, user_id: mallory.id });
  if (!theirs.ok) throw new Error(theirs.message);
  expect(theirs.track_id).not.toBe(trackId);
  expect(theirs.last_elapsed_time).toBe(-1);
  expect(await stop(intruder, mallory, video, theirs.track_id, true)).toMatchObject({
    ok: true,
    saved: false,
  });

  // ---- the rider saves the ride ----
  const saved = await stop(onB, rita, video, trackId);
  if (!saved.ok) throw new Error(`stop-track: ${saved.message}`);
  expect(saved.track).toMatchObject({
    id: trackId,
    race_id: video.id,
    duration: 30,
    total_distance: 29 * 8,
    accumulated_power: sumTo(29),
  });

  // ---- what was saved: seconds 0-29 once each, with the pushed values (none filled) ----
  const index = await getJson<TracksIndex>(
    second,
    `/api/v1/tracks/index?user_id=${rita.id}`,
    rita.token,
  );
  expect(index.count).toBe(1);
  expect(index.rows).toEqual([
    expect.objectContaining({ id: trackId, duration: 30, accumulated_power: sumTo(29) }),
  ]);

  const fit = await second.request(`/api/v1/tracks/${trackId}/fit`, { token: rita.token });
  expect(fit.status).toBe(200);
  const decoder = new Decoder(
    Stream.fromByteArray(Array.from(new Uint8Array(await fit.arrayBuffer()))),
  );
  expect(decoder.checkIntegrity()).toBe(true);
  const { messages, errors } = decoder.read();
  expect(errors).toEqual([]);
  const records = (messages.recordMesgs ?? []) as Array<{ timestamp: Date; power: number }>;
  const startMs = records[0]?.timestamp.getTime() ?? 0;
  expect(records.map((r) => [(r.timestamp.getTime() - startMs) / 1000, r.power])).toEqual(
    seconds(0, 29).map((s) => [s, powerAt(s)]),
  );

  const stats = await getJson<UserStats>(
    second,
    `/api/v1/user/data?user_id=${rita.id}`,
    rita.token,
  );
  expect(stats.processed_rides).toEqual({
    weeklyRides: 1,
    monthlyRides: 1,
    yearlyRides: 1,
    allRides: 1,
  });
  expect(stats.processed_time.allTime).toBe(0.5);

  // The video's history has the ride, at a second resent after the failover too.
  const history = await intruder
    .timeout(ACK_MS)
    .emitWithAck('history-leaderboard', { raceUrl: video.url, elapsed_time: 12 });
  if (!history.ok) throw new Error(history.message);
  expect(history.leaderboard).toEqual([
    expect.objectContaining({
      track_id: trackId,
      user_id: rita.id,
      elapsed_time: 12,
      power: powerAt(12),
      accumulated_power: sumTo(12),
      active: true,
    }),
  ]);

  // The rows themselves: one a second, as pushed, published to the video.
  const rows = await storedPoints(trackId);
  expect(rows.map((r) => [r.elapsedTime, r.power, r.accumulatedPower, r.raceId])).toEqual(
    seconds(0, 29).map((s) => [s, powerAt(s), sumTo(s), video.id]),
  );
}

describe('a ride survives its server process dying mid-ride (SIGKILL)', () => {
  for (const c of cases) {
    it(c.title, () => rideThroughFailover(c), CASE_TIMEOUT_MS);
  }
});
