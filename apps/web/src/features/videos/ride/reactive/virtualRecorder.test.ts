import { describe, expect, it } from 'vitest';
import { initialRecorder } from '../recorder';
import { finishSecond, recordVirtual } from './virtualRecorder';

const sample = { power: 200, cadence: 90, heart_rate: 140, speed: 9, distance: 500 };

describe('recordVirtual', () => {
  it('keys points by the ride second with the virtual distance, speed and the video time', () => {
    const first = recordVirtual(
      initialRecorder(),
      sample,
      { rideTime: 0.2, distance: 1.5, speed: 3 },
      0.1,
      1000,
    );
    expect(first.point).toMatchObject({
      elapsed_time: 0,
      power: 200,
      accumulated_power: 200,
      cadence: 90,
      heart_rate: 140,
      distance: 1.5,
      speed: 3,
      video_time: 0.1,
      timestamp: 1000,
    });
    // The same ride second again: no point, the distance follows.
    const same = recordVirtual(first.state, sample, { rideTime: 0.9, distance: 4, speed: 5 }, 3, 1);
    expect(same.point).toBeNull();
    expect(same.state.distance).toBe(4);
    // The video ran ahead by several seconds: still one point per ride second.
    const next = recordVirtual(
      same.state,
      sample,
      { rideTime: 1.05, distance: 6.25, speed: 6 },
      12.3456,
      2000,
    );
    expect(next.point).toMatchObject({ elapsed_time: 1, distance: 6.25, video_time: 12.346 });
    expect(next.state.accumulatedPower).toBe(400);
  });

  it('records a placeholder second without a sample, the rider still rolling', () => {
    const { point } = recordVirtual(
      initialRecorder(4, 1000, 40),
      null,
      { rideTime: 5.5, distance: 52, speed: 7 },
      8,
      0,
    );
    expect(point).toMatchObject({
      elapsed_time: 5,
      power: 0,
      cadence: 0,
      heart_rate: 0,
      accumulated_power: 1000,
      distance: 52,
      speed: 7,
    });
  });

  it('clamps odd values to the contract', () => {
    const { point } = recordVirtual(
      initialRecorder(),
      sample,
      { rideTime: 0, distance: Number.NaN, speed: 99 },
      -1,
      0,
    );
    expect(point).toMatchObject({ distance: 0, speed: 40, video_time: 0 });
  });
});

describe('finishSecond', () => {
  it('records the finish in its own second, or the next when that one is taken', () => {
    expect(finishSecond(initialRecorder(11), 12.4)).toBe(12);
    expect(finishSecond(initialRecorder(12), 12.4)).toBe(13);
    expect(finishSecond(initialRecorder(), 0)).toBe(0);
  });
});
