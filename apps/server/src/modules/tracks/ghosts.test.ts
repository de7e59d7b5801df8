import { describe, expect, it } from 'vitest';
import { GHOST_RANK_LIMIT } from '@ridealong/contracts';
import { aroundOf, chooseGhosts, ghostsAnswer, ghostSeries } from './ghosts.js';
import { unpack, type GhostRow } from './ghosts-repository.js';
import { reactiveReach } from './reactive-rank.js';

describe('ghosts rules', () => {
  it('unpacks stored windows into the asked seconds only, in order, gaps kept', () => {
    // Windows 0 and 1 (120 s each): seconds 118, 119 in the first, 0 and 5 (125) in the next.
    const windows: Parameters<typeof unpack>[0] = [
      [0, [0, 118, 119], [0, 590, 595], [200, 210, 220]],
      [1, [0, 5], [600, 625], [230, 240]],
    ];
    expect(unpack(windows, 119, 238)).toEqual([
      [119, 595, 220],
      [120, 600, 230],
      [125, 625, 240],
    ]);
    expect(unpack(windows, 1, 117)).toEqual([]);
    expect(unpack([], 0, 119)).toEqual([]);
  });

  it('ranks a finisher at the route distance, others to 0.1 m', () => {
    expect(reactiveReach(1068, 960)).toBe(960);
    expect(reactiveReach(471.96, 960)).toBe(472);
    expect(reactiveReach(123.449, null)).toBe(123.4);
    expect(reactiveReach(-3, 960)).toBe(0);
  });

  it('takes half above and half below, a short side leaving its places', () => {
    const up = [1, 2, 3, 4, 5, 6, 7];
    const down = [11, 12, 13, 14, 15, 16, 17];
    expect(aroundOf(up, down)).toEqual({ above: [1, 2, 3, 4, 5], below: [11, 12, 13, 14, 15] });
    expect(aroundOf([1, 2], down)).toEqual({ above: [1, 2], below: down.slice(0, 8) });
    expect(aroundOf(up, [11])).toEqual({ above: up, below: [11] });
    expect(aroundOf([], [])).toEqual({ above: [], below: [] });
  });

  it('chooses own best, then around closest first, then leaders, deduped, at most 10', () => {
    expect(chooseGhosts(5, [4, 3], [6], [1, 2, 3, 4, 5])).toEqual([5, 4, 6, 3, 1, 2]);
    expect(chooseGhosts(null, [], [], [1, 2])).toEqual([1, 2]);
    const many = Array.from({ length: 20 }, (_, i) => i + 100);
    expect(chooseGhosts(1, many, many, many)).toHaveLength(10);
  });

  it('makes a window per second: capped at the reach, repeats a missing second, ends with the ride', () => {
    const row = {
      track_id: 7,
      reached: 25,
      points: [
        [10, 10, 100],
        [11, 20, 110],
        [13, 30, 120],
      ] as [number, number, number][],
    };
    expect(ghostSeries(row, 9)).toEqual({
      track_id: 7,
      distance: [0, 10, 20, 20, 25],
      power: [0, 100, 110, 110, 120],
    });
    expect(ghostSeries({ ...row, points: [] }, 0)).toEqual({
      track_id: 7,
      distance: [],
      power: [],
    });
  });

  it('counts ranks only up to the limit: past it own best and its neighbours have no rank', () => {
    const ride = (id: number): GhostRow => ({
      track_id: id,
      user_id: id,
      display_name: `r${id}`,
      photo_url: null,
      weight: null,
      distance: 500,
      seconds: 100 + id,
      accumulated_power: 20_000,
      duration: 100,
      started_at: '2026-11-01T00:00:00.000Z',
    });
    const read = {
      route: 960,
      own: ride(5),
      leaders: [ride(1)],
      above: [ride(4)],
      below: [ride(6)],
    };
    const near = ghostsAnswer({ ...read, better: 41 });
    expect([near.own?.rank, ...near.around.map((r) => r.rank)]).toEqual([42, 41, 43]);
    const deep = ghostsAnswer({ ...read, better: GHOST_RANK_LIMIT });
    expect([deep.own?.rank, ...deep.around.map((r) => r.rank)]).toEqual([null, null, null]);
    expect(deep.leaders[0]?.rank).toBe(1);
  });
});
