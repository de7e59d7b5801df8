import { describe, expect, it } from 'vitest';
import { RouteTimeline } from './route-timeline.js';

const flatSlope = (n: number) => new Array<number>(n).fill(0);

function timeline(distance: Array<number | null>, slope?: Array<number | null>) {
  return new RouteTimeline({ distance, slope: slope ?? flatSlope(distance.length) });
}

describe('RouteTimeline', () => {
  it('throws a RangeError for fewer than 2 seconds or no distance at all', () => {
    expect(() => timeline([])).toThrow(RangeError);
    expect(() => timeline([5])).toThrow(RangeError);
    expect(() => timeline([null, Number.NaN, null])).toThrow(RangeError);
  });

  it('has a duration of its last second and a total distance from its first', () => {
    const t = timeline([100, 110, 125]);
    expect(t.duration).toBe(2);
    expect(t.totalDistance).toBe(25);
    expect(t.distanceAt(0)).toBe(0);
  });

  it('interpolates distance between seconds and clamps outside the video', () => {
    const t = timeline([0, 10, 30, 60]);
    expect(t.distanceAt(0.5)).toBe(5);
    expect(t.distanceAt(1.25)).toBe(15);
    expect(t.distanceAt(-3)).toBe(0);
    expect(t.distanceAt(99)).toBe(60);
    expect(t.distanceAt(Number.NaN)).toBe(0);
  });

  it('inverts distanceAt with timeAt, clamped', () => {
    const t = timeline([0, 10, 30, 60]);
    for (const time of [0, 0.3, 1, 1.7, 2.5, 3])
      expect(t.timeAt(t.distanceAt(time))).toBeCloseTo(time, 12);
    expect(t.timeAt(-1)).toBe(0);
    expect(t.timeAt(1e9)).toBe(3);
  });

  it('maps a filmer stop to its first second, and anything past it to after its last', () => {
    // Standing still at 20 m over seconds 2..5.
    const t = timeline([0, 10, 20, 20, 20, 20, 30]);
    expect(t.timeAt(20)).toBe(2);
    expect(t.timeAt(20.001)).toBeGreaterThan(5);
    expect(t.timeAt(20.001)).toBeCloseTo(5.0001, 6);
    expect(t.timeAt(19.999)).toBeLessThan(2);
  });

  it('maps the end of a route that ends standing still to the arrival', () => {
    const t = timeline([0, 10, 20, 20, 20]);
    expect(t.timeAt(20)).toBe(2);
    expect(t.timeAt(25)).toBe(2);
  });

  it('makes backward GPS readings non-decreasing by refilling them, not by flats', () => {
    const t = timeline([0, 10, 8, 30, 25, 26, 50]);
    // 8 is dropped and refilled between 10 and 30; 25 and 26 between 30 and 50.
    expect(t.distanceAt(2)).toBe(20);
    expect(t.distanceAt(4)).toBeCloseTo(36.6667, 3);
    expect(t.distanceAt(5)).toBeCloseTo(43.3333, 3);
    for (let s = 0; s < 6; s++) expect(t.distanceAt(s + 1)).toBeGreaterThan(t.distanceAt(s));
  });

  it('interpolates missing seconds and holds the ends', () => {
    const t = timeline([null, 5, Number.NaN, null, 35, null]);
    // Leading gap held at the first reading (then shifted to 0), trailing held at the last.
    expect(t.distanceAt(0)).toBe(0);
    expect(t.distanceAt(1)).toBe(0);
    expect(t.distanceAt(2)).toBe(10);
    expect(t.distanceAt(3)).toBe(20);
    expect(t.distanceAt(5)).toBe(30);
    expect(t.totalDistance).toBe(30);
  });

  it('gives the filmed speed of the second around a time, never negative, 0 at a stop', () => {
    const t = timeline([0, 10, 8, 30, 30, 36]);
    expect(t.filmedSpeedAt(0.5)).toBe(10);
    expect(t.filmedSpeedAt(2)).toBe(10); // 8 dropped: 10 -> 20 -> 30
    expect(t.filmedSpeedAt(3.2)).toBe(0);
    expect(t.filmedSpeedAt(4.9)).toBe(6);
    expect(t.filmedSpeedAt(5)).toBe(6); // the end: the last second's
    expect(t.filmedSpeedAt(-1)).toBe(10);
    for (let x = 0; x <= 5; x += 0.1) expect(t.filmedSpeedAt(x)).toBeGreaterThanOrEqual(0);
  });

  it('gives the grade at a distance from the second the filmer was there', () => {
    const t = timeline([0, 10, 20, 30], [2, 4, null, 8]);
    expect(t.gradeAtDistance(10)).toBe(4);
    expect(t.gradeAtDistance(15)).toBe(5);
    expect(t.gradeAtDistance(20)).toBe(6); // the missing grade interpolated
    expect(t.gradeAtDistance(1e6)).toBe(8);
    expect(t.gradeAtTime(-1)).toBe(2);
  });

  it('treats a profile without grades as flat', () => {
    const t = timeline([0, 10, 20], [null, null, null]);
    expect(t.gradeAtDistance(12)).toBe(0);
  });

  it('accepts slope arrays longer than the distance ones (holding the last distance)', () => {
    const t = timeline([0, 10], [1, 2, 3]);
    expect(t.duration).toBe(2);
    expect(t.totalDistance).toBe(10);
  });

  it('finds times on a 6-hour profile by binary search', () => {
    const n = 6 * 3600;
    const distance = Array.from({ length: n }, (_, s) => s * 8 + Math.sin(s / 30) * 3);
    const t = timeline(distance);
    for (const time of [0, 1.5, 1000.25, 12345.75, n - 1]) {
      expect(t.timeAt(t.distanceAt(time))).toBeCloseTo(time, 6);
    }
  });
});
