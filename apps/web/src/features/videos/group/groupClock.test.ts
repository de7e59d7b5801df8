import { describe, expect, it } from 'vitest';
import { GROUP } from '@ridealong/contracts';
import {
  betterSample,
  clockSample,
  driftTarget,
  eventSecond,
  goMoment,
  startPlan,
} from './groupClock';

const MINUTES = 60_000;

describe('clockSample', () => {
  it('is serverNow minus the local time, corrected by half the round trip', () => {
    // Sent at local 1000, answered at local 1200; the server stamped 51_100 mid-way.
    expect(clockSample(51_100, 1000, 1200)).toEqual({ offsetMs: 50_000, roundTripMs: 200 });
  });

  it('measures a page clock shifted by minutes either way', () => {
    const server = 1_700_000_000_000;
    const ahead = server + 5 * MINUTES;
    expect(clockSample(server + 40, ahead, ahead + 80).offsetMs).toBe(-5 * MINUTES);
    const behind = server - 3 * MINUTES;
    expect(clockSample(server + 10, behind, behind + 20).offsetMs).toBe(3 * MINUTES);
  });

  it('never takes a negative round trip (a local clock stepped back meanwhile)', () => {
    expect(clockSample(5000, 1000, 900).roundTripMs).toBe(0);
  });
});

describe('betterSample', () => {
  it('keeps the sample with the shorter round trip', () => {
    const slow = { offsetMs: 300, roundTripMs: 900 };
    const fast = { offsetMs: 120, roundTripMs: 40 };
    expect(betterSample(null, slow)).toBe(slow);
    expect(betterSample(slow, fast)).toBe(fast);
    expect(betterSample(fast, slow)).toBe(fast);
  });
});

describe('event time', () => {
  const timeStart = 1_700_000_000_000;

  it('goes at timeStart plus the countdown on the server clock', () => {
    expect(goMoment(timeStart)).toBe(timeStart + GROUP.countdownSeconds * 1000);
    expect(eventSecond(timeStart, timeStart)).toBe(-GROUP.countdownSeconds);
    expect(eventSecond(timeStart, timeStart + 25_500)).toBe(15.5);
  });

  it('counts down to the same moment on two pages whose clocks differ', () => {
    // Page A is right; page B runs 4 minutes ahead. Both hear of the start 2 s after it.
    const a = startPlan(timeStart, 0, timeStart + 2000);
    const b = startPlan(timeStart, -4 * MINUTES, timeStart + 2000 + 4 * MINUTES);
    expect(a).toEqual({ kind: 'countdown', goAtLocal: goMoment(timeStart) });
    expect(b).toEqual({ kind: 'countdown', goAtLocal: goMoment(timeStart) + 4 * MINUTES });
  });

  it('starts a late joiner at once, at the seconds since the start minus 10', () => {
    // 70 s after the host's Start: 60 s of video have been ridden.
    expect(startPlan(timeStart, 1000, timeStart + 69_000)).toEqual({
      kind: 'late',
      fromSecond: 60,
    });
    // Right at the go moment: second 0.
    expect(startPlan(timeStart, 0, goMoment(timeStart))).toEqual({ kind: 'late', fromSecond: 0 });
  });
});

describe('driftTarget', () => {
  it('leaves a video within the sync margin', () => {
    expect(driftTarget(10, 10.9, 300)).toBeNull();
    expect(driftTarget(10.9, 10, 300)).toBeNull();
    expect(driftTarget(10, 10 + GROUP.syncMarginSeconds, 300)).toBeNull();
  });

  it('moves a video further behind or ahead to the event time', () => {
    expect(driftTarget(10, 11.5, 300)).toBe(11.5);
    expect(driftTarget(42, 12.25, 300)).toBe(12.25);
  });

  it('does not move during the countdown or past the end of the video', () => {
    expect(driftTarget(0, -3, 300)).toBeNull();
    expect(driftTarget(290, 300, 300)).toBeNull();
    // An unknown duration (0) does not stop the sync.
    expect(driftTarget(10, 20, 0)).toBe(20);
  });
});
