import { describe, expect, it } from 'vitest';
import { planMerge, type StandingsLevel } from './history-standings-levels.js';

/** Merges `saves` deltas of `base` rides from nothing; returns rides rewritten and the levels. */
function simulate(saves: number, base: number) {
  let levels: StandingsLevel[] = [];
  let rewritten = 0;
  for (let i = 0; i < saves; i++) {
    const plan = planMerge(levels, base, base);
    const rides = base + plan.merged.reduce((n, l) => n + l.rides, 0);
    rewritten += rides;
    levels = [
      ...levels.filter((l) => l.level > plan.level),
      { level: plan.level, build: i + 1, rides },
    ];
  }
  return { rewritten, levels };
}

describe('planMerge', () => {
  it('is a binary counter of full levels for deltas of one base', () => {
    expect(planMerge([], 64, 64)).toEqual({ level: 0, merged: [] });
    const l0 = { level: 0, build: 1, rides: 64 };
    expect(planMerge([l0], 64, 64)).toEqual({ level: 1, merged: [l0] });
    const l1 = { level: 1, build: 2, rides: 128 };
    expect(planMerge([l1], 64, 64)).toEqual({ level: 0, merged: [] });
    expect(planMerge([l0, l1], 64, 64)).toEqual({ level: 2, merged: [l0, l1] });
    // 13 deltas = 0b1101: levels 0, 2 and 3.
    expect(simulate(13, 64).levels.map((l) => [l.level, l.rides])).toEqual([
      [3, 512],
      [2, 256],
      [0, 64],
    ]);
  });

  it('rewrites each ride about log2(rides / base) times, not rides / base times', () => {
    for (const saves of [16, 256, 4096]) {
      const perRide = simulate(saves, 64).rewritten / (saves * 64);
      expect(perRide).toBeLessThanOrEqual(Math.log2(saves) / 2 + 1);
    }
  });

  it('puts a large first delta in one level, and takes under-full levels in', () => {
    expect(planMerge([], 100_000, 64).level).toBe(11);
    const thin = { level: 0, build: 1, rides: 10 };
    expect(planMerge([thin], 20, 64)).toEqual({ level: 0, merged: [thin] });
  });
});
