import { describe, expect, it } from 'vitest';
import { pageRankings } from './ranking.js';

const s = (completionPercent: number, currentTotal: number) => ({
  completionPercent,
  currentTotal,
});

describe('pageRankings', () => {
  it('ranks 1, 2, 3 without ties and lets ties share a ranking', () => {
    expect(pageRankings([s(1, 120), s(0.5, 50), s(0.2, 20)], 0, 0)).toEqual([1, 2, 3]);
    expect(pageRankings([s(1, 60), s(1, 60), s(0.5, 30), s(0.5, 30), s(0, 0)], 0, 0)).toEqual([
      1, 1, 3, 3, 5,
    ]);
  });

  it('breaks a tie of completion by the total', () => {
    expect(pageRankings([s(1, 90), s(1, 60), s(1, 60)], 0, 0)).toEqual([1, 2, 2]);
  });

  it('continues a later page: its first row counts those ahead, a tie across pages included', () => {
    // Positions 0..2 were 1, 2, 2; position 3 ties them, position 4 does not.
    expect(pageRankings([s(0.5, 10), s(0.2, 5)], 3, 1)).toEqual([2, 5]);
    expect(pageRankings([], 10, 3)).toEqual([]);
  });
});
