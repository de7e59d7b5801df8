import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { races, tracks } from '../src/db/schema.js';
import { backends, type TestServer } from './harness.js';
import { json, member, video, type Member } from './races-fixtures.js';
import { rideSuite, rideThrough, startedAgo } from './ride-fixtures.js';

describe.each(backends)('reporting a video duration after a ride on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  const sockets = rideSuite(backend, (suite) => ({ s, owner } = suite));

  const change = (raceId: number, seconds: number, token?: string) =>
    s.post('/api/v1/races/change-duration/', { race_id: raceId, new_duration: seconds }, token);
  const failure = async (res: Response) => ({
    status: res.status,
    message: ((await res.json()) as { message: string }).message,
  });
  const durationOf = async (raceId: number) => {
    const [row] = await s.database.db.select().from(races).where(eq(races.id, raceId));
    return row?.duration;
  };
  /** A saved ride of seconds [0, last] of `race`, as long ago as it took. */
  const ride = async (rider: Member, race: { id: number; url: string }, last: number) => {
    const socket = await sockets.connect(rider);
    const trackId = await rideThrough(socket, rider, race, 0, last, undefined, startedAgo(s, last));
    const saved = await socket.emitWithAck('stop-track', {
      discard_track: false,
      raceUrl: race.url,
      trackId,
      userId: rider.user.id,
    });
    expect(saved).toMatchObject({ ok: true, saved: true });
    return trackId;
  };

  it('takes one report per ride that reached the end: the drift attack stops at once', async () => {
    const rider = await member(s, { name: 'Drifter' });
    const race = await video(s, owner, { duration: 60 });
    // No ride, no report; no session, no report.
    expect(await failure(await change(race.id, 63, rider.token))).toEqual({
      status: 403,
      message: 'Only a rider who has just ridden this video to its end can report its duration.',
    });
    expect((await change(race.id, 63)).status).toBe(401);

    // The video really ended at 63 s.
    await ride(rider, race, 63);
    expect(await json(await change(race.id, 63, rider.token))).toEqual({
      status: 'success',
      duration: 63,
    });
    let asked = 63;
    for (let call = 0; call < 29; call++) {
      asked = Math.round(asked * 1.05);
      expect(await failure(await change(race.id, asked, rider.token))).toEqual({
        status: 403,
        message: 'Your ride of this video has already reported its duration.',
      });
    }
    expect(await durationOf(race.id)).toBe(63);
  });

  it('refuses a rider who stopped halfway, a ride of another video and an old ride', async () => {
    const rider = await member(s, { name: 'Halfway' });
    const race = await video(s, owner, { duration: 100 });
    const elsewhere = await video(s, owner, { duration: 100 });
    await ride(rider, elsewhere, 104);
    expect((await change(race.id, 104, rider.token)).status).toBe(403);

    const half = await ride(rider, race, 50);
    expect(await failure(await change(race.id, 104, rider.token))).toEqual({
      status: 400,
      message: 'Your ride ended at 50 s of this video, not at 104 s.',
    });
    // A ride to the end, but over an hour ago.
    const full = await ride(rider, race, 104);
    await s.database.db
      .update(tracks)
      .set({ updatedAt: sql`now() - interval '2 hours'` })
      .where(sql`${tracks.id} in (${half}, ${full})`);
    expect((await change(race.id, 104, rider.token)).status).toBe(403);
    expect(await durationOf(race.id)).toBe(100);
  });

  it('lets the owner and an admin change it directly, within 10 %', async () => {
    const admin = await member(s, { name: 'Admin', admin: true });
    const race = await video(s, owner, { duration: 1000 });
    expect(await json(await change(race.id, 1090, owner.token))).toMatchObject({ duration: 1090 });
    expect(await json(await change(race.id, 1150, admin.token))).toMatchObject({ duration: 1150 });
    expect((await change(race.id, 2000, admin.token)).status).toBe(400);
    expect(await durationOf(race.id)).toBe(1150);
  });
});
