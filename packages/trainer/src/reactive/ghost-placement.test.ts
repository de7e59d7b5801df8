import { describe, expect, it } from 'vitest';
import {
  estimatedGapSeconds,
  gapTo,
  ghostDistanceAt,
  timeGhostReached,
} from './ghost-placement.js';

/** 10 m/s for 10 s, a 3 s stop at 100 m, then 5 m/s until 150 m. */
const ghost = [
  0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 100, 100, 100, 105, 110, 115, 120, 125, 130, 135, 140,
  145, 150,
];

describe('ghostDistanceAt', () => {
  it('interpolates between seconds', () => {
    expect(ghostDistanceAt(ghost, 2.5)).toBe(25);
    expect(ghostDistanceAt(ghost, 13.5)).toBe(102.5);
  });

  it('clamps before the start and holds the last value once finished', () => {
    expect(ghostDistanceAt(ghost, -4)).toBe(0);
    expect(ghostDistanceAt(ghost, 23)).toBe(150);
    expect(ghostDistanceAt(ghost, 5000)).toBe(150);
    expect(ghostDistanceAt(ghost, Number.NaN)).toBe(0);
  });

  it('is 0 for an empty ride and constant for a one-second one', () => {
    expect(ghostDistanceAt([], 10)).toBe(0);
    expect(ghostDistanceAt([7], 10)).toBe(7);
  });
});

describe('timeGhostReached', () => {
  it('inverts ghostDistanceAt, taking the first moment at a stop', () => {
    expect(timeGhostReached(ghost, 25)).toBe(2.5);
    expect(timeGhostReached(ghost, 100)).toBe(10);
    expect(timeGhostReached(ghost, 102.5)).toBe(13.5);
    expect(timeGhostReached(ghost, 0)).toBe(0);
    expect(timeGhostReached(ghost, 150)).toBe(23);
  });

  it('is null beyond the ghost and for an empty ride', () => {
    expect(timeGhostReached(ghost, 150.01)).toBeNull();
    expect(timeGhostReached([], 1)).toBeNull();
    expect(timeGhostReached(ghost, Number.NaN)).toBeNull();
  });
});

describe('gapTo', () => {
  it('is positive in metres and seconds when the ghost is ahead (rider behind)', () => {
    // The rider at 50 m after 8 s; the ghost was there at 5 s and is at 80 m now.
    expect(gapTo(ghost, 50, 8)).toEqual({ metres: 30, seconds: 3 });
  });

  it('is negative when the rider leads', () => {
    expect(gapTo(ghost, 60, 4)).toEqual({ metres: -20, seconds: -2 });
  });

  it('has null seconds when the ghost never got that far, and keeps metres', () => {
    expect(gapTo(ghost, 200, 30)).toEqual({ metres: -50, seconds: null });
  });

  it('counts the ghost stop in its time', () => {
    // At 105 m: the ghost reached it at 14 s, after its 3 s stop.
    expect(gapTo(ghost, 105, 11).seconds).toBe(-3);
  });

  it('answers on a 6-hour ride', () => {
    const long = Float64Array.from({ length: 6 * 3600 }, (_, s) => s * 7.5);
    const g = gapTo(long, 100_000, 13_000);
    expect(g.seconds).toBeCloseTo(13_000 - 100_000 / 7.5, 9);
    expect(g.metres).toBeCloseTo(13_000 * 7.5 - 100_000, 9);
  });
});

describe('estimatedGapSeconds', () => {
  // 5 m/s from the start: 5 m a second.
  const steady = Array.from({ length: 200 }, (_, s) => s * 5);

  it('turns a gap in metres into seconds at the ghost pace, signed as the exact gap', () => {
    expect(estimatedGapSeconds(steady, 100, -600)).toBeCloseTo(-120, 9);
    expect(estimatedGapSeconds(steady, 100, 250)).toBeCloseTo(50, 9);
  });

  it('takes the pace over the last 30 s only', () => {
    // 2 m/s for 100 s, then 6 m/s.
    const faster = Array.from({ length: 200 }, (_, s) => (s <= 100 ? 2 * s : 200 + 6 * (s - 100)));
    expect(estimatedGapSeconds(faster, 150, -600)).toBeCloseTo(-100, 9);
  });

  it('gives none for a ghost that stopped or has too few seconds held', () => {
    const stopped = Array.from({ length: 100 }, (_, s) => Math.min(s, 40) * 5);
    expect(estimatedGapSeconds(stopped, 99, -300)).toBeNull();
    expect(estimatedGapSeconds(steady, 3, -300)).toBeNull();
    expect(estimatedGapSeconds([], 10, -300)).toBeNull();
  });
});
