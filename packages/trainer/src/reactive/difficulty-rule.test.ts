import { describe, expect, it } from 'vitest';
import { countsForRankings } from './difficulty-rule.js';

describe('countsForRankings', () => {
  it('counts a ride at exactly 100 % difficulty', () => {
    expect(countsForRankings(100)).toBe(true);
  });

  it('does not count any other difficulty, however close', () => {
    for (const d of [0, 50, 99, 99.99, 100.01, 101, 150, 200, Number.NaN, -100]) {
      expect(countsForRankings(d)).toBe(false);
    }
  });
});
