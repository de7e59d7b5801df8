import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UserStats } from '@ridealong/contracts';
import { jobs, tracks } from '../src/db/schema.js';
import { appDomainEvents } from './domain-events-fixture.js';
import { staleRidesSweep } from '../src/modules/tracks/stale-rides-sweep.js';
import { backends, type TestServer } from './harness.js';
import { json, member, video, type Member } from './races-fixtures.js';
import { points, rideSuite, type RideClient } from './ride-fixtures.js';

/**
 * The workers' stale-rides sweep (docs/ride.md, 'Stale rides'): a ride silent for
 * RIDE_ABANDON_HOURS is saved when it holds seconds and removed when not, as a resent
 * stop-track would; a live ride is left alone; two workers sweeping at once save each once.
 */
const silent = { info: () => undefined, error: () => undefined };
const HOUR = 3600_000;

describe.each(backends)('the stale-rides sweep on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  const sockets = rideSuite(backend, (suite) => ({ s, owner } = suite));
  const sweepOf = () =>
    staleRidesSweep({
      db: s.database.db,
      events: appDomainEvents(s.database.db),
      staleAfterMs: 6 * HOUR,
      log: silent,
    });

  /** A ride opened through /ride with [0, last] pushed (none when last is -1), `silentHours` ago. */
  async function rideOf(
    socket: RideClient,
    m: Member,
    race: { id: number; url: string },
    last: number,
    silentHours: number,
  ) {
    const added = await socket.timeout(5000).emitWithAck('add-track', {
      race_id: race.id,
      race_url: race.url,
      user_id: m.user.id,
      client_ride_id: `stale-${m.user.id}-${last}`,
    });
    if (!added.ok) throw new Error(added.message);
    const ago = sql`now() - make_interval(secs => ${200 + silentHours * 3600})`;
    await s.database.db
      .update(tracks)
      .set({ createdAt: ago, startedAt: ago })
      .where(eq(tracks.id, added.track_id));
    for (let at = 0; at <= last; at += 10) {
      const pushed = await socket.timeout(5000).emitWithAck('push-points', {
        track_id: added.track_id,
        points: points(at, Math.min(last, at + 9)),
      });
      if (!pushed.ok) throw new Error(pushed.message);
    }
    await s.database.db
      .update(tracks)
      .set({ updatedAt: sql`now() - make_interval(secs => ${silentHours * 3600})` })
      .where(eq(tracks.id, added.track_id));
    return added.track_id;
  }
  const statusOf = async (trackId: number) => {
    const [row] = await s.database.db
      .select({ status: tracks.status, duration: tracks.duration })
      .from(tracks)
      .where(eq(tracks.id, trackId));
    return row ?? null;
  };
  const stats = async (m: Member) => {
    const body = await json<UserStats>(
      await s.get(`/api/v1/user/data?user_id=${m.user.id}`, m.token),
    );
    return { rides: body.processed_rides.allRides, minutes: body.processed_time.allTime };
  };
  const savedJobs = async (trackIds: number[]) =>
    (
      await s.database.db
        .select({ payload: jobs.payload })
        .from(jobs)
        .where(eq(jobs.name, 'track.saved'))
    ).filter((j) => trackIds.includes((j.payload as { trackId: number }).trackId)).length;

  it('saves a stale ride with seconds, removes one without, leaves a live one alone', async () => {
    const [gone, empty, live] = await Promise.all(
      ['Gone', 'Emptied', 'Live'].map((name) => member(s, { name })),
    );
    if (!gone || !empty || !live) throw new Error('no members');
    const race = await video(s, owner, { duration: 600 });
    const goneSocket = await sockets.connect(gone);
    const emptySocket = await sockets.connect(empty);
    const liveSocket = await sockets.connect(live);
    const stale = await rideOf(goneSocket, gone, race, 59, 7);
    const nothing = await rideOf(emptySocket, empty, race, -1, 7);
    const riding = await rideOf(liveSocket, live, race, 29, 5);

    const sweep = sweepOf();
    expect(await sweep.sweep()).toEqual({ saved: [stale], removed: [nothing] });
    expect(await statusOf(stale)).toEqual({ status: 'saved', duration: 60 });
    expect(await statusOf(nothing)).toBeNull();
    expect(await stats(gone)).toEqual({ rides: 1, minutes: 1 });
    expect(await savedJobs([stale])).toBe(1);
    // The app that comes back after all is told its ride was saved.
    const late = await goneSocket.timeout(5000).emitWithAck('push-points', {
      track_id: stale,
      points: points(60, 69),
    });
    expect(late).toEqual({ ok: false, message: 'This ride has already been saved.' });

    // The live ride (silent 5 of 6 hours) rides on; a second run finds nothing.
    expect(await statusOf(riding)).toEqual({ status: 'recording', duration: 0 });
    expect(await sweep.sweep()).toEqual({ saved: [], removed: [] });
    const pushed = await liveSocket.timeout(5000).emitWithAck('push-points', {
      track_id: riding,
      points: points(30, 39),
    });
    expect(pushed).toMatchObject({ ok: true });
  });

  it('two workers sweeping at once save each stale ride once', async () => {
    const race = await video(s, owner, { duration: 600 });
    const riders = await Promise.all(
      Array.from({ length: 6 }, (_, i) => member(s, { name: `Left${i}` })),
    );
    const ids: number[] = [];
    for (const m of riders) ids.push(await rideOf(await sockets.connect(m), m, race, 19, 8));
    const [one, two] = [sweepOf(), sweepOf()];
    const results = await Promise.all([one.sweep(), two.sweep()]);
    const saved = results.flatMap((r) => r.saved).sort((a, b) => a - b);
    // Each ride claimed by exactly one of them.
    expect(saved).toEqual([...ids].sort((a, b) => a - b));
    expect(results.flatMap((r) => r.removed)).toEqual([]);
    const rows = await s.database.db
      .select({ status: tracks.status })
      .from(tracks)
      .where(inArray(tracks.id, ids));
    expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'saved'));
    expect(await savedJobs(ids)).toBe(ids.length);
    for (const m of riders) expect(await stats(m)).toEqual({ rides: 1, minutes: 0.3 });
  });
});
