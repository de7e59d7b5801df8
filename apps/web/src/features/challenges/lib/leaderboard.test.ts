import { describe, expect, it } from 'vitest';
import { isMine, medalOf, meBeyond, splitHalves } from './leaderboard';
import { fixtureRow } from './testFixtures';

describe('medalOf', () => {
  it('gives gold, silver and bronze to rankings 1 to 3 only', () => {
    expect([1, 2, 3, 4, 0].map(medalOf)).toEqual(['gold', 'silver', 'bronze', null, null]);
  });
});

describe('splitHalves', () => {
  it('puts the larger half first', () => {
    expect(splitHalves([1, 2, 3, 4, 5])).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(splitHalves([1, 2, 3, 4])).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(splitHalves([1])).toEqual([[1], []]);
    expect(splitHalves([])).toEqual([[], []]);
  });
});

describe('meBeyond', () => {
  const rows = [fixtureRow(1, 1), fixtureRow(2, 2)];

  it('returns the member row only when it is not among the rows', () => {
    expect(meBeyond(rows, fixtureRow(9, 140))?.ranking).toBe(140);
    expect(meBeyond(rows, fixtureRow(2, 2))).toBeNull();
    expect(meBeyond(rows, null)).toBeNull();
  });
});

describe('isMine', () => {
  it('matches the signed-in id, and nobody for a guest', () => {
    expect(isMine(fixtureRow(7, 1), '7')).toBe(true);
    expect(isMine(fixtureRow(7, 1), '8')).toBe(false);
    expect(isMine(fixtureRow(7, 1), '')).toBe(false);
  });
});
