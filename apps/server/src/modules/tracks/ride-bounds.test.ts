import { describe, expect, it } from 'vitest';
import {
  batchProblem,
  lastAllowedSecond,
  RIDE_BOUNDS,
  wallClockSeconds,
  type BatchContext,
  type BoundedPoint,
} from './ride-bounds.js';

const opened = new Date('2025-06-01T10:00:00Z');
const at = (seconds: number) => new Date(opened.getTime() + seconds * 1000);

/** An honest second: 8 m/s and 200 W from second 0, recorded as the video plays. */
const point = (s: number, over: Partial<BoundedPoint> = {}): BoundedPoint => ({
  elapsedTime: s,
  distance: s * 8,
  accumulatedPower: (s + 1) * 200,
  recordedAt: at(s + 10),
  ...over,
});
const seconds = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => point(from + i));

/** A 10-minute video, opened `wall` seconds ago. */
const ctx = (wall: number, over: Partial<BatchContext> = {}): BatchContext => ({
  videoDuration: 600,
  rideMode: 'steady',
  createdAt: opened,
  now: at(wall),
  firstStored: null,
  before: null,
  ...over,
});

describe('lastAllowedSecond', () => {
  it('is the duration plus 1 % and a few seconds', () => {
    expect(lastAllowedSecond(600)).toBe(611);
    expect(lastAllowedSecond(6)).toBe(11);
  });
  it('falls back to the longest ride for an unknown duration, and caps long videos', () => {
    expect(lastAllowedSecond(0)).toBe(RIDE_BOUNDS.maxRideSeconds);
    expect(lastAllowedSecond(Number.NaN)).toBe(RIDE_BOUNDS.maxRideSeconds);
    expect(lastAllowedSecond(24 * 3600)).toBe(RIDE_BOUNDS.maxRideSeconds);
  });
});

describe('wallClockSeconds', () => {
  it('counts whole seconds since add-track plus the slack, never less than the slack', () => {
    expect(wallClockSeconds(opened, at(100.7))).toBe(100 + RIDE_BOUNDS.wallClockSlackSeconds);
    expect(wallClockSeconds(opened, at(-5))).toBe(RIDE_BOUNDS.wallClockSlackSeconds);
  });
});

describe('batchProblem', () => {
  it('takes a whole honest ride of the video, in batches, and their resends', () => {
    expect(batchProblem(seconds(0, 9), ctx(25))).toBeNull();
    expect(
      batchProblem(seconds(590, 599), ctx(615, { firstStored: 0, before: point(589) })),
    ).toBeNull();
    // A resend after a reconnect, much later, passes again.
    expect(batchProblem(seconds(0, 9), ctx(5000, { firstStored: 0 }))).toBeNull();
    expect(batchProblem([], ctx(0))).toBeNull();
  });

  it('refuses seconds past the end of the video', () => {
    expect(batchProblem([point(612)], ctx(700, { firstStored: 0 }))).toBe(
      'Second 612 is past the end of this video (611 s at most).',
    );
    // The 24-hour ride of a 10-minute video.
    expect(batchProblem([point(0), point(86_399)], ctx(86_400))).toMatch(/past the end/);
  });

  it('refuses a span of video longer than the time since add-track', () => {
    const fast = seconds(0, 99);
    expect(batchProblem(fast, ctx(60))).toBe(
      'This ride began 60 s ago: it cannot be at second 99 yet.',
    );
    expect(batchProblem([point(300)], ctx(100, { firstStored: 0 }))).toMatch(/cannot be at/);
    // Starting late in the video is fine: the span counts, not the second.
    const late = seconds(500, 509).map((p, i) => ({ ...p, distance: i * 8, recordedAt: at(i) }));
    expect(batchProblem(late, ctx(40))).toBeNull();
  });

  it('refuses recorded times far from the server clock', () => {
    const skew = RIDE_BOUNDS.timestampSkewMs;
    const early = point(5, { recordedAt: new Date(opened.getTime() - skew - 1000) });
    expect(batchProblem([early], ctx(60))).toBe(
      "The time of second 5 is off: please check this device's clock.",
    );
    const late = point(5, { recordedAt: at(60 + skew / 1000 + 1) });
    expect(batchProblem([late], ctx(60))).toMatch(/clock/);
    expect(batchProblem([point(5, { recordedAt: new Date(Number.NaN) })], ctx(60))).toMatch(
      /clock/,
    );
  });

  it('refuses more power than the top watts each second', () => {
    const strong = point(9, { accumulatedPower: RIDE_BOUNDS.maxPowerWatts * 10 + 1 });
    expect(batchProblem([strong], ctx(60))).toBe(
      'The power sum at second 9 is more than can be ridden.',
    );
  });

  it('refuses distance faster than the top speed, within a batch and after the stored point', () => {
    const jump = [point(10), point(11, { distance: 88 + 41 })];
    expect(batchProblem(jump, ctx(60))).toBe(
      'The distance at second 11 is faster than can be ridden.',
    );
    expect(batchProblem([point(11, { distance: 200 })], ctx(60, { before: point(10) }))).toMatch(
      /faster/,
    );
    // Never more than top speed over the whole time since add-track.
    const far = point(20, { distance: RIDE_BOUNDS.maxSpeedMps * 100 });
    expect(batchProblem([far], ctx(60))).toMatch(/faster/);
  });

  it('takes distance pedalled while the video was paused, by the recorded times', () => {
    // Paused at second 100 for 5 minutes, riding on at 8 m/s.
    const before = point(100, { recordedAt: at(110) });
    const after = point(101, { distance: 808 + 300 * 8, recordedAt: at(410) });
    expect(batchProblem([after], ctx(420, { firstStored: 0, before }))).toBeNull();
  });
});

describe('reactive rides (issue 26)', () => {
  it('bounds the ride second by the longest ride and the video time by the video', () => {
    const reactive = (wall: number) => ctx(wall, { rideMode: 'reactive' });
    // A slow rider past the video's 600 s: their own second 700, the video at 550.
    const slow = seconds(690, 700).map((p) => ({ ...p, videoTime: 550, distance: 5000 }));
    expect(batchProblem(slow, ctx(800, { rideMode: 'reactive', firstStored: 0 }))).toBeNull();
    expect(batchProblem(slow, ctx(800, { firstStored: 0 }))).toMatch(/past the end of this video/);
    const pastVideo = [point(10, { videoTime: 900 })];
    expect(batchProblem(pastVideo, reactive(60))).toMatch(/video time at second 10/);
    expect(batchProblem([point(21_601)], reactive(30_000))).toMatch(/longest ride/);
  });
});
