import { describe, expect, it } from 'vitest';
import { FLOOD_MESSAGE } from '../src/modules/ride/flood-gate.js';
import { backends, type TestServer } from './harness.js';
import { member, type Member } from './races-fixtures.js';
import { points, rideSuite, rideThrough, slopeVideo, type RideClient } from './ride-fixtures.js';

/**
 * Hostile input on the events whose payloads became optional (issue 12): other members' track
 * ids, absurd numbers and missing fields are answered with a message, never a crash.
 */
describe.each(backends)('the /ride channel’s defaults under hostile input on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  const sockets = rideSuite(backend, (suite) => ({ s, owner } = suite));

  it('refuses other members’ rides, absurd numbers and missing fields with a message', async () => {
    const race = await slopeVideo(s, owner, 60);
    const alice = await member(s, { name: 'Alice' });
    const mallory = await member(s, { name: 'Mallory' });
    const mine = await sockets.connect(alice);
    const aliceTrack = await rideThrough(mine, alice, race, 0, 9);
    const theirs = await sockets.connect(mallory);
    const say = (socket: RideClient, event: string, payload: unknown) =>
      (
        socket.timeout(5000) as unknown as {
          emitWithAck: (e: string, p: unknown) => Promise<unknown>;
        }
      ).emitWithAck(event, payload);
    const refused = (message: string | RegExp) => ({
      ok: false,
      message: typeof message === 'string' ? message : expect.stringMatching(message),
    });
    const notYours = refused('This ride belongs to another member.');
    // Nothing known on a fresh socket.
    expect(await say(theirs, 'push-points', { points: points(10, 12) })).toEqual(
      refused('Start the ride with add-track first.'),
    );
    expect(await say(theirs, 'history-leaderboard', {})).toEqual(refused(/^Which video\?/));
    // Alice's ride, named in the payload, in the points, or asked about.
    expect(
      await say(theirs, 'push-points', { track_id: aliceTrack, points: points(10, 12) }),
    ).toEqual(notYours);
    const named = points(10, 12).map((p) => ({ ...p, track_id: aliceTrack }));
    expect(await say(theirs, 'push-points', { points: named })).toEqual(notYours);
    expect(
      await say(theirs, 'history-leaderboard', { raceUrl: race.url, track_id: aliceTrack }),
    ).toEqual(notYours);
    const mixed = [
      { ...points(10, 10)[0]!, track_id: aliceTrack },
      { ...points(11, 11)[0]!, track_id: aliceTrack + 1 },
    ];
    expect(await say(mine, 'push-points', { points: mixed })).toEqual(
      refused('The points name more than one ride (track_id).'),
    );
    // Absurd numbers and missing fields name the field.
    for (const [payload, field] of [
      [{ raceUrl: race.url, elapsed_time: -1 }, 'elapsed_time'],
      [{ raceUrl: race.url, elapsed_time: 1e12 }, 'elapsed_time'],
      [{ raceUrl: race.url, elapsed_time: 'soon' }, 'elapsed_time'],
      [{ raceUrl: race.url, accumulated_power: -5 }, 'accumulated_power'],
      [{ raceUrl: race.url, accumulated_power: 1e20 }, 'accumulated_power'],
      [{ raceUrl: race.url, accumulated_power: null }, 'accumulated_power'],
      [{ raceUrl: race.url, track_id: -3 }, 'track_id'],
    ] as const) {
      expect(await say(mine, 'history-leaderboard', payload)).toEqual(refused(new RegExp(field)));
    }
    expect(await say(mine, 'history-leaderboard', { raceUrl: 'no-such-video' })).toEqual(
      refused('This video was not found.'),
    );
    expect(await say(mine, 'add-track', { race_url: race.url, user_id: alice.user.id })).toEqual(
      refused(/race_id/),
    );
    expect(
      await say(mine, 'add-track', {
        race_id: race.id,
        race_url: race.url,
        user_id: alice.user.id,
        client_ride_id: 'short',
      }),
    ).toEqual(refused(/client_ride_id/));
    const huge = points(10, 10).map((p) => ({ ...p, elapsed_time: 1e9 }));
    expect(await say(mine, 'push-points', { points: huge })).toEqual(refused(/elapsed_time/));
    expect(await say(mine, 'push-points', { points: [{ elapsed_time: 10 }] })).toEqual(
      refused(/accumulated_power/),
    );
    // Still riding: the socket's own ride takes a batch naming nothing.
    expect(await say(mine, 'push-points', { points: points(10, 19) })).toMatchObject({
      ok: true,
      track_id: aliceTrack,
    });
    expect(mine.connected && theirs.connected).toBe(true);
  });

  it('refuses a flood on one socket with a message, and serves it again at a rider’s pace', async () => {
    const race = await slopeVideo(s, owner, 60);
    const rider = await member(s, { name: 'Flood' });
    const socket = await sockets.connect(rider);
    await rideThrough(socket, rider, race, 0, 9);
    const ask = () =>
      (
        socket.timeout(10_000) as unknown as {
          emitWithAck: (e: string, p: unknown) => Promise<{ ok: boolean; message?: string }>;
        }
      ).emitWithAck('history-leaderboard', { raceUrl: race.url, elapsed_time: 5 });
    // 300 at once: the burst (60) goes through, the rest is refused before any query.
    const answers = await Promise.all(Array.from({ length: 300 }, ask));
    const flooded = answers.filter((a) => a.message === FLOOD_MESSAGE).length;
    const served = answers.filter((a) => a.ok).length;
    expect(served + flooded).toBe(300);
    expect(served).toBeGreaterThanOrEqual(50);
    expect(flooded).toBeGreaterThanOrEqual(200);
    expect((await s.get('/healthz')).status).toBe(200);
    // The bucket refills at 20 a second: the socket is served again, still connected.
    await expect.poll(async () => (await ask()).ok, { timeout: 5000, interval: 200 }).toBe(true);
    expect(socket.connected).toBe(true);
  });
});
