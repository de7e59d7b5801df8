import { describe, expect, it } from 'vitest';
import { LEADERBOARD } from '@ridealong/contracts';
import { leaderboardPlan } from './standings-window.js';

const ranks = (n: number, above: number | null) =>
  leaderboardPlan(n, above).rows.map((r) => r.rank);

describe('leaderboardPlan', () => {
  it('answers the top 10 to a rider not placed yet, ranks from 1', () => {
    expect(leaderboardPlan(100_000, null)).toEqual({
      rows: Array.from({ length: 10 }, (_, i) => ({ position: i, rank: i + 1 })),
      total: 100_000,
      rank: null,
    });
    expect(leaderboardPlan(3, null).rows).toHaveLength(3);
    expect(leaderboardPlan(0, null)).toEqual({ rows: [], total: 0, rank: null });
  });

  it('leaves the rider’s own place out of the top 10', () => {
    const plan = leaderboardPlan(50, 4);
    expect(plan.rank).toBe(5);
    expect(plan.total).toBe(51);
    expect(plan.rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10]);
    // Earlier rides behind the rider are one place further down than their index.
    expect(plan.rows.find((r) => r.rank === 6)?.position).toBe(4);
    expect(ranks(0, 0)).toEqual([]);
    expect(leaderboardPlan(0, 0).rank).toBe(1);
    expect(ranks(4, 4)).toEqual([1, 2, 3, 4]);
  });

  it('shows the top 3 and the 5 places centred on a rider below 10th', () => {
    const plan = leaderboardPlan(100_000, 49_999);
    expect(plan.rank).toBe(50_000);
    expect(plan.rows.map((r) => r.rank)).toEqual([1, 2, 3, 49_998, 49_999, 50_001, 50_002]);
    expect(plan.rows.map((r) => r.position)).toEqual([0, 1, 2, 49_997, 49_998, 49_999, 50_000]);
    expect(ranks(20, 10)).toEqual([1, 2, 3, 9, 10, 12, 13]);
  });

  it('shifts the neighbours to stay within the standings at the bottom', () => {
    // Last of 31: the four places above the rider.
    expect(ranks(30, 30)).toEqual([1, 2, 3, 27, 28, 29, 30]);
    expect(ranks(30, 29)).toEqual([1, 2, 3, 27, 28, 29, 31]);
    expect(ranks(10, 10)).toEqual([1, 2, 3, 7, 8, 9, 10]);
  });

  it('never answers more than the window, whatever the numbers', () => {
    for (const n of [0, 1, 9, 10, 11, 12, 13, 14, 15, 1000]) {
      for (let above = 0; above <= n; above++) {
        const plan = leaderboardPlan(n, above);
        expect(plan.rows.length).toBeLessThanOrEqual(LEADERBOARD.maxEntries);
        expect(new Set(plan.rows.map((r) => r.rank)).size).toBe(plan.rows.length);
        expect(plan.rows.every((r) => r.rank !== plan.rank && r.position < n)).toBe(true);
      }
    }
  });
});
