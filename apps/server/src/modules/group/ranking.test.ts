import { describe, expect, it } from 'vitest';
import { LEADERBOARD } from '@ridealong/contracts';
import { rankPoints, windowOf, windowRanks, type LivePoint } from './ranking.js';

const rider = (id: number, accumulated_power: number): LivePoint => ({
  member: { id, display_name: `R${id}`, photo_url: null },
  point: { elapsed_time: 10, accumulated_power, power: 0, heart_rate: 0, cadence: 0, distance: 0 },
});

describe('rankPoints', () => {
  it('ranks by accumulated power, highest first, ties by member id', () => {
    const ranking = rankPoints([rider(7, 100), rider(3, 500), rider(9, 100), rider(1, 100)]);
    expect(ranking.rows.map((r) => r.member.id)).toEqual([3, 1, 7, 9]);
    expect(ranking.positionOf.get(9)).toBe(3);
    expect(rankPoints([]).rows).toEqual([]);
  });
});

describe('windowRanks', () => {
  it('is the top 10 for the top 10, a rider not ranked yet, or a small event', () => {
    const top = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(windowRanks(1, 1000)).toEqual(top);
    expect(windowRanks(10, 1000)).toEqual(top);
    expect(windowRanks(null, 1000)).toEqual(top);
    expect(windowRanks(2, 4)).toEqual([1, 2, 3, 4]);
    expect(windowRanks(null, 0)).toEqual([]);
  });

  it('is the top 3 and the 5 around the rider, shifted to stay in the standings', () => {
    expect(windowRanks(12, 15)).toEqual([1, 2, 3, 10, 11, 12, 13, 14]);
    expect(windowRanks(11, 11)).toEqual([1, 2, 3, 7, 8, 9, 10, 11]);
    expect(windowRanks(15, 15)).toEqual([1, 2, 3, 11, 12, 13, 14, 15]);
    expect(windowRanks(500, 1000)).toEqual([1, 2, 3, 498, 499, 500, 501, 502]);
  });

  it('never holds more than the most a rider may receive, and always the rider', () => {
    for (let total = 0; total <= 40; total += 1) {
      for (let rank = 1; rank <= total; rank += 1) {
        const ranks = windowRanks(rank, total);
        expect(ranks.length).toBeLessThanOrEqual(LEADERBOARD.maxEntries);
        expect(ranks).toContain(rank);
        expect(new Set(ranks).size).toBe(ranks.length);
        expect(ranks.every((r) => r >= 1 && r <= total)).toBe(true);
      }
    }
  });
});

describe('windowOf', () => {
  it('gives a rider the rows of their window with their ranks', () => {
    const ranking = rankPoints(Array.from({ length: 15 }, (_, i) => rider(i + 1, 1000 - i)));
    const window = windowOf(ranking, 12);
    expect(window.map((w) => [w.rank, w.row.member.id])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [10, 10],
      [11, 11],
      [12, 12],
      [13, 13],
      [14, 14],
    ]);
    // A watcher without a point sees the top 10.
    expect(windowOf(ranking, 99).map((w) => w.rank)).toHaveLength(10);
  });
});
