import { describe, expect, it } from 'vitest';
import { isMine, medalOf, meBeyond, splitHalves } from './leaderboard';
import { fixtureRow } from './testFixtures';

describe('medalOf', () => {
  it('gives gold, silver and bronze to rankings 1 to 3 only', () => {
    const medals = [1, 2, 3, 4, 0].map((ranking) => medalOf({ ranking, completion_percent: 0.2 }));
    expect(medals).toEqual(['gold', 'silver', 'bronze', null, null]);
  });

  it('gives none to members who have only joined (all level at first place)', () => {
    expect(medalOf({ ranking: 1, completion_percent: 0 })).toBeNull();
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
