import { describe, expect, it } from 'vitest';
import {
  initialRecorder,
  lastVideoSecond,
  placeholderDue,
  recordPlaceholder,
  recordSample,
  type RecorderState,
} from './recorder';

const sample = (power: number, distance = 0) => ({
  power,
  cadence: 90,
  heart_rate: 140,
  speed: 8,
  distance,
});

/** Feeds samples at the given video times, collecting the points made. */
function ride(steps: [number, number, number?][]) {
  let state: RecorderState = initialRecorder();
  const points = [];
  for (const [time, power, distance] of steps) {
    const r = recordSample(state, sample(power, distance ?? 0), time, 1000 + time * 1000);
    state = r.state;
    if (r.point) points.push(r.point);
  }
  return { state, points };
}

describe('recordSample', () => {
  it('stores a sample only when the whole video second moves past the last stored one', () => {
    const { points } = ride([
      [0.2, 100],
      [0.7, 300],
      [1.0, 200],
      [1.9, 500],
      [3.4, 250],
    ]);
    expect(points.map((p) => p.elapsed_time)).toEqual([0, 1, 3]);
    expect(points.map((p) => p.power)).toEqual([100, 200, 250]);
  });

  it('accumulates the power of each recorded second', () => {
    const { state, points } = ride([
      [0, 100],
      [1, 150],
      [2, 250],
    ]);
    expect(points.map((p) => p.accumulated_power)).toEqual([100, 250, 500]);
    expect(state.accumulatedPower).toBe(500);
  });

  it('records a second with power 0 or not a number but adds nothing for it', () => {
    const { state, points } = ride([
      [0, 100],
      [1, 0],
      [2, Number.NaN],
      [3, 50],
    ]);
    expect(points).toHaveLength(4);
    expect(points.map((p) => p.power)).toEqual([100, 0, 0, 50]);
    expect(state.accumulatedPower).toBe(150);
  });

  it('does not go back when the video is rewound', () => {
    const { points } = ride([
      [5, 100],
      [2, 100],
      [6, 100],
    ]);
    expect(points.map((p) => p.elapsed_time)).toEqual([5, 6]);
  });

  it('counts distance from the first sample and across a tracker restart', () => {
    const { points } = ride([
      [0, 100, 500],
      [1, 100, 508],
      [2, 100, 516],
      // The tracker restarted: its count begins again.
      [3, 100, 6],
    ]);
    expect(points.map((p) => p.distance)).toEqual([0, 8, 16, 22]);
  });

  it('clamps readings to the contract ranges', () => {
    const r = recordSample(
      initialRecorder(),
      { power: 9000, cadence: -3, heart_rate: 900, speed: 99, distance: 0 },
      0,
      1,
    );
    expect(r.point).toMatchObject({ power: 4000, cadence: 0, heart_rate: 260, speed: 40 });
  });

  it('continues a resumed ride after its last stored second', () => {
    const r = recordSample(initialRecorder(9, 1200, 80), sample(100), 9.5, 1);
    expect(r.point).toBeNull();
    const next = recordSample(r.state, sample(100), 10, 2);
    expect(next.point).toMatchObject({ elapsed_time: 10, accumulated_power: 1300, distance: 80 });
  });
});

describe('placeholder', () => {
  it('is due when no data came for over a second, or none yet', () => {
    expect(placeholderDue(null, 5000)).toBe(true);
    expect(placeholderDue(4000, 5000)).toBe(false);
    expect(placeholderDue(3999, 5000)).toBe(true);
  });

  it('records a zero second that keeps the distance and the power sum', () => {
    const first = recordSample(initialRecorder(), sample(200, 100), 0, 0);
    const second = recordSample(first.state, sample(200, 110), 1, 1000);
    const gap = recordPlaceholder(second.state, 2.3, 3000);
    expect(gap.point).toMatchObject({
      elapsed_time: 2,
      power: 0,
      cadence: 0,
      heart_rate: 0,
      distance: 10,
      accumulated_power: 400,
    });
    // Nothing new for the same second.
    expect(recordPlaceholder(gap.state, 2.9, 3500).point).toBeNull();
    // Data returns: distance follows on from the tracker's reading.
    const back = recordSample(gap.state, sample(100, 120), 3, 4000);
    expect(back.point).toMatchObject({ elapsed_time: 3, distance: 20, accumulated_power: 500 });
  });
});

describe('lastVideoSecond', () => {
  it("is the listed length's last second when the video ended near it", () => {
    expect(lastVideoSecond(59.7, 60)).toBe(59);
    expect(lastVideoSecond(60, 60)).toBe(59);
    expect(lastVideoSecond(60.04, 60.04)).toBe(59);
  });

  it('counts the seconds played when the video ended far from its listing', () => {
    expect(lastVideoSecond(40.2, 60)).toBe(39);
    expect(lastVideoSecond(12.6, 0)).toBe(12);
    expect(lastVideoSecond(0, 60)).toBe(-1);
    expect(lastVideoSecond(Number.NaN, 60)).toBe(-1);
  });
});
