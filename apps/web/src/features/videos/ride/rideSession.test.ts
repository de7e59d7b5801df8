import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ControlEntry, RidePoint } from '@ridealong/contracts';
import type { TrainerControl } from './controlScheduler';
import { PointBuffer } from './pointBuffer';
import { RideSession } from './rideSession';
import {
  TransportError,
  type RideAnswer,
  type RideEventName,
  type RidePayload,
  type RideTransport,
} from './rideSocket';

type Call = { event: RideEventName; payload: unknown };

/** An in-memory '/ride' server: answers like the contract, can go offline and come back. */
class FakeChannel implements RideTransport {
  calls: Call[] = [];
  stored = new Set<number>();
  /** Every second the server was sent, with repeats (a resend after a lost ack). */
  sentSeconds: number[] = [];
  online = true;
  /** add-track answers to refuse before answering (a server still starting up). */
  refuseAddTrack = 0;
  private connectListeners = new Set<() => void>();
  private disconnectListeners = new Set<() => void>();
  controls: ControlEntry[] = [0, 4, 5, 12].map((t) => ({
    elapsed_time: t,
    slope: t / 2,
    road_feel_type: 'none',
    road_feel_intensity: 0,
    timestamp: t * 1000,
  }));

  async request<K extends RideEventName>(event: K, payload: RidePayload<K>) {
    this.calls.push({ event, payload });
    if (!this.online) throw new TransportError('The server did not answer.');
    if (event === 'add-track' && this.refuseAddTrack > 0) {
      this.refuseAddTrack -= 1;
      return { ok: false, message: 'The server is starting.' } as RideAnswer<K>;
    }
    return this.answer(event, payload) as RideAnswer<K>;
  }

  private answer(event: RideEventName, payload: unknown): unknown {
    switch (event) {
      case 'initialize-race':
        return {
          ok: true,
          race_id: 7,
          url: 'demo',
          title: 'Demo',
          duration: 60,
          slope_source_id: 2,
          history_count: 1,
        };
      case 'add-track':
        return { ok: true, track_id: 41, client_ride_id: 'x', last_elapsed_time: -1 };
      case 'control-request': {
        const p = payload as { startOfNeeded: number; endOfNeeded: number };
        const controls = this.controls.filter(
          (c) => c.elapsed_time >= p.startOfNeeded && c.elapsed_time < p.endOfNeeded,
        );
        return { ok: true, start: p.startOfNeeded, controls };
      }
      case 'history-leaderboard': {
        const p = payload as { elapsed_time: number };
        const other = {
          username: 'ghost',
          user_id: 2,
          url: 'demo',
          track_id: 5,
          elapsed_time: p.elapsed_time,
          accumulated_power: 150 * (p.elapsed_time + 1),
          power: 150,
          heart_rate: 0,
          cadence: 0,
          distance: 0,
          active: true,
        };
        return { ok: true, start: p.elapsed_time, leaderboard: [other] };
      }
      case 'push-points': {
        const p = payload as { points: RidePoint[] };
        for (const point of p.points) {
          this.stored.add(point.elapsed_time);
          this.sentSeconds.push(point.elapsed_time);
        }
        return { ok: true, track_id: 41, stored: p.points.map((x) => x.elapsed_time) };
      }
      case 'stop-track':
        return { ok: true, track_id: 41, saved: true, track: null };
    }
  }

  onConnect(listener: () => void) {
    this.connectListeners.add(listener);
    return () => void this.connectListeners.delete(listener);
  }

  onDisconnect(listener: () => void) {
    this.disconnectListeners.add(listener);
    return () => void this.disconnectListeners.delete(listener);
  }

  connected() {
    return this.online;
  }

  retryNow() {}

  connect() {
    this.online = true;
    for (const l of this.connectListeners) l();
  }

  /** The server process died or the network went: the channel says so at once. */
  drop() {
    this.online = false;
    for (const l of this.disconnectListeners) l();
  }

  close() {}

  of(event: RideEventName) {
    return this.calls.filter((c) => c.event === event).map((c) => c.payload);
  }
}

const settle = () => new Promise((r) => setTimeout(r, 20));
const sample = (power: number) => ({ power, cadence: 90, heart_rate: 130, speed: 8, distance: 0 });

let buffer: PointBuffer;
let channel: FakeChannel;
let sent: TrainerControl[];
let session: RideSession;

beforeEach(async () => {
  buffer = await PointBuffer.open(`session-${Math.random()}`);
  channel = new FakeChannel();
  sent = [];
  session = new RideSession({
    transport: channel,
    buffer,
    race: { id: 7, url: 'demo', title: 'Demo', slope_source_id: 2, duration: 60 },
    rider: { id: 3, username: 'rider', stravaAutoSave: true },
    clientRideId: 'ride-uuid-1234',
    sendControl: (c) => sent.push(c),
  });
  channel.connect(); // the first connection
  await session.begin(1);
});

afterEach(() => {
  session.dispose();
  buffer.close();
});

/** Rides seconds [from, to) with fresh samples, letting the async work run after each. */
async function rideSeconds(from: number, to: number, power = 200) {
  for (let t = from; t < to; t += 1) {
    session.tick(t + 0.1, t * 1000, sample(power), t * 1000);
    await settle();
  }
}

describe('RideSession', () => {
  it('announces the race and a track with the ride id', () => {
    expect(channel.of('initialize-race')).toEqual([{ url: 'demo', userId: 3, slope_source_id: 2 }]);
    expect(channel.of('add-track')).toEqual([
      expect.objectContaining({
        race_id: 7,
        race_url: 'demo',
        user_id: 3,
        client_ride_id: 'ride-uuid-1234',
      }),
    ]);
    expect(session.getSnapshot().trackId).toBe(41);
  });

  it('pushes every 10 s of video and forgets what the server stored', async () => {
    await rideSeconds(0, 10);
    expect(channel.of('push-points')).toHaveLength(0);
    await rideSeconds(10, 11);
    expect(channel.of('push-points')).toHaveLength(1);
    expect([...channel.stored].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await buffer.unconfirmed('ride-uuid-1234')).toEqual([]);
    expect(session.getSnapshot()).toMatchObject({ accumulatedPower: 2200, elapsedSeconds: 11 });
  });

  it('after a dropped connection re-adds the same track and resends every unconfirmed point', async () => {
    await rideSeconds(0, 5);
    channel.online = false;
    await rideSeconds(5, 25);
    expect(channel.stored.size).toBe(0);
    expect(session.getSnapshot().problem).toBe('The server did not answer.');
    channel.connect();
    await settle();
    const adds = channel.of('add-track') as { client_ride_id: string }[];
    expect(adds.map((a) => a.client_ride_id)).toEqual(['ride-uuid-1234', 'ride-uuid-1234']);
    expect(channel.stored.size).toBe(25);
    expect(session.getSnapshot().problem).toBeNull();
  });

  it('asks control windows ahead and sends the slope one second ahead of the picture', async () => {
    await rideSeconds(0, 6);
    const asked = channel.of('control-request') as { startOfNeeded: number }[];
    expect(asked.map((a) => a.startOfNeeded)).toEqual([0, 10]);
    // Slopes 0 (from 0 s), 2 (from 4 s) and 2.5 (from 5 s): sent at 0 s, 3 s and 4 s.
    expect(sent.map((c) => c.slope)).toEqual([0, 2, 2.5]);
    expect(session.getSnapshot().slope).toBe(2.5);
  });

  it('ranks the live rider with the history of this second', async () => {
    await rideSeconds(0, 3, 100);
    const board = session.getSnapshot().leaderboard;
    expect(board.map((e) => [e.username, e.accumulated_power])).toEqual([
      ['ghost', 450],
      ['rider', 300],
    ]);
  });

  it('records placeholder seconds when the trainer goes quiet', async () => {
    await rideSeconds(0, 2, 100);
    session.tick(2.2, 3500, sample(100), 1000);
    await settle();
    expect(session.getSnapshot().lastPoint).toMatchObject({ elapsed_time: 2, power: 0 });
  });

  it('saves with a final batch, then stop-track, and drops the local copy', async () => {
    await rideSeconds(0, 13);
    const saved = await session.stop(false);
    expect(saved).toMatchObject({ saved: true });
    const pushes = channel.of('push-points') as { status: string }[];
    expect(pushes.at(-1)?.status).toBe('final');
    expect(channel.stored.size).toBe(13);
    expect(channel.of('stop-track')).toEqual([
      {
        discard_track: false,
        accumulated_power: 2600,
        raceUrl: 'demo',
        trackId: 41,
        userId: 3,
        strava_auto_save: true,
      },
    ]);
    expect(await buffer.getRide('ride-uuid-1234')).toBeUndefined();
  });

  it('keeps the ride for another try when saving fails', async () => {
    await rideSeconds(0, 3);
    channel.online = false;
    await expect(session.stop(false)).rejects.toThrow('The server did not answer.');
    expect(await buffer.getRide('ride-uuid-1234')).toBeDefined();
  });

  it('discards with stop-track discard_track true', async () => {
    await rideSeconds(0, 3);
    await session.stop(true);
    expect(channel.of('stop-track')).toEqual([expect.objectContaining({ discard_track: true })]);
    expect(await buffer.getRide('ride-uuid-1234')).toBeUndefined();
  });

  it('is linked once the server has the track, unlinked while the channel is away', async () => {
    expect(session.getSnapshot().linked).toBe(true);
    channel.drop();
    expect(session.getSnapshot().linked).toBe(false);
    channel.connect();
    await vi.waitFor(() => expect(session.getSnapshot().linked).toBe(true));
  });

  it('asks for the track again with backoff when a restarted server refuses it at first', async () => {
    await settle(); // the first flush is done
    channel.drop();
    channel.refuseAddTrack = 2;
    channel.connect();
    await settle();
    expect(session.getSnapshot()).toMatchObject({
      linked: false,
      problem: 'The server is starting.',
    });
    await vi.waitFor(() => expect(session.getSnapshot().linked).toBe(true), { timeout: 5000 });
    expect(channel.of('add-track')).toHaveLength(4);
    expect(session.getSnapshot().problem).toBeNull();
  });

  it('through an outage held at one second, saves every second exactly once', async () => {
    await rideSeconds(0, 15);
    channel.drop();
    // The page holds the video at 15.4 s while the server is away: no new second is made.
    for (let i = 0; i < 8; i += 1) {
      session.tick(15.4, 15_000 + i * 1000, sample(200), 15_000 + i * 1000);
      await settle();
    }
    channel.connect();
    await vi.waitFor(() => expect(session.getSnapshot().linked).toBe(true));
    await rideSeconds(16, 30);
    await session.stop(false);
    const seconds = Array.from({ length: 30 }, (_, s) => s);
    expect([...channel.stored].sort((a, b) => a - b)).toEqual(seconds);
    // Each second was recorded once: it was sent once and is not in the local copy any more.
    expect([...channel.sentSeconds].sort((a, b) => a - b)).toEqual(seconds);
    expect(session.getSnapshot()).toMatchObject({ elapsedSeconds: 30, accumulatedPower: 6000 });
  });

  it('forgets a ride discarded while the server is away, in this browser', async () => {
    await rideSeconds(0, 3);
    channel.drop();
    await expect(session.forget()).resolves.toBeNull();
    expect(await buffer.getRide('ride-uuid-1234')).toBeUndefined();
    expect(await buffer.unconfirmed('ride-uuid-1234')).toEqual([]);
  });
});

describe('the end of the video (issue 23)', () => {
  it('records the last second of a video listed as 1:00 when the samples stopped short of it', async () => {
    await rideSeconds(0, 59); // seconds 0..58, the last sample at 58.1
    // The stream ends at 59.7 s, before any sample came in its last second.
    session.end(59.7, 59_700, sample(180), 59_600);
    await settle();
    const snapshot = session.getSnapshot();
    expect(snapshot.lastPoint).toMatchObject({ elapsed_time: 59, power: 180 });
    expect(snapshot.elapsedSeconds).toBe(60);
    expect(snapshot.recorded.map((p) => p.elapsed_time)).toEqual(
      Array.from({ length: 60 }, (_, s) => s),
    );
  });

  it('adds nothing when the last second was sampled, nor a second past the listing', async () => {
    await rideSeconds(0, 60);
    session.end(60.04, 60_040, sample(200), 60_000);
    await settle();
    expect(session.getSnapshot().elapsedSeconds).toBe(60);
    expect(session.getSnapshot().recorded).toHaveLength(60);
  });

  it('keeps the road grade of each second for the summary', async () => {
    await rideSeconds(0, 8);
    const grades = session.getSnapshot().recorded.map((p) => p.grade);
    expect(grades.slice(4)).toEqual([2, 2.5, 2.5, 2.5]);
  });
});
