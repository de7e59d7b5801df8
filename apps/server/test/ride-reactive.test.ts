import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { HistoryLeaderboardResponse, TracksIndex } from '@ridealong/contracts';
import { trackPoints, tracks } from '../src/db/schema.js';
import type { TestServer } from './harness.js';
import { backends } from './harness.js';
import { json, member, type Member } from './races-fixtures.js';
import {
  addTrack,
  REACTIVE,
  reactivePointsAt,
  saveRide,
  stopTrack,
  type Video,
} from './reactive-fixtures.js';
import { points, rideSuite, slopeVideo, startedAgo } from './ride-fixtures.js';
import { calls, challenge, jobsDone } from './challenges-fixtures.js';

/**
 * Reactive rides and difficulty (issue 26, docs/ride.md "Reactive rides"): stored with their
 * mode, difficulty and video time, saved and shown, but kept out of the steady history
 * leaderboard; a ride at another difficulty than 100 is saved but not ranked; a v1 payload
 * still saves as steady at 100; bad values are refused with a message and lose nothing.
 */

/** Reactive seconds [from, to]: the ride's own seconds, the video at 0.6 s per second. */
const reactivePoints = (from: number, to: number) => reactivePointsAt(from, to, 4, 0.6);

describe.each(backends)('reactive rides and difficulty on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  const sockets = rideSuite(backend, (suite) => ({ s, owner } = suite));

  /** Saves a steady ride of seconds [0, last] at `difficulty` (undefined: not sent). */
  async function steady(rider: Member, race: Video, last: number, difficulty?: number) {
    const socket = await sockets.connect(rider);
    const extra = difficulty === undefined ? {} : { difficulty };
    return (await saveRide(s, socket, rider, race, { last, batch: 10, extra })).trackId;
  }

  const pointCount = async (where: SQL) => {
    const [row] = await s.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(trackPoints)
      .where(where);
    return row?.n;
  };
  const leaderboardAt = async (
    asker: Member,
    race: { url: string },
    second: number,
  ): Promise<HistoryLeaderboardResponse> => {
    const socket = await sockets.connect(asker);
    const answer = await socket.emitWithAck('history-leaderboard', {
      raceUrl: race.url,
      elapsed_time: second,
    });
    if (!answer.ok) throw new Error(answer.message);
    return answer;
  };

  it('stores a reactive ride with its video time, shows its mode, and keeps it out of the steady history', async () => {
    const race = await slopeVideo(s, owner, 60);
    const stella = await member(s, { name: 'Stella' });
    const rex = await member(s, { name: 'Rex' });
    const steadyTrack = await steady(stella, race, 59);

    // A slow rider: 90 s of their own, past the video's 60 s, the video at 54 s at the end.
    const { trackId, saved } = await saveRide(s, await sockets.connect(rex), rex, race, {
      last: 89,
      batch: 30,
      extra: REACTIVE,
      ago: 95,
      points: reactivePoints,
    });
    expect(saved.track).toMatchObject({ ride_mode: 'reactive', difficulty: 100, duration: 90 });

    const rows = await s.database.db
      .select()
      .from(trackPoints)
      .where(eq(trackPoints.trackId, trackId));
    expect(rows).toHaveLength(90);
    expect(rows.find((r) => r.elapsedTime === 89)).toMatchObject({
      videoTime: 89 * 0.6,
      raceId: null,
      distance: 356,
    });
    const [track] = await s.database.db.select().from(tracks).where(eq(tracks.id, trackId));
    expect(track).toMatchObject({
      rideMode: 'reactive',
      difficulty: 100,
      status: 'saved',
      historySeq: null,
    });

    const index = await json<TracksIndex>(
      await s.get(`/api/v1/tracks/index?user_id=${rex.user.id}`, rex.token),
    );
    expect(index.rows[0]).toMatchObject({ id: trackId, ride_mode: 'reactive', difficulty: 100 });
    // The activity page's road at each ride second is the video's where the video was.
    const series = await json<{ elapsed_time: number[]; grade: (number | null)[] }>(
      await s.get(`/api/v1/tracks/${trackId}/series`, rex.token),
    );
    expect(series.elapsed_time.at(-1)).toBe(89);
    expect(series.grade.at(-1)).toBe((Math.floor(89 * 0.6) % 10) - 5);
    // Its report of the video's length is checked against where the video was (53 s), not 89.
    const report = (seconds: number) =>
      s.post(
        '/api/v1/races/change-duration/',
        { race_id: race.id, new_duration: seconds },
        rex.token,
      );
    expect((await report(89)).status).toBe(400);
    expect((await report(55)).status).toBe(200);

    const asker = await member(s, { name: 'Asker' });
    const at30 = await leaderboardAt(asker, race, 30);
    expect(at30.leaderboard.map((e) => e.track_id)).toEqual([steadyTrack]);
    expect(at30.total).toBe(1);
    const init = await (
      await sockets.connect(asker)
    ).emitWithAck('initialize-race', { url: race.url, userId: asker.user.id });
    expect(init).toMatchObject({ ok: true, history_count: 1 });
  });

  it('saves a steady ride at difficulty 80 without ranking it, in leaderboards or challenges', async () => {
    const race = await slopeVideo(s, owner, 60);
    const dora = await member(s, { name: 'Dora' });
    const api = calls(s);
    const time = await challenge(s, { type: 'TIME_BASED', goal: 10 });
    await api.joined(dora, time.id);
    const trackId = await steady(dora, race, 59, 80);
    await jobsDone(s.database, 'track.saved', { trackId });
    const [track] = await s.database.db.select().from(tracks).where(eq(tracks.id, trackId));
    expect(track).toMatchObject({
      status: 'saved',
      difficulty: 80,
      rideMode: 'steady',
      duration: 60,
      historySeq: null,
    });
    expect(await pointCount(eq(trackPoints.raceId, race.id))).toBe(0);
    expect((await leaderboardAt(await member(s), race, 30)).total).toBe(0);
    const progress = (await api.progress(dora, time.id)).user_challenge!;
    expect(progress.status_data.status.current_total).toBe(0);

    // The same rider at 100 counts for both.
    const ranked = await steady(dora, race, 59, 100);
    await jobsDone(s.database, 'track.saved', { trackId: ranked });
    expect(
      (await leaderboardAt(await member(s), race, 30)).leaderboard.map((e) => e.track_id),
    ).toEqual([ranked]);
    expect(
      (await api.progress(dora, time.id)).user_challenge!.status_data.status.current_total,
    ).toBe(1);
  });

  it('saves a v1 payload (no mode, difficulty, video time, speed or timestamp) as steady at 100', async () => {
    const race = await slopeVideo(s, owner, 60);
    const vic = await member(s, { name: 'Vic' });
    const socket = await sockets.connect(vic);
    const added = await socket.emitWithAck('add-track', {
      race_id: race.id,
      race_url: race.url,
      user_id: vic.user.id,
    });
    if (!added.ok) throw new Error(added.message);
    await startedAgo(s, 30)(added.track_id);
    const v1 = points(0, 19).map(({ speed: _s, timestamp: _t, ...p }) => ({
      ...p,
      track_id: added.track_id,
    }));
    expect(await socket.emitWithAck('push-points', { points: v1 } as never)).toMatchObject({
      ok: true,
    });
    const saved = await stopTrack(socket, vic, race, added.track_id);
    expect(saved).toMatchObject({
      ok: true,
      track: { ride_mode: 'steady', difficulty: 100, duration: 20 },
    });
    expect(
      (await leaderboardAt(await member(s), race, 10)).leaderboard.map((e) => e.track_id),
    ).toEqual([added.track_id]);
  });

  it('refuses bad modes, difficulties and video times with a message, losing nothing stored', async () => {
    const race = await slopeVideo(s, owner, 60);
    const eve = await member(s, { name: 'Eve' });
    const socket = await sockets.connect(eve);
    const base = {
      race_id: race.id,
      race_url: race.url,
      user_id: eve.user.id,
      client_ride_id: randomUUID(),
    };
    for (const [field, value] of [
      ['mode', 'turbo'],
      ['difficulty', 1e9],
      ['difficulty', -5],
      ['difficulty', 'x'],
      ['difficulty', 50.5],
    ] as const) {
      const answer = await socket.emitWithAck('add-track', { ...base, [field]: value } as never);
      expect(answer, `${field}=${value}`).toEqual({
        ok: false,
        message: expect.stringContaining(field),
      });
    }
    const trackId = await addTrack(socket, eve, race, { mode: 'reactive' });
    await startedAgo(s, 60)(trackId);
    expect(
      await socket.emitWithAck('push-points', { track_id: trackId, points: reactivePoints(0, 9) }),
    ).toMatchObject({ ok: true });
    for (const bad of [Number.NaN, -1, 1e12, Infinity]) {
      const pts = reactivePoints(10, 12).map((p, i) => (i === 1 ? { ...p, video_time: bad } : p));
      const answer = await socket.emitWithAck('push-points', { track_id: trackId, points: pts });
      expect(answer, String(bad)).toEqual({
        ok: false,
        message: expect.stringContaining('video_time'),
      });
    }
    // Within the contracts' day but past this 60 s video.
    const past = await socket.emitWithAck('push-points', {
      track_id: trackId,
      points: reactivePoints(10, 12).map((p) => ({ ...p, video_time: 500 })),
    });
    expect(past).toEqual({
      ok: false,
      message: expect.stringContaining('past the end of this video'),
    });
    expect(await pointCount(eq(trackPoints.trackId, trackId))).toBe(10);
    expect(
      await socket.emitWithAck('push-points', {
        track_id: trackId,
        points: reactivePoints(10, 12),
      }),
    ).toMatchObject({ ok: true, stored: [10, 11, 12] });
  });

  it('keeps the member’s ride mode: reactive at first, changed by the update, refused when unknown', async () => {
    const mia = await member(s, { name: 'Mia' });
    const me = await json<{ ride_mode: string }>(
      await s.get(`/api/v1/users/${mia.user.id}`, mia.token),
    );
    expect(me.ride_mode).toBe('reactive');
    const update = (body: object) => s.put(`/api/v1/user/${mia.user.id}/update`, body, mia.token);
    expect((await update({ ride_mode: 'x' })).status).toBe(400);
    expect((await update({ ride_mode: 'turbo', units: 'metric' })).status).toBe(400);
    const changed = await json<{ user: { ride_mode: string } }>(
      await update({ ride_mode: 'steady' }),
    );
    expect(changed.user.ride_mode).toBe('steady');
  });
});
