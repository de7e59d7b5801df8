import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Decoder, Stream } from '@garmin/fitsdk';
import type { LeaderboardEntry, TracksIndex, UserStats } from '@ridealong/contracts';
import { trackPoints, tracks, userStatsBuckets } from '../src/db/schema.js';
import { backends, type TestServer } from './harness.js';
import { json, member, type Member } from './races-fixtures.js';
import { next, points, rideThrough, slopeVideo, rideSuite, startedAgo } from './ride-fixtures.js';

describe.each(backends)('riding a video on the /ride channel on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  const sockets = rideSuite(backend, (suite) => ({ s, owner } = suite));
  const connect = sockets.connect;

  const pointsOf = (trackId: number) =>
    s.database.db
      .select()
      .from(trackPoints)
      .where(eq(trackPoints.trackId, trackId))
      .orderBy(trackPoints.elapsedTime);

  it('records a ride through a reconnect, stores each second once and saves its totals', async () => {
    const rider = await member(s, { name: 'Rita' });
    const race = await slopeVideo(s, owner);
    let socket = await connect(rider);

    // Without an acknowledgement, the answer is the named event; with one, only the ack.
    const announced = next(socket, 'race-intialized');
    socket.emit('initialize-race', { url: race.url, userId: rider.user.id });
    expect(await announced).toMatchObject({ race_id: race.id, slope_source_id: 2 });
    let events = 0;
    socket.on('race-intialized', () => (events += 1));
    const init = await socket.emitWithAck('initialize-race', {
      url: race.url,
      userId: rider.user.id,
    });
    expect(init).toMatchObject({ ok: true, race_id: race.id, duration: 120, history_count: 0 });

    expect(events).toBe(0);
    const controls = await socket.emitWithAck('control-request', {
      startOfNeeded: 5,
      endOfNeeded: 15,
      raceUrl: race.url,
    });
    if (!controls.ok) throw new Error(controls.message);
    expect(controls.controls).toHaveLength(11);
    expect(controls.controls[2]).toEqual({
      elapsed_time: 7,
      slope: 2,
      road_feel_type: 'none',
      road_feel_intensity: 0,
      timestamp: 7000,
    });

    // Seconds 0-39, then the connection drops.
    const rideId = randomUUID();
    const trackId = await rideThrough(socket, rider, race, 0, 39, rideId, startedAgo(s, 120));
    socket.close();

    socket = await connect(rider);
    const again = await socket.emitWithAck('add-track', {
      race_id: race.id,
      race_url: race.url,
      user_id: rider.user.id,
      client_ride_id: rideId,
    });
    expect(again).toEqual({
      ok: true,
      track_id: trackId,
      client_ride_id: rideId,
      last_elapsed_time: 39,
    });
    // The unacknowledged batch is sent again, overlapping what was stored (with other values).
    const resent = await socket.emitWithAck('push-points', {
      track_id: trackId,
      points: points(30, 49, 999),
    });
    expect(resent).toEqual({
      ok: true,
      track_id: trackId,
      stored: Array.from({ length: 20 }, (_, i) => 30 + i),
    });
    // Seconds 50-99 with 70-72 missing (the video stalled), then the final batch.
    await socket.emitWithAck('push-points', {
      track_id: trackId,
      points: [...points(50, 69), ...points(73, 99)],
    });
    const finalEvent = next(socket, 'final-points-pushed');
    socket.emit('push-points', { track_id: trackId, points: points(100, 109), status: 'final' });
    expect(await finalEvent).toEqual({
      track_id: trackId,
      stored: points(100, 109).map((p) => p.elapsed_time),
    });

    const savedEvent = next(socket, 'track-saved');
    const stop = { discard_track: false, raceUrl: race.url, trackId, userId: rider.user.id };
    socket.emit('stop-track', stop);
    const saved = { ok: true, ...(await savedEvent) };
    if (!saved.track) throw new Error('not saved');
    expect(saved.track).toMatchObject({
      id: trackId,
      url: race.url,
      userId: rider.user.id,
      race_id: race.id,
      total_distance: 109 * 8,
      duration: 110,
      accumulated_power: 110 * 200,
      uploaded: false,
    });
    expect(saved.track.thumbnail_url).toMatch(/^\/media\/.+\/poster\.jpg$/);

    const stored = await pointsOf(trackId);
    expect(stored.map((p) => p.elapsedTime)).toEqual(Array.from({ length: 110 }, (_, i) => i));
    expect(stored[35]?.power).toBe(200); // the first stored value stays
    expect(stored[71]).toMatchObject({ power: 200, distance: 69 * 8 }); // carried forward
    expect(stored.every((p) => p.raceId === race.id)).toBe(true);

    // A resent stop-track returns the same ride and counts it once.
    const twice = await socket.emitWithAck('stop-track', stop);
    expect(twice).toMatchObject({ ok: true, saved: true, track: { id: trackId, duration: 110 } });

    const stats = await json<UserStats>(
      await s.get(`/api/v1/user/data?user_id=${rider.user.id}&tz=Europe/Paris`, rider.token),
    );
    expect(stats.processed_rides).toEqual({
      weeklyRides: 1,
      monthlyRides: 1,
      yearlyRides: 1,
      allRides: 1,
    });
    expect(stats.processed_time.allTime).toBe(1.8);
    expect(stats.processed_power.weeklyPower).toBe(200);
    expect(stats.processed_distance.allDistance).toBe(0.54);

    const index = await json<TracksIndex>(
      await s.get(`/api/v1/tracks/index?user_id=${rider.user.id}`, rider.token),
    );
    expect(index.count).toBe(1);
    expect(index.rows.map((r) => r.id)).toEqual([trackId]);

    const fit = await s.get(`/api/v1/tracks/${trackId}/fit`, rider.token);
    expect(fit.status).toBe(200);
    expect(fit.headers.get('content-type')).toBe('application/vnd.ant.fit');
    expect(fit.headers.get('content-disposition')).toBe(
      `attachment; filename="ridealong-${trackId}-slope-ride.fit"`,
    );
    const decoder = new Decoder(
      Stream.fromByteArray(Array.from(new Uint8Array(await fit.arrayBuffer()))),
    );
    expect(decoder.checkIntegrity()).toBe(true);
    const { messages, errors } = decoder.read();
    expect(errors).toEqual([]);
    expect(messages.recordMesgs).toHaveLength(110);
    expect(messages.sessionMesgs?.[0]).toMatchObject({
      sport: 'cycling',
      subSport: 'virtualActivity',
    });

    // Deleting takes the ride out of the stats in the same step.
    expect((await s.get(`/api/v1/tracks/${trackId}/delete`, rider.token)).status).toBe(200);
    const after = await json<UserStats>(
      await s.get(`/api/v1/user/data?user_id=${rider.user.id}`, rider.token),
    );
    expect(after.processed_rides.allRides).toBe(0);
    expect(await pointsOf(trackId)).toEqual([]);
    expect((await s.get(`/api/v1/tracks/${trackId}/delete`, rider.token)).status).toBe(404);
  });

  it('discards a ride without leaving a track, points or stats', async () => {
    const rider = await member(s, { name: 'Dora' });
    const race = await slopeVideo(s, owner, 60);
    const socket = await connect(rider);
    const trackId = await rideThrough(socket, rider, race, 0, 29);
    const answer = await socket.emitWithAck('stop-track', {
      discard_track: true,
      raceUrl: race.url,
      trackId,
      userId: rider.user.id,
    });
    expect(answer).toEqual({ ok: true, track_id: trackId, saved: false, track: null });
    const db = s.database.db;
    expect(await db.select().from(tracks).where(eq(tracks.userId, rider.user.id))).toEqual([]);
    expect(await pointsOf(trackId)).toEqual([]);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(userStatsBuckets)
      .where(eq(userStatsBuckets.userId, rider.user.id));
    expect(row?.n).toBe(0);
  });

  it('answers the history leaderboard with earlier rides, an ended one inactive', async () => {
    const race = await slopeVideo(s, owner, 90);
    const long = await member(s, { name: 'Longa' });
    const short = await member(s, { name: 'Shorty' });
    const live = await member(s, { name: 'Livia' });
    const save = async (m: Member, to: number) => {
      const socket = await connect(m);
      const trackId = await rideThrough(socket, m, race, 0, to, undefined, startedAgo(s, to));
      const done = await socket.emitWithAck('stop-track', {
        discard_track: false,
        raceUrl: race.url,
        trackId,
        userId: m.user.id,
      });
      expect(done.ok).toBe(true);
      return trackId;
    };
    const longTrack = await save(long, 59);
    const shortTrack = await save(short, 29);

    const socket = await connect(live);
    const init = await socket.emitWithAck('initialize-race', {
      url: race.url,
      userId: live.user.id,
    });
    expect(init).toMatchObject({ ok: true, history_count: 2 });
    const own = await rideThrough(socket, live, race, 0, 9);
    const at40 = await socket.emitWithAck('history-leaderboard', {
      raceUrl: race.url,
      elapsed_time: 40,
      track_id: own,
    });
    if (!at40.ok) throw new Error(at40.message);
    // Livia's 10 stored seconds at 200 W, carried to second 40: 41 x 200, tied with Longa
    // (a live rider ties ahead), and ahead of Shorty's 30 x 200.
    expect(at40).toMatchObject({ start: 40, total: 3, rank: 1 });
    expect(at40.leaderboard).toEqual([
      {
        username: 'Longa',
        user_id: long.user.id,
        url: race.url,
        track_id: longTrack,
        elapsed_time: 40,
        accumulated_power: 41 * 200,
        power: 200,
        heart_rate: 140,
        cadence: 90,
        distance: 320,
        active: true,
        rank: 2,
      },
      expect.objectContaining({
        track_id: shortTrack,
        elapsed_time: 29,
        distance: 29 * 8,
        active: false,
        rank: 3,
      }),
    ]);
    // Without an acknowledgement (and any field: document 001 names none), the named event.
    const response = next(socket, 'history-leaderboard-response');
    socket.emit('history-leaderboard', {} as never);
    expect(await response).toMatchObject({ total: 3, rank: 1 });
    const at5 = await socket.emitWithAck('history-leaderboard', {
      raceUrl: race.url,
      elapsed_time: 5,
      track_id: own,
    });
    if (!at5.ok) throw new Error(at5.message);
    expect(at5.leaderboard.map((e: LeaderboardEntry) => [e.username, e.active])).toEqual([
      ['Longa', true],
      ['Shorty', true],
    ]);
  });
});
