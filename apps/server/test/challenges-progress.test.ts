import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MILES_PER_METRE, type Race, type User } from '@ridealong/contracts';
import { tracks, type TrackRow } from '../src/db/schema.js';
import type { TestServer } from './harness.js';
import { backends } from './harness.js';
import { json, member, video, type Member } from './races-fixtures.js';
import { rideSuite, rideThrough, slopeVideo, type RideClient } from './ride-fixtures.js';
import { makeClip } from './upload-harness.js';
import { calls, challenge, jobsDone } from './challenges-fixtures.js';

/**
 * Progress comes from stored rides only (docs/challenges.md, 'Where progress comes from'): a
 * ride over /ride moves it once the `track.saved` job has run, however often stop-track was
 * sent; deleting the ride moves it back; joining computes from rides already stored; a video
 * becoming ready moves its owner's upload challenges.
 */

const round2 = (n: number) => Math.round(n * 100) / 100;

describe.each(backends)('challenge progress from rides on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  const sockets = rideSuite(backend, (suite) => ({ s, owner } = suite));

  /** Rides seconds [0, last] of the video and saves it with stop-track sent `times` times. */
  /**
   * Each ride its own hour in the past (started and created then): rides that overlap in time
   * count once, and a member rides one video at a time.
   */
  let slot = 0;
  const placedApart = (seconds: number) => async (trackId: number) => {
    slot += 1;
    const back = seconds + 10 + slot * 3600;
    const at = sql`now() - make_interval(secs => ${back})`;
    await s.database.db
      .update(tracks)
      .set({ createdAt: at, startedAt: at })
      .where(eq(tracks.id, trackId));
  };

  async function ride(
    socket: RideClient,
    rider: Member,
    race: { id: number; url: string },
    last: number,
    times = 1,
  ): Promise<TrackRow> {
    const trackId = await rideThrough(
      socket,
      rider,
      race,
      0,
      last,
      randomUUID(),
      placedApart(last),
    );
    const stop = { discard_track: false, raceUrl: race.url, trackId, userId: rider.user.id };
    const answers = await Promise.all(
      Array.from({ length: times }, () => socket.timeout(10_000).emitWithAck('stop-track', stop)),
    );
    for (const a of answers) expect(a).toMatchObject({ ok: true, saved: true });
    await jobsDone(s.database, 'track.saved', { trackId });
    const [row] = await s.database.db.select().from(tracks).where(eq(tracks.id, trackId));
    return row!;
  }

  it('moves every kind of challenge after the ride is saved, once however often it is sent, and back when it is deleted', async () => {
    const api = calls(s);
    const rider = await member(s, { name: 'Rita' });
    const route = await slopeVideo(s, owner, 120);
    const [second, third] = [await video(s, owner), await video(s, owner)];
    const time = await challenge(s, { type: 'TIME_BASED', goal: 10 });
    const distance = await challenge(s, { type: 'DISTANCE_BASED', goal: 1 });
    const rides = await challenge(s, { type: 'RIDE_BASED', goal: 2 });
    const power = await challenge(s, { type: 'POWER_BASED', goal: 100 });
    const race = await challenge(s, {
      type: 'RACE_BASED',
      goal: null,
      videoSubset: [second.url, route.url, third.url],
    });
    const upcoming = await challenge(s, { type: 'TIME_BASED', fromDays: 1, toDays: 20 });
    const all = [time, distance, rides, power, race, upcoming];
    for (const c of all) await api.joined(rider, c.id);

    const socket = await sockets.connect(rider);
    // Stop-track three times at once: one saved ride, one track.saved.
    const track = await ride(socket, rider, route, 109, 3);
    expect(
      await s.database.db.select().from(tracks).where(eq(tracks.userId, rider.user.id)),
    ).toHaveLength(1);

    const status = async (id: number) => (await api.progress(rider, id)).user_challenge!;
    const minutes = round2(track.duration / 60);
    expect(await status(time.id)).toMatchObject({
      complete: false,
      completion_percent: minutes / 10,
      status_data: { status: { current_total: minutes, average_power: 200 } },
    });
    const miles = round2(track.totalDistance * MILES_PER_METRE);
    expect((await status(distance.id)).status_data.status.current_total).toBe(miles);
    expect(await status(rides.id)).toMatchObject({ completion_percent: 0.5 });
    // 200 W over the goal of 100, but not yet the 600 s the power challenge takes.
    expect((await status(power.id)).completion_percent).toBeCloseTo(track.duration / 600, 5);
    expect(await status(race.id)).toMatchObject({
      completion_percent: 1 / 3,
      status_data: { status: { current_total: 1, videosWatched: [route.url] } },
    });
    // The ride was before this one's start.
    expect((await status(upcoming.id)).completion_percent).toBe(0);
    const board = await api.board(rides.id, rider.token);
    expect(board.me).toMatchObject({ ranking: 1, user: { id: rider.user.id } });

    // Deleted, the ride counts no more (the refresh job runs after the delete commits).
    const del = await s.get(`/api/v1/tracks/${track.id}/delete`, rider.token);
    expect(del.status).toBe(200);
    await jobsDone(s.database, 'challenge.refresh-member', { userId: rider.user.id });
    for (const c of all) {
      expect(await status(c.id)).toMatchObject({
        complete: false,
        completion_percent: 0,
        status_data: { status: { current_total: 0, average_power: 0, videosWatched: [] } },
      });
    }
  });

  it('completes a challenge and keeps rides of one video apart from another', async () => {
    const api = calls(s);
    const rider = await member(s, { name: 'Cora' });
    const a = await slopeVideo(s, owner, 80);
    const b = await slopeVideo(s, owner, 80);
    const c = await challenge(s, { type: 'RIDE_BASED', goal: 2 });
    await api.joined(rider, c.id);
    const socket = await sockets.connect(rider);
    await ride(socket, rider, a, 69);
    // A ride of under a minute is not a ride for RIDE_BASED.
    await ride(socket, rider, b, 30);
    expect((await api.progress(rider, c.id)).user_challenge).toMatchObject({ complete: false });
    await ride(socket, rider, b, 69);
    expect((await api.progress(rider, c.id)).user_challenge).toMatchObject({
      complete: true,
      completion_percent: 1,
      status_data: { status: { current_total: 2 } },
    });
  });

  it('computes a join at once from the rides already stored', async () => {
    const api = calls(s);
    const rider = await member(s, { name: 'Jo' });
    const route = await slopeVideo(s, owner, 90);
    const socket = await sockets.connect(rider);
    const track = await ride(socket, rider, route, 79);
    const time = await challenge(s, { type: 'TIME_BASED', goal: 60, title: 'Hour' });
    const user: User = await api.joined(rider, time.id);
    const minutes = round2(track.duration / 60);
    expect(user.user_challenges).toEqual([
      expect.objectContaining({
        challenge_id: time.id,
        completion_percent: minutes / 60,
        status_data: { status: { current_total: minutes, average_power: 200, videosWatched: [] } },
      }),
    ]);
    // The rides of the member only: another joining sees none of them.
    const other = await member(s, { name: 'Other' });
    expect((await api.joined(other, time.id)).user_challenges[0]?.completion_percent).toBe(0);
  });

  it('counts a member’s video once it is ready for their upload challenge', async () => {
    const api = calls(s);
    const maker = await member(s, { name: 'Maker' });
    const uploads = await challenge(s, { type: 'UPLOAD_BASED', goal: 2 });
    await api.joined(maker, uploads.id);
    let raceId = 0;
    const dir = await mkdtemp(path.join(tmpdir(), 'ra-challenge-clip-'));
    try {
      const clip = await readFile(await makeClip(dir, 'clip.mp4', { seconds: 1 }));
      const form = new FormData();
      form.append('name', 'My first upload');
      form.append('user_id', String(maker.user.id));
      form.append('file', new Blob([clip]), 'clip.mp4');
      const res = await fetch(`${s.baseUrl}/api/v1/test-upload`, {
        method: 'POST',
        headers: { 'x-auth-token': maker.token },
        body: form,
      });
      const { race } = await json<{ race: Race }>(res);
      raceId = race.id;
      await jobsDone(s.database, 'video.process', { raceId: race.id });
      await jobsDone(s.database, 'challenge.refresh-member', { userId: maker.user.id });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect((await api.progress(maker, uploads.id)).user_challenge).toMatchObject({
      completion_percent: 0.5,
      status_data: { status: { current_total: 1 } },
    });

    // Deleting the video takes it out again (its delete enqueues the owner's refresh).
    const deleted = await fetch(`${s.baseUrl}/api/v1/race/delete`, {
      method: 'POST',
      headers: { 'x-auth-token': maker.token, 'content-type': 'application/json' },
      body: JSON.stringify({ id: raceId }),
    });
    expect(deleted.status).toBe(200);
    await jobsDone(s.database, 'challenge.refresh-member', { userId: maker.user.id });
    expect((await api.progress(maker, uploads.id)).user_challenge).toMatchObject({
      completion_percent: 0,
      status_data: { status: { current_total: 0 } },
    });
  });
});
