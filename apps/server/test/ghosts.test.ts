import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GhostPointsResponse, GhostsResponse } from '@ridealong/contracts';
import { tracks, users } from '../src/db/schema.js';
import type { TestServer } from './harness.js';
import { backends } from './harness.js';
import { json, member, type Member } from './races-fixtures.js';
import {
  addTrack,
  REACTIVE,
  reactivePointsAt,
  saveRide,
  type AddTrackExtras,
  type Video,
} from './reactive-fixtures.js';
import { rideSuite, slopeVideo } from './ride-fixtures.js';

/**
 * Ghosts by distance (issue 26, docs/ride.md "Ghosts"): a video's reactive rides at 100 % ranked
 * by the farthest distance then the fewest seconds, offered as the member's own best, the
 * leaders and the rides around own best, with their points by ride second; steady rides and
 * rides at another difficulty never appear; a reactive ride has no steady standings.
 */

describe.each(backends)('ghosts by distance on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  const sockets = rideSuite(backend, (suite) => ({ s, owner } = suite));

  /** Rides [0, last] over a new socket and saves it; `mps` null: steady points. */
  async function ride(
    rider: Member,
    race: Video,
    last: number,
    mps: number | null,
    extra: AddTrackExtras = {},
  ) {
    const socket = await sockets.connect(rider);
    const { trackId } = await saveRide(s, socket, rider, race, {
      last,
      batch: 30,
      extra,
      points: mps === null ? undefined : (from, to) => reactivePointsAt(from, to, mps, 0.5),
    });
    return { trackId, socket };
  }

  const ghostsOf = async (race: Video, m: Member) =>
    json<GhostsResponse>(await s.get(`/api/v1/race/${race.id}/ghosts`, m.token));
  const pointsOf = async (race: Video, m: Member, ids: number[], from: number) =>
    json<GhostPointsResponse>(
      await s.get(
        `/api/v1/race/${race.id}/ghosts/points?tracks=${ids.join(',')}&from=${from}`,
        m.token,
      ),
    );

  it('Reactive ride ranks by distance', async () => {
    // 120 s of video at 8 m/s: the route is 960 m.
    const race = await slopeVideo(s, owner, 120);
    const [ann, bob, cid, dee] = await Promise.all(
      ['Ann', 'Bob', 'Cid', 'Dee'].map((name) => member(s, { name })),
    );
    if (!ann || !bob || !cid || !dee) throw new Error('members');
    await s.database.db.update(users).set({ weight: 61.5 }).where(eq(users.id, ann.user.id));
    const a = (await ride(ann, race, 89, 12, REACTIVE)).trackId; // 960 m at 80 s
    const b = (await ride(bob, race, 99, 10, REACTIVE)).trackId; // 960 m at 96 s
    const c1 = (await ride(cid, race, 59, 8, REACTIVE)).trackId; // 472 m at 59 s
    const c2 = (await ride(cid, race, 39, 9, REACTIVE)).trackId; // 351 m at 39 s
    const steadyTrack = (await ride(dee, race, 59, null)).trackId;
    const easy = (await ride(dee, race, 59, 20, { mode: 'reactive', difficulty: 80 })).trackId;

    const [stored] = await s.database.db.select().from(tracks).where(eq(tracks.id, a));
    expect(stored).toMatchObject({ reactiveDistance: 960, reactiveSeconds: 80 });
    for (const id of [steadyTrack, easy]) {
      const [other] = await s.database.db.select().from(tracks).where(eq(tracks.id, id));
      expect(other?.reactiveDistance).toBeNull();
    }

    const got = await ghostsOf(race, cid);
    expect(got.leaders.map((g) => [g.track_id, g.rank, g.distance, g.seconds, g.finished])).toEqual(
      [
        [a, 1, 960, 80, true],
        [b, 2, 960, 96, true],
        [c1, 3, 472, 59, false],
        [c2, 4, 351, 39, false],
      ],
    );
    expect(got.leaders[0]).toMatchObject({
      user_id: ann.user.id,
      display_name: 'Ann',
      weight: 61.5,
      average_power: 200,
    });
    expect(got.own).toMatchObject({ track_id: c1, rank: 3, user_id: cid.user.id });
    expect(got.around.map((g) => [g.track_id, g.rank])).toEqual([
      [a, 1],
      [b, 2],
      [c2, 4],
    ]);
    expect(got.chosen).toEqual([c1, b, c2, a]);

    // Dee has no ranked ride: no own best, the leaders chosen; her rides appear nowhere.
    const dees = await ghostsOf(race, dee);
    expect(dees.own).toBeNull();
    expect(dees.around).toEqual([]);
    expect(dees.chosen).toEqual([a, b, c1, c2]);

    // Points: only the ranked reactive rides of this video, by ride second.
    const other = await slopeVideo(s, owner, 60);
    const elsewhere = (await ride(ann, other, 29, 10, REACTIVE)).trackId;
    const w0 = await pointsOf(race, dee, [steadyTrack, easy, c1, a, elsewhere, b], 0);
    expect(w0.from).toBe(0);
    expect(w0.series.map((x) => x.track_id)).toEqual([a, b, c1]);
    const [sa, sb, sc] = w0.series;
    expect(sa?.distance).toHaveLength(90);
    expect(sa?.distance.slice(0, 3)).toEqual([0, 12, 24]);
    expect(sa?.distance.at(-1)).toBe(960); // capped at the route's end
    expect(sa?.power.every((w) => w === 200)).toBe(true);
    expect(sb?.distance).toHaveLength(100);
    expect(sc?.distance).toHaveLength(60);
    const w60 = await pointsOf(race, dee, [a, c1], 60);
    expect(w60.series.map((x) => [x.track_id, x.distance.length])).toEqual([
      [a, 30],
      [c1, 0],
    ]);
    expect(w60.series[0]?.distance[0]).toBe(720);
    expect((await pointsOf(race, dee, [elsewhere], 0)).series).toEqual([]);

    // A window across two stored windows (seconds 100-219 of a ride of 200 s at 2 m/s).
    const long = await slopeVideo(s, owner, 300);
    const far = (await ride(ann, long, 199, 2, REACTIVE)).trackId;
    const [across] = (await pointsOf(long, dee, [far], 100)).series;
    expect(across?.distance).toHaveLength(100);
    expect([across?.distance[0], across?.distance[20], across?.distance.at(-1)]).toEqual([
      200, 240, 398,
    ]);
  });

  it('offers half above and half below own best among many rides, ties by time then id', async () => {
    const race = await slopeVideo(s, owner, 120);
    const riders = await Promise.all(['Eve', 'Fay', 'Gus'].map((name) => member(s, { name })));
    // 30 rides: distances 10 * (30 - i) m, each pair tying on distance (then seconds, then id).
    const rows = await s.database.db
      .insert(tracks)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          userId: riders[i % 3]?.user.id ?? 0,
          raceId: race.id,
          raceUrl: race.url,
          title: 'Ride',
          clientRideId: randomUUID(),
          status: 'saved' as const,
          rideMode: 'reactive' as const,
          difficulty: 100,
          totalDistance: 10 * (30 - Math.floor(i / 2)),
          duration: 100,
          accumulatedPower: 15_000,
          reactiveDistance: 10 * (30 - Math.floor(i / 2)),
          reactiveSeconds: 100,
        })),
      )
      .returning({ id: tracks.id, userId: tracks.userId });
    const ids = rows.map((r) => r.id);
    const gus = riders[2];
    if (!gus) throw new Error('members');
    // Gus's best: the 3rd ride (index 2).
    const got = await ghostsOf(race, gus);
    expect(got.own).toMatchObject({ track_id: ids[2], rank: 3, average_power: 150 });
    expect(got.leaders.map((g) => g.track_id)).toEqual(ids.slice(0, 10));
    expect(got.leaders.map((g) => g.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Two above (all there are), so eight below.
    expect(got.around.map((g) => g.track_id)).toEqual([...ids.slice(0, 2), ...ids.slice(3, 11)]);
    expect(got.around.map((g) => g.rank)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(got.chosen).toHaveLength(10);
    expect(got.chosen.slice(0, 4)).toEqual([ids[2], ids[1], ids[3], ids[0]]);

    // Gus's best moves to the middle: five above, five below.
    await s.database.db.delete(tracks).where(eq(tracks.userId, gus.user.id));
    await s.database.db.insert(tracks).values({
      userId: gus.user.id,
      raceId: race.id,
      raceUrl: race.url,
      title: 'Ride',
      clientRideId: randomUUID(),
      status: 'saved',
      rideMode: 'reactive',
      difficulty: 100,
      reactiveDistance: 205,
      reactiveSeconds: 50,
    });
    const mid = await ghostsOf(race, gus);
    // Left: 14 rides farther than 205 m (ids 0-19 but Gus's), 6 shorter.
    expect(mid.own?.rank).toBe(15);
    const rank = mid.own?.rank ?? 0;
    expect(mid.around.map((g) => g.rank)).toEqual([
      rank - 5,
      rank - 4,
      rank - 3,
      rank - 2,
      rank - 1,
      rank + 1,
      rank + 2,
      rank + 3,
      rank + 4,
      rank + 5,
    ]);
    expect(mid.around.every((g, i, all) => i === 0 || all[i - 1]!.distance >= g.distance)).toBe(
      true,
    );
  });

  it('refuses guests, plans that cannot play the video, bad ids and windows: 4xx, never 500', async () => {
    const race = await slopeVideo(s, owner, 30);
    const rider = await member(s, { name: 'Ivy' });
    const free = await member(s, { name: 'Free' });
    await s.database.db
      .update(users)
      .set({ accountLevel: 'free' })
      .where(eq(users.id, free.user.id));
    const status = async (p: string, token?: string) => (await s.get(p, token)).status;
    const base = `/api/v1/race/${race.id}`;
    expect(await status(`${base}/ghosts`)).toBe(401);
    expect(await status(`${base}/ghosts/points?tracks=1&from=0`)).toBe(401);
    expect(await status(`${base}/ghosts`, free.token)).toBe(403);
    expect(await status(`${base}/ghosts/points?tracks=1&from=0`, free.token)).toBe(403);
    expect(await status(`/api/v1/race/2000000000/ghosts`, rider.token)).toBe(404);
    expect(await status(`/api/v1/race/2000000000/ghosts/points?tracks=1&from=0`, rider.token)).toBe(
      404,
    );
    for (const bad of ['abc', '0', '-1', '1.5', '2147483648', '99999999999', race.url]) {
      expect(await status(`/api/v1/race/${bad}/ghosts`, rider.token), bad).toBe(400);
    }
    const eleven = Array.from({ length: 11 }, (_, i) => i + 1).join(',');
    for (const query of [
      `tracks=${eleven}&from=0`,
      'tracks=&from=0',
      'from=0',
      'tracks=1',
      'tracks=1,,2&from=0',
      'tracks=0&from=0',
      'tracks=abc&from=0',
      'tracks=1;drop%20table%20tracks&from=0',
      "tracks=1'&from=0",
      'tracks=%00&from=0',
      'tracks=4294967296&from=0',
      'tracks=2147483648&from=0',
      'tracks=99999999999&from=0',
      'tracks=1&from=-1',
      'tracks=1&from=1e3',
      'tracks=1&from=21601',
      'tracks=1&from=999999999999',
      'tracks=1&from=abc',
    ]) {
      expect(await status(`${base}/ghosts/points?${query}`, rider.token), query).toBe(400);
    }
    // Unknown and repeated ids are fine, and answer nothing for them.
    const ok = await pointsOf(race, rider, [2_147_483_647, 1, 1], 21_600);
    expect(ok).toEqual({ from: 21_600, series: [] });
  });

  it('refuses the steady history leaderboard for a reactive ride, steady unchanged', async () => {
    const race = await slopeVideo(s, owner, 60);
    const rider = await member(s, { name: 'Jo' });
    const message = 'Reactive rides have no steady standings: their ghosts ride by distance.';
    const steadyRide = await ride(rider, race, 29, null);
    // A saved reactive ride asked by id from a new socket, and a recording one by default.
    const saved = (await ride(rider, race, 29, 10, REACTIVE)).trackId;
    const asker = await sockets.connect(rider);
    const byId = await asker.emitWithAck('history-leaderboard', {
      raceUrl: race.url,
      elapsed_time: 10,
      track_id: saved,
    });
    expect(byId).toEqual({ ok: false, message });
    const live = await sockets.connect(rider);
    await addTrack(live, rider, race, REACTIVE);
    const byDefault = await live.emitWithAck('history-leaderboard', {
      raceUrl: race.url,
      elapsed_time: 5,
    });
    expect(byDefault).toEqual({ ok: false, message });
    const steadyAnswer = await steadyRide.socket.emitWithAck('history-leaderboard', {
      raceUrl: race.url,
      elapsed_time: 10,
      track_id: steadyRide.trackId,
    });
    expect(steadyAnswer).toMatchObject({ ok: true, start: 10 });
  });
});
