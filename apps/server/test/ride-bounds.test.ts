import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { Decoder, Stream } from '@garmin/fitsdk';
import type { RidePoint, UserStats } from '@ridealong/contracts';
import { trackPoints, tracks } from '../src/db/schema.js';
import { RIDE_BOUNDS } from '../src/modules/tracks/ride-bounds.js';
import { loopDelayDuring, type LoopMeasure } from './gradients-fixtures.js';
import { backends, type Backend, type TestServer } from './harness.js';
import { json, member, video, type Member } from './races-fixtures.js';
import { next, points, rideSuite, startedAgo, type RideClient } from './ride-fixtures.js';

/**
 * The longest the server's own work may hold its event loop while a ride is saved (held time,
 * less waits for a CPU: gradients-fixtures.ts). PGlite runs every query on that same loop, and
 * on a busy runner shows 110-130 ms at times, so there it is twice as long (a hold of 300 ms
 * still fails both).
 */
const LOOP_BUDGET_MS: Record<Backend['name'], number> = { postgres: 100, pglite: 200 };

describe.each(backends)('the bounds of a ride on $name', (backend) => {
  let s: TestServer;
  let owner: Member;
  const sockets = rideSuite(backend, (suite) => ({ s, owner } = suite));

  /** add-track on `race`: the track's id. */
  const open = async (socket: RideClient, rider: Member, race: { id: number; url: string }) => {
    const added = await socket.emitWithAck('add-track', {
      race_id: race.id,
      race_url: race.url,
      user_id: rider.user.id,
      client_ride_id: randomUUID(),
    });
    if (!added.ok) throw new Error(added.message);
    return added.track_id;
  };
  const push = (socket: RideClient, trackId: number, batch: RidePoint[]) =>
    socket.emitWithAck('push-points', { track_id: trackId, points: batch });
  const stop = (socket: RideClient, rider: Member, race: { url: string }, trackId: number) =>
    socket.emitWithAck('stop-track', {
      discard_track: false,
      raceUrl: race.url,
      trackId,
      userId: rider.user.id,
    });
  const stats = async (m: Member) =>
    json<UserStats>(await s.get(`/api/v1/user/data?user_id=${m.user.id}`, m.token));
  const storedCount = async (trackId: number) => {
    const [row] = await s.database.db
      .select({ n: count() })
      .from(trackPoints)
      .where(eq(trackPoints.trackId, trackId));
    return row?.n ?? 0;
  };

  it('refuses the 24-hour ride of a 10-minute video, and leaves the stats untouched', async () => {
    const rider = await member(s, { name: 'Dayrider' });
    const race = await video(s, owner, { duration: 600 });
    const socket = await sockets.connect(rider);
    const trackId = await open(socket, rider, race);
    // Even a day after add-track, the video allows no second past its end.
    await startedAgo(s, 86_400)(trackId);
    const [first, last] = [points(0, 0)[0]!, { ...points(0, 0)[0]!, elapsed_time: 86_399 }];
    const pastTheEnd = 'Second 86399 is past the end of this video (611 s at most).';
    expect(await push(socket, trackId, [first, last])).toEqual({ ok: false, message: pastTheEnd });
    // Without an acknowledgement, the refusal is the ride-error event (each answer once).
    const refused = next(socket, 'ride-error');
    socket.emit('push-points', { track_id: trackId, points: [first, last] });
    expect(await refused).toEqual({ event: 'push-points', message: pastTheEnd });
    expect(await storedCount(trackId)).toBe(0);
    expect(await stop(socket, rider, race, trackId)).toEqual({
      ok: false,
      message: 'Nothing was recorded for this ride.',
    });
    const after = await stats(rider);
    expect(after.processed_rides.allRides).toBe(0);
    expect(after.processed_time.allTime).toBe(0);
    expect(after.processed_distance.allDistance).toBe(0);
  });

  it('refuses more video than time since add-track, far-off times and impossible distance', async () => {
    const rider = await member(s, { name: 'Hasty' });
    const race = await video(s, owner, { duration: 600 });
    const socket = await sockets.connect(rider);
    const trackId = await open(socket, rider, race);
    // Just opened: the whole video at once is 10 minutes too early.
    expect(await push(socket, trackId, points(0, 599))).toEqual({
      ok: false,
      message: 'This ride began 0 s ago: it cannot be at second 599 yet.',
    });
    const stale = points(0, 9).map((p) => ({ ...p, timestamp: p.timestamp - 86_400_000 }));
    expect(await push(socket, trackId, stale)).toMatchObject({
      ok: false,
      message: "The time of second 0 is off: please check this device's clock.",
    });
    const teleport = points(0, 9).map((p, i) => (i === 5 ? { ...p, distance: 5000 } : p));
    expect(await push(socket, trackId, teleport)).toMatchObject({
      ok: false,
      message: 'The distance at second 5 is faster than can be ridden.',
    });
    expect(await storedCount(trackId)).toBe(0);
    // The honest first seconds are taken, and again when re-sent.
    expect(await push(socket, trackId, points(0, 9))).toMatchObject({ ok: true });
    expect(await push(socket, trackId, points(0, 9))).toMatchObject({ ok: true });
    expect(await storedCount(trackId)).toBe(10);
  });

  it('saves a full ride of a video to its end plus the tolerance as before, not a second more', async () => {
    const rider = await member(s, { name: 'Steady' });
    const race = await video(s, owner, { duration: 600, title: 'Full ride' });
    const socket = await sockets.connect(rider);
    const trackId = await open(socket, rider, race);
    await startedAgo(s, 640)(trackId);
    for (let from = 0; from <= 611; from += 100) {
      const pushed = await push(socket, trackId, points(from, Math.min(611, from + 99)));
      expect(pushed).toMatchObject({ ok: true });
    }
    expect(await push(socket, trackId, points(612, 612))).toMatchObject({
      ok: false,
      message: 'Second 612 is past the end of this video (611 s at most).',
    });
    const saved = await stop(socket, rider, race, trackId);
    if (!saved.ok || !saved.track) throw new Error('not saved');
    expect(saved.track).toMatchObject({
      duration: 612,
      total_distance: 611 * 8,
      accumulated_power: 612 * 200,
    });
    expect(await storedCount(trackId)).toBe(612);
    const after = await stats(rider);
    expect(after.processed_rides.allRides).toBe(1);
    expect(after.processed_time.allTime).toBe(10.2);
    expect(after.processed_power.allPower).toBe(200);
  });

  it('holds the event loop under 100 ms (PGlite: 200), /healthz answering, while the longest ride allowed is saved and exported', async () => {
    const longest = RIDE_BOUNDS.maxRideSeconds;
    // Each try a new rider on a new video: one member's rides of the same hours would overlap.
    const ready = async () => {
      const rider = await member(s, { name: 'Ultra' });
      const race = await video(s, owner, { duration: longest, title: 'Ultra' });
      const socket = await sockets.connect(rider);
      const trackId = await open(socket, rider, race);
      await startedAgo(s, longest + 60)(trackId);
      // Its first and last seconds only: the save fills every second between.
      const ends = [points(0, 0)[0]!, points(longest, longest)[0]!];
      expect(await push(socket, trackId, ends)).toMatchObject({ ok: true });
      return { rider, race, socket, trackId };
    };
    const healthz = async (into: number[]) => {
      const started = performance.now();
      const health = await s.get('/healthz');
      into.push(performance.now() - started);
      expect(health.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    // A first answer before the work: the client's connection is not the work's cost.
    expect((await s.get('/healthz')).status).toBe(200);
    // The same polls with nothing to do, for the report. A poll's latency also counts its waits
    // for a core (on a busy runner 150-300 ms while the loop was held 50), so the bound is on
    // the time the loop was held, which a held loop shows without such noise.
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) await healthz(idle);
    /** Saves and exports a ride while /healthz is polled (each answer's latency kept). */
    const saveAndExport = async ({
      rider,
      race,
      socket,
      trackId,
    }: Awaited<ReturnType<typeof ready>>) => {
      const latencies: number[] = [];
      let busy = true;
      const poll = (async () => {
        while (busy) await healthz(latencies);
      })();
      try {
        const saved = await stop(socket, rider, race, trackId);
        const fit = await s.get(`/api/v1/tracks/${trackId}/fit`, rider.token);
        return { trackId, saved, fit: new Uint8Array(await fit.arrayBuffer()), latencies };
      } finally {
        busy = false;
        await poll;
      }
    };
    // Noise (a GC pause, a moment without a core) can spoil one try; a loop the server holds
    // over its budget spoils each of the three.
    const tries: Array<Awaited<ReturnType<typeof saveAndExport>> & LoopMeasure> = [];
    const good = (t: LoopMeasure) => t.heldMaxMs < LOOP_BUDGET_MS[backend.name];
    for (let i = 0; i < 3 && !tries.some(good); i++) {
      const ride = await ready();
      const m = await loopDelayDuring(() => saveAndExport(ride));
      tries.push({ ...m.result, heldMaxMs: m.heldMaxMs, delayMaxMs: m.delayMaxMs });
    }
    const figures = tries.map(
      (t) =>
        `held ${t.heldMaxMs.toFixed(1)} ms (delay ${t.delayMaxMs.toFixed(1)}), ` +
        `/healthz worst ${Math.max(...t.latencies).toFixed(1)} ms of ${t.latencies.length}`,
    );
    console.info(
      `${backend.name}: idle worst ${Math.max(...idle).toFixed(1)} ms; ${figures.join('; ')}`,
    );
    for (const { saved, trackId, fit, latencies } of tries) {
      expect(saved).toMatchObject({ ok: true, track: { duration: longest + 1 } });
      expect(await storedCount(trackId)).toBe(longest + 1);
      const decoded = new Decoder(Stream.fromByteArray(Array.from(fit))).read();
      expect(decoded.messages.recordMesgs).toHaveLength(longest + 1);
      expect(latencies.length).toBeGreaterThan(5);
      const [row] = await s.database.db.select().from(tracks).where(eq(tracks.id, trackId));
      expect(row?.status).toBe('saved');
    }
    expect(tries.some(good), figures.join('\n')).toBe(true);
    // Up to three saves of 6 hours each, PGlite's on a busy runner a dozen seconds or more.
  }, 120_000);
});
