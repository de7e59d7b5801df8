import { describe, expect, it } from 'vitest';
import { endedSlot, mergeSorted, Standings } from './standings.js';

const order = (s: Standings) =>
  Array.from({ length: s.length }, (_, i) => [s.trackAt(i), s.rowAt(i).sum]);
const row = (trackId: number, sum: number) => ({
  trackId,
  sum,
  power: 153.7,
  heartRate: 140,
  cadence: 90.5,
  distance: 1234.56,
});

describe('Standings', () => {
  it('counts the rides ahead of a sum, a live rider ahead on ties', () => {
    const s = Standings.sorted([row(1, 900), row(2, 500), row(3, 500), row(4, 100)]);
    expect(s.countAbove(1000)).toBe(0);
    expect(s.countAbove(900)).toBe(0);
    expect(s.countAbove(600)).toBe(1);
    expect(s.countAbove(500)).toBe(1);
    expect(s.countAbove(0)).toBe(4);
    expect(s.positionOf(500, 3)).toBe(2);
    expect(s.positionOf(500, 9)).toBe(-1);
  });

  it('inserts later rides in order (sum desc, track id asc), growing as needed, once', () => {
    const s = new Standings(1);
    for (const [trackId, sum] of [
      [5, 300],
      [2, 300],
      [7, 800],
      [1, 10],
      [2, 300],
    ] as const) {
      s.insert(row(trackId, sum));
    }
    expect(order(s)).toEqual([
      [7, 800],
      [2, 300],
      [5, 300],
      [1, 10],
    ]);
    expect(s.bytes).toBeGreaterThanOrEqual(4 * 36);
    // Values come back as sent (to 3 decimals), past the moves of the inserts.
    expect(s.rowAt(3)).toEqual(row(1, 10));
  });

  it('merges two lists sorted best first, and finds a final sum’s slot', () => {
    const a = [
      { trackId: 1, sum: 9 },
      { trackId: 3, sum: 5 },
    ];
    const b = [
      { trackId: 2, sum: 5 },
      { trackId: 4, sum: 1 },
    ];
    expect(mergeSorted(a, b).map((r) => r.trackId)).toEqual([1, 2, 3, 4]);
    const ended = [
      { trackId: 1, finalSum: 9 },
      { trackId: 3, finalSum: 5 },
    ];
    expect(endedSlot(ended, { trackId: 2, finalSum: 5 })).toBe(1);
    expect(endedSlot(ended, { trackId: 4, finalSum: 5 })).toBe(2);
    expect(endedSlot([], { trackId: 4, finalSum: 5 })).toBe(0);
  });
});
