import { describe, expect, it } from 'vitest';
import {
  displayedPower,
  displayedSlope,
  durationNeedsCorrection,
  leaderboardWindow,
} from './leaderboard.js';

const riders = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, accumulated_power: (n - i) * 100 }));

describe('leaderboardWindow', () => {
  it('sorts by accumulated power, highest first, and shows the top 10', () => {
    const rows = leaderboardWindow([...riders(15)].reverse(), (r) => r.id === 2);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => (r.kind === 'rider' ? r.entry.id : 0))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(rows[0]).toMatchObject({ rank: 1 });
  });

  it('shows everyone when fewer than 10 ride', () => {
    expect(leaderboardWindow(riders(4), (r) => r.id === 4)).toHaveLength(4);
  });

  it('keeps the rider in 10th place in the plain top 10', () => {
    const rows = leaderboardWindow(riders(20), (r) => r.id === 10);
    expect(rows.every((r) => r.kind === 'rider')).toBe(true);
    expect(rows).toHaveLength(10);
  });

  it('below 10th: top 3, an ellipsis, then 5 neighbours centred on the rider', () => {
    const rows = leaderboardWindow(riders(30), (r) => r.id === 15);
    expect(rows.map((r) => (r.kind === 'rider' ? r.rank : '...'))).toEqual([
      1,
      2,
      3,
      '...',
      13,
      14,
      15,
      16,
      17,
    ]);
  });

  it('shifts the neighbours up when the rider is last', () => {
    const rows = leaderboardWindow(riders(12), (r) => r.id === 12);
    expect(rows.map((r) => (r.kind === 'rider' ? r.rank : '...'))).toEqual([
      1,
      2,
      3,
      '...',
      8,
      9,
      10,
      11,
      12,
    ]);
  });
});

describe('ride display rules', () => {
  it('power is accumulated power over elapsed seconds', () => {
    expect(displayedPower(3000, 10)).toBe(300);
    expect(displayedPower(3000, 0)).toBe(0);
    expect(displayedPower(Number.NaN, 10)).toBe(0);
  });
  it('slope to one decimal', () => {
    expect(displayedSlope(4.26)).toBe('4.3');
    expect(displayedSlope(Number.NaN)).toBe('0.0');
  });
  it('corrects the duration only outside 1 %', () => {
    expect(durationNeedsCorrection(100, 100.9)).toBe(false);
    expect(durationNeedsCorrection(100, 101.5)).toBe(true);
    expect(durationNeedsCorrection(0, 50)).toBe(true);
    expect(durationNeedsCorrection(100, 0)).toBe(false);
  });
});
