import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RouteTimeline } from '@ridealong/trainer';
import type { TrainerControl } from '../controlScheduler';
import { PointBuffer } from '../pointBuffer';
import { RideSession } from '../rideSession';
import { AnsweringRideChannel } from '../../../../test/answeringRideChannel';
import { storedRide } from '../../../../test/storedRideFixture';

const settle = () => new Promise((r) => setTimeout(r, 20));
const sample = { power: 200, cadence: 90, heart_rate: 130, speed: 8, distance: 0 };
// 10 m per second of video, grade 2 % throughout.
const timeline = new RouteTimeline({
  distance: Array.from({ length: 61 }, (_, s) => s * 10),
  slope: Array.from({ length: 61 }, () => 2),
});

let buffer: PointBuffer;
let channel: AnsweringRideChannel;
let sent: TrainerControl[];
let session: RideSession;

beforeEach(async () => {
  buffer = await PointBuffer.open(`reactive-${Math.random()}`);
  channel = new AnsweringRideChannel();
  sent = [];
  session = new RideSession({
    transport: channel,
    buffer,
    race: { id: 7, url: 'demo', title: 'Demo', slope_source_id: 2, duration: 60 },
    rider: { id: 3, username: 'rider', stravaAutoSave: false },
    clientRideId: 'ride-r',
    sendControl: (c) => sent.push(c),
    mode: 'reactive',
    difficulty: 80,
    timeline,
  });
  await session.begin(1);
});

afterEach(() => {
  session.dispose();
  buffer.close();
});

describe('a reactive RideSession', () => {
  it('adds its track as reactive with the difficulty, and keeps both for a later save', async () => {
    expect(channel.of('add-track')).toEqual([
      expect.objectContaining({ mode: 'reactive', difficulty: 80, client_ride_id: 'ride-r' }),
    ]);
    expect(await buffer.getRide('ride-r')).toMatchObject({ mode: 'reactive', difficulty: 80 });
  });

  it('records one point per ride second at the virtual place, slope by distance, no history board', async () => {
    // 12 ride seconds at 4 Hz while the video plays at 2x.
    for (let i = 0; i < 48; i++) {
      const rideTime = i * 0.25;
      const now = 1000 + i * 250;
      session.tick(rideTime * 2, now, sample, now, { rideTime, distance: rideTime * 5, speed: 5 });
      await settle();
    }
    const snap = session.getSnapshot();
    expect(snap.recorded.map((p) => p.elapsed_time)).toEqual([...Array(12).keys()]);
    expect(snap.elapsedSeconds).toBe(12);
    expect(snap.distance).toBeCloseTo(11.75 * 5, 6);
    expect(snap.slope).toBe(2);
    expect(snap.recorded[3]).toMatchObject({ distance: 15, speed: 5, video_time: 6, grade: 2 });
    expect(channel.of('history-leaderboard')).toEqual([]);
    expect(channel.of('control-request')).toEqual([]);
    expect(sent).toEqual([{ slope: 2, road_feel_type: 'none', road_feel_intensity: 0 }]);
    // Pushed every 10 ride seconds.
    expect(channel.points.map((p) => p.elapsed_time)).toEqual([...Array(11).keys()]);
    expect(await buffer.getRide('ride-r')).toMatchObject({ last_elapsed: 11, distance: 55 });
  });

  it('records the finish even within a second already recorded', async () => {
    session.tick(0, 1000, sample, 1000, { rideTime: 0.5, distance: 590, speed: 8 });
    session.finish(59.9, 1200, sample, 1000, { rideTime: 0.7, distance: 600, speed: 0 });
    await settle();
    const last = session.getSnapshot().lastPoint;
    expect(last).toMatchObject({ elapsed_time: 1, distance: 600, video_time: 59.9 });
  });
});

describe('a resumed reactive RideSession', () => {
  it('goes on after the kept second and distance, under the same ride id', async () => {
    const kept = storedRide({
      accumulated_power: 4000,
      last_elapsed: 19,
      mode: 'reactive',
      difficulty: 80,
      distance: 150,
    });
    await buffer.putRide(kept);
    const resumed = new RideSession({
      transport: channel,
      buffer,
      race: { id: 7, url: 'demo', title: 'Demo', slope_source_id: 2, duration: 60 },
      rider: { id: 3, username: 'rider', stravaAutoSave: false },
      clientRideId: 'ride-kept',
      sendControl: () => undefined,
      mode: 'reactive',
      difficulty: 80,
      timeline,
      resume: kept,
    });
    expect(resumed.getSnapshot()).toMatchObject({
      elapsedSeconds: 20,
      distance: 150,
      accumulatedPower: 4000,
    });
    await resumed.begin(99);
    // The kept record stands (not rewritten from zero); add-track asks for the same ride.
    expect(await buffer.getRide('ride-kept')).toMatchObject({ started_at: 1, last_elapsed: 19 });
    expect(channel.of('add-track').at(-1)).toMatchObject({
      client_ride_id: 'ride-kept',
      mode: 'reactive',
      difficulty: 80,
    });
    resumed.tick(15, 1000, sample, 1000, { rideTime: 19.5, distance: 152, speed: 4 });
    expect(resumed.getSnapshot().lastPoint).toBeNull(); // second 19 was kept already
    resumed.tick(15.5, 1500, sample, 1500, { rideTime: 20.1, distance: 155, speed: 4 });
    expect(resumed.getSnapshot().lastPoint).toMatchObject({
      elapsed_time: 20,
      distance: 155,
      accumulated_power: 4200,
    });
    await settle();
    resumed.dispose();
  });
});
