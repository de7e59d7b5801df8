import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UserStats } from '@ridealong/contracts';
import { tracks } from '../src/db/schema.js';
import { SUPERSEDED_MESSAGE } from '../src/modules/ride/one-recording.js';
import { backends, listenApp, type TestServer } from './harness.js';
import { json, member, video, type Member } from './races-fixtures.js';
import { connectRide, points, rideSuite, type RideClient } from './ride-fixtures.js';

/**
 * One recording per member (docs/ride.md, 'One ride at a time'): a newer add-track closes and
 * saves the member's other recording ride, on any process; a resumed ride keeps working; and
 * rides recorded side by side before the rule count once in the stats.
 */
describe.each(backends)('one recording per member on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  const sockets = rideSuite(backend, (suite) => ({ s, owner } = suite));

  const add = async (
    socket: RideClient,
    m: Member,
    race: { id: number; url: string },
    id?: string,
  ) => {
    const added = await socket.timeout(5000).emitWithAck('add-track', {
      race_id: race.id,
      race_url: race.url,
      user_id: m.user.id,
      ...(id === undefined ? {} : { client_ride_id: `client-${id}` }),
    });
    if (!added.ok) throw new Error(added.message);
    return added;
  };
  const push = (socket: RideClient, trackId: number, from: number, to: number) =>
    socket
      .timeout(5000)
      .emitWithAck('push-points', { track_id: trackId, points: points(from, to) });
  /** Pushes [from, to] in batches of 10, each accepted. */
  const ride = async (socket: RideClient, trackId: number, from: number, to: number) => {
    for (let at = from; at <= to; at += 10) {
      const pushed = await push(socket, trackId, at, Math.min(to, at + 9));
      if (!pushed.ok) throw new Error(pushed.message);
    }
  };
  const stop = (socket: RideClient, m: Member, race: { url: string }, trackId: number) =>
    socket.timeout(5000).emitWithAck('stop-track', {
      discard_track: false,
      raceUrl: race.url,
      trackId,
      userId: m.user.id,
    });
  /** The test's stand-in for riding time: the ride was opened and started `seconds` ago. */
  const agedBy = async (trackId: number, seconds: number) => {
    const ago = sql`now() - make_interval(secs => ${seconds})`;
    await s.database.db
      .update(tracks)
      .set({ createdAt: ago, startedAt: ago })
      .where(eq(tracks.id, trackId));
  };
  const statusOf = async (trackId: number) => {
    const [row] = await s.database.db
      .select({ status: tracks.status, duration: tracks.duration })
      .from(tracks)
      .where(eq(tracks.id, trackId));
    return row ?? null;
  };
  const recording = async (m: Member) =>
    (
      await s.database.db
        .select({ id: tracks.id })
        .from(tracks)
        .where(and(eq(tracks.userId, m.user.id), eq(tracks.status, 'recording')))
    ).map((r) => r.id);
  const stats = async (m: Member) => {
    const body = await json<UserStats>(
      await s.get(`/api/v1/user/data?user_id=${m.user.id}`, m.token),
    );
    return { rides: body.processed_rides.allRides, minutes: body.processed_time.allTime };
  };

  it('a second ride side by side closes and saves the first; its socket is told why', async () => {
    const rider = await member(s, { name: 'Twotabs' });
    const other = await member(s, { name: 'Neighbour' });
    const race = await video(s, owner, { duration: 600 });
    const [tab1, tab2, theirs] = await Promise.all([
      sockets.connect(rider),
      sockets.connect(rider),
      sockets.connect(other),
    ]);
    const first = await add(tab1, rider, race, 'tab-1');
    await agedBy(first.track_id, 200);
    await ride(tab1, first.track_id, 0, 59);
    // Another member's ride, recording meanwhile, is not theirs to close.
    const neighbour = await add(theirs, other, race, 'theirs');
    await agedBy(neighbour.track_id, 200);
    await ride(theirs, neighbour.track_id, 0, 9);

    const second = await add(tab2, rider, race, 'tab-2');
    expect(second.track_id).not.toBe(first.track_id);
    // Saved as a stop-track would have, with its 60 seconds, before the answer.
    expect(await statusOf(first.track_id)).toEqual({ status: 'saved', duration: 60 });
    expect(await recording(rider)).toEqual([second.track_id]);
    expect(await push(tab1, first.track_id, 60, 69)).toEqual({
      ok: false,
      message: SUPERSEDED_MESSAGE,
    });
    expect(await stats(rider)).toEqual({ rides: 1, minutes: 1 });

    // The new ride records and saves as any other; the old tab's stop-track finds it saved.
    await agedBy(second.track_id, 100);
    await ride(tab2, second.track_id, 0, 29);
    expect(await stop(tab2, rider, race, second.track_id)).toMatchObject({ ok: true, saved: true });
    expect(await stop(tab1, rider, race, first.track_id)).toMatchObject({ ok: true, saved: true });
    expect(await stats(rider)).toEqual({ rides: 2, minutes: 1.5 });

    // The neighbour rode on throughout.
    expect(await recording(other)).toEqual([neighbour.track_id]);
    expect(await push(theirs, neighbour.track_id, 10, 19)).toMatchObject({ ok: true });
  });

  it('a ride resumed after a restart keeps recording; resending an old one closes nothing', async () => {
    const rider = await member(s, { name: 'Resumer' });
    const race = await video(s, owner, { duration: 600 });
    const before = await sockets.connect(rider);
    const opened = await add(before, rider, race, 'resumed');
    await agedBy(opened.track_id, 200);
    await ride(before, opened.track_id, 0, 19);
    before.close();

    // The app reconnects to a server process started since (a restart: it knows nothing of
    // the ride) and names its ride again.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ra-restarted-'));
    const restarted = await listenApp({ database: s.database, dataDir });
    const after = await connectRide({ baseUrl: restarted.baseUrl }, rider.token);
    try {
      const resumed = await add(after, rider, race, 'resumed');
      expect(resumed).toMatchObject({ track_id: opened.track_id, last_elapsed_time: 19 });
      await ride(after, opened.track_id, 20, 39);
      expect(await recording(rider)).toEqual([opened.track_id]);

      // An app restarted after a crash starts afresh and rides at once; the crashed ride keeps
      // its seconds.
      const fresh = await add(after, rider, race, 'after-crash');
      expect(await statusOf(opened.track_id)).toEqual({ status: 'saved', duration: 40 });
      // A late resend of the old ride's add-track does not close the one riding now.
      const late = await sockets.connect(rider);
      expect(await add(late, rider, race, 'resumed')).toMatchObject({
        track_id: opened.track_id,
      });
      expect(await recording(rider)).toEqual([fresh.track_id]);
      expect(await push(after, fresh.track_id, 0, 9)).toMatchObject({ ok: true });
    } finally {
      after.close();
      await restarted.app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('a ride without seconds closed by a newer one is removed, as an empty stop-track', async () => {
    const rider = await member(s, { name: 'Emptyfirst' });
    const race = await video(s, owner, { duration: 600 });
    const socket = await sockets.connect(rider);
    // Document 001's payload (no client ride id), then the web app's on another video.
    const bare = await add(socket, rider, race);
    const other = await video(s, owner, { duration: 300 });
    const next = await add(socket, rider, other, 'web');
    expect(await statusOf(bare.track_id)).toBeNull();
    expect(await recording(rider)).toEqual([next.track_id]);
  });

  it('add-tracks at once on two processes leave one recording ride', async () => {
    const rider = await member(s, { name: 'Racer' });
    const race = await video(s, owner, { duration: 600 });
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ra-one-ride-'));
    const other = await listenApp({ database: s.database, dataDir });
    try {
      const here = await sockets.connect(rider);
      const there = await connectRide({ baseUrl: other.baseUrl }, rider.token);
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all([
          add(here, rider, race, `here-${round}`),
          add(there, rider, race, `there-${round}`),
        ]);
        const open = await recording(rider);
        expect(open).toHaveLength(1);
        expect(answers.map((a) => a.track_id)).toContain(open[0]);
      }
      there.close();
    } finally {
      await other.app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('rides recorded side by side before the rule count once in the stats', async () => {
    const rider = await member(s, { name: 'Legacy' });
    const race = await video(s, owner, { duration: 600 });
    // Two recording rides at once, as several tabs made them before one recording per member.
    const legacy = await s.database.db
      .insert(tracks)
      .values(
        ['old-a', 'old-b'].map((id) => ({
          userId: rider.user.id,
          raceId: race.id,
          raceUrl: race.url,
          title: 'x',
          clientRideId: id,
          createdAt: sql`now() - interval '200 seconds'`,
          startedAt: sql`now() - interval '200 seconds'`,
        })),
      )
      .returning({ id: tracks.id });
    const [a, b] = legacy.map((t) => t.id);
    if (a === undefined || b === undefined) throw new Error('no legacy rides');
    const socket = await sockets.connect(rider);
    await ride(socket, a, 0, 59);
    await ride(socket, b, 0, 119);
    expect(await stop(socket, rider, race, a)).toMatchObject({ ok: true, saved: true });
    expect(await stop(socket, rider, race, b)).toMatchObject({ ok: true, saved: true });
    // Both saved (the activities list shows both), the overlapping second not in the stats.
    expect(await stats(rider)).toEqual({ rides: 1, minutes: 1 });
    // Deleting the counted one brings the other into the stats.
    expect((await s.get(`/api/v1/tracks/${a}/delete`, rider.token)).status).toBe(200);
    expect(await stats(rider)).toEqual({ rides: 1, minutes: 2 });
    expect((await s.get(`/api/v1/tracks/${b}/delete`, rider.token)).status).toBe(200);
    expect(await stats(rider)).toEqual({ rides: 0, minutes: 0 });
  });
});
