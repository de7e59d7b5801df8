import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LeaderboardEntry, RideServerToClient } from '@ridealong/contracts';
import { trackPoints, tracks } from '../src/db/schema.js';
import { backends, listenApp, type TestServer } from './harness.js';
import { member, type Member } from './races-fixtures.js';
import {
  connectRide,
  points,
  rideSuite,
  rideThrough,
  slopeVideo,
  startedAgo,
  type RideClient,
} from './ride-fixtures.js';

type Named = keyof RideServerToClient;
type Loose = { emit: (event: string, payload?: unknown) => void };

/**
 * Emits without an acknowledgement, as the supported desktop apps do, and waits for the spec's
 * named answer; a ride-error for the event rejects with its message.
 */
function ask<E extends Named>(
  socket: RideClient,
  event: string,
  payload: unknown,
  named: E,
): Promise<Parameters<RideServerToClient[E]>[0]> {
  return new Promise((resolve, reject) => {
    const listeners = socket as unknown as {
      on: (e: string, l: (p: never) => void) => void;
      off: (e: string, l: (p: never) => void) => void;
    };
    const done = () => {
      listeners.off(named, answered);
      listeners.off('ride-error', refused);
    };
    const answered = (p: Parameters<RideServerToClient[E]>[0]) => {
      done();
      resolve(p);
    };
    const refused = (e: { event: string; message: string }) => {
      if (e.event !== event) return;
      done();
      reject(new Error(e.message));
    };
    listeners.on(named, answered);
    listeners.on('ride-error', refused);
    (socket as unknown as Loose).emit(event, payload);
  });
}

async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  for (const end = Date.now() + ms; !(await check());) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Document 001's tracker samples: no speed or timestamp, the sample's own fields included. */
function samples(m: Member, url: string, trackId: number | undefined, from: number, to: number) {
  return points(from, to).map(({ speed: _s, timestamp: _t, ...p }) => ({
    ...p,
    username: m.user.displayName,
    user_id: m.user.id,
    url,
    ...(trackId === undefined ? {} : { track_id: trackId }),
    raw_data: { device: { name: 'kickr', firmware: [1, 2] } }, // nested: kept out, not refused
    active: true,
  }));
}

describe.each(backends)('the /ride channel with document 001’s payloads on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  const sockets = rideSuite(backend, (suite) => ({ s, owner } = suite));

  it('rides and saves a track with its points, sending only the spec’s fields', async () => {
    const rider = await member(s, { name: 'Desk' });
    const race = await slopeVideo(s, owner, 60);
    let socket = await sockets.connect(rider);
    const errors: string[] = [];
    socket.on('ride-error', (e) => errors.push(`${e.event}: ${e.message}`));

    const init = { url: race.url, userId: rider.user.id, slope_source_id: 2 };
    expect(await ask(socket, 'initialize-race', init, 'race-intialized')).toMatchObject({
      race_id: race.id,
    });
    const addTrack = {
      title: 'Morning',
      race_id: race.id,
      username: 'Desk',
      race_url: race.url,
      user_id: rider.user.id,
    };
    const added = await ask(socket, 'add-track', addTrack, 'track-added');
    expect(added.last_elapsed_time).toBe(-1);
    // The same add-track again (a double send) is the same ride.
    const again = await ask(socket, 'add-track', addTrack, 'track-added');
    expect(again.track_id).toBe(added.track_id);
    await startedAgo(s, 60)(added.track_id);
    const control = { startOfNeeded: 5, endOfNeeded: 15, slopeSourceId: 2, raceUrl: race.url };
    expect(
      (await ask(socket, 'control-request', control, 'control-response')).controls,
    ).toHaveLength(11);

    // Points naming their track, then points naming none (the socket's ride), one resent.
    const push = (from: number, to: number, trackId?: number, status = 'recording') => ({
      points: samples(rider, race.url, trackId, from, to),
      status,
      discard_track: false,
    });
    (socket as unknown as Loose).emit('push-points', push(0, 9, added.track_id));
    (socket as unknown as Loose).emit('push-points', push(10, 19));
    (socket as unknown as Loose).emit('push-points', push(10, 19));
    const board = await ask(
      socket,
      'history-leaderboard',
      undefined,
      'history-leaderboard-response',
    );
    expect(board).toMatchObject({ leaderboard: [], total: expect.any(Number) });
    // Nothing acknowledges a batch here: wait until the server has them all.
    await until(async () => {
      const [row] = await s.database.db
        .select({ last: tracks.lastElapsedTime })
        .from(tracks)
        .where(eq(tracks.id, added.track_id));
      return row?.last === 19;
    });

    // A reconnect: a new socket asks add-track again and goes on without naming the track.
    socket.close();
    socket = await sockets.connect(rider);
    socket.on('ride-error', (e) => errors.push(`${e.event}: ${e.message}`));
    const resumed = await ask(socket, 'add-track', addTrack, 'track-added');
    expect(resumed).toMatchObject({ track_id: added.track_id, last_elapsed_time: 19 });
    (socket as unknown as Loose).emit('push-points', push(20, 29));
    const last = await ask(
      socket,
      'push-points',
      push(30, 39, undefined, 'final'),
      'final-points-pushed',
    );
    expect(last).toEqual({
      track_id: added.track_id,
      stored: points(30, 39).map((p) => p.elapsed_time),
    });

    const stop = {
      discard_track: false,
      accumulated_power: 40 * 200,
      raceUrl: race.url,
      trackId: added.track_id,
      userId: rider.user.id,
      strava_access_token: null,
      strava_auto_save: false,
    };
    const saved = await ask(socket, 'stop-track', stop, 'track-saved');
    expect(saved).toMatchObject({
      saved: true,
      track: {
        id: added.track_id,
        duration: 40,
        accumulated_power: 40 * 200,
        total_distance: 39 * 8,
      },
    });
    const rows = await s.database.db
      .select({ second: trackPoints.elapsedTime, raw: trackPoints.rawData })
      .from(trackPoints)
      .where(eq(trackPoints.trackId, added.track_id))
      .orderBy(trackPoints.elapsedTime);
    expect(rows.map((r) => r.second)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(rows.every((r) => r.raw === null)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('answers a bounded window with ranks, and each process sees saves and deletions', async () => {
    const race = await slopeVideo(s, owner, 60);
    // 30 saved rides, ride i at 100 + 10 i watts for seconds 0-59 (written straight in).
    const riders = await Promise.all(
      Array.from({ length: 30 }, (_, i) => member(s, { name: `R${i + 1}` })),
    );
    const db = s.database.db;
    for (const [i, m] of riders.entries()) {
      const [t] = await db
        .insert(tracks)
        .values({
          userId: m.user.id,
          raceId: race.id,
          raceUrl: race.url,
          title: 'x',
          clientRideId: `window-${i}`,
          status: 'saved',
          lastElapsedTime: 59,
        })
        .returning();
      await db.execute(sql`insert into track_points (track_id, race_id, elapsed_time,
          accumulated_power, power, heart_rate, cadence, distance, speed, recorded_at)
        select ${t!.id}::int, ${race.id}::int, s, (s + 1) * ${100 + 10 * (i + 1)}::int,
          ${100 + 10 * (i + 1)}::int, 140, 90, s * 8, 8, now() from generate_series(0, 59) s`);
    }
    const live = await member(s, { name: 'Live' });
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ra-second-'));
    const other = await listenApp({ database: s.database, dataDir });
    try {
      const here = await sockets.connect(live);
      const there = await connectRide({ ...s, baseUrl: other.baseUrl }, live.token);
      const at = (socket: RideClient, sum?: number) =>
        socket.timeout(5000).emitWithAck('history-leaderboard', {
          raceUrl: race.url,
          elapsed_time: 19,
          ...(sum === undefined ? {} : { accumulated_power: sum }),
        });
      // 205 W: behind the 20 rides at 210 W or more.
      const placed = await at(here, 20 * 205);
      if (!placed.ok) throw new Error(placed.message);
      expect(placed).toMatchObject({ start: 19, total: 31, rank: 21 });
      expect(
        placed.leaderboard.map((e: LeaderboardEntry) => [e.rank, e.accumulated_power]),
      ).toEqual(
        [400, 390, 380, 220, 210, 200, 190].map((w, i) => [[1, 2, 3, 19, 20, 22, 23][i], 20 * w]),
      );
      expect(placed.leaderboard[0]).toMatchObject({ username: 'R30', active: true, power: 400 });
      const top = await at(there);
      if (!top.ok) throw new Error(top.message);
      expect(top).toMatchObject({ total: 30, rank: null });
      expect(top.leaderboard.map((e: LeaderboardEntry) => e.rank)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
      ]);

      // A ride saved on this process reaches the other's standings within a second.
      const fast = await member(s, { name: 'Fast' });
      const fastSocket = await sockets.connect(fast);
      const trackId = await rideThrough(
        fastSocket,
        fast,
        race,
        0,
        -1,
        undefined,
        startedAgo(s, 60),
      );
      const pushed = await fastSocket.emitWithAck('push-points', {
        track_id: trackId,
        points: points(0, 39, 1000),
      });
      expect(pushed.ok).toBe(true);
      const saved = await fastSocket.emitWithAck('stop-track', {
        discard_track: false,
        raceUrl: race.url,
        trackId,
        userId: fast.user.id,
      });
      expect(saved.ok).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const after = await at(there);
      expect(after).toMatchObject({ ok: true, total: 31 });
      if (after.ok)
        expect(after.leaderboard[0]).toMatchObject({ track_id: trackId, username: 'Fast' });
      // And its deletion too.
      expect((await s.get(`/api/v1/tracks/${trackId}/delete`, fast.token)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await at(there)).toMatchObject({ ok: true, total: 30 });
      there.close();
    } finally {
      await other.app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
