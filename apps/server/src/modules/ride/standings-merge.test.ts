import { describe, expect, it } from 'vitest';
import type { StandingsRead } from '../tracks/history-standings-read.js';
import { mergeStandings } from './standings-merge.js';

const r = (trackId: number, sum: number) => ({ trackId, sum });
const empty: StandingsRead = {
  builtTotal: 0,
  builtAhead: 0,
  top: [],
  above: [],
  below: [],
  pending: [],
  ownBuilt: null,
  since: [],
};

describe('mergeStandings', () => {
  it('adds rides saved since, takes out removed and own rides, ties by track id', () => {
    // Built: 100, 90, 90 (ids 1, 2, 3), 50; own ride 3; ride 1 removed since; 7 saved since at 90.
    const read: StandingsRead = {
      builtTotal: 4,
      builtAhead: 3,
      top: [r(2, 90), r(4, 50)],
      above: [r(2, 90)],
      below: [r(4, 50)],
      pending: [r(1, 100)],
      ownBuilt: r(3, 90),
      since: [r(7, 90)],
    };
    const m = mergeStandings(read, 60, 3);
    expect(m.count).toBe(3);
    expect(m.above).toBe(2);
    expect([0, 1, 2].map((p) => m.rowAt(p))).toEqual([r(2, 90), r(7, 90), r(4, 50)]);
  });

  it('leaves the asker unplaced without a sum, and its own ride saved since out', () => {
    const m = mergeStandings({ ...empty, builtAhead: null, since: [r(5, 10), r(6, 20)] }, null, 5);
    expect(m).toMatchObject({ count: 1, above: null });
    expect(m.rowAt(0)).toEqual(r(6, 20));
    expect(m.rowAt(1)).toBeUndefined();
  });
});
