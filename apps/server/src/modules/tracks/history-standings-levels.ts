/** A live level of a video's history standings (docs/ride.md, 'History leaderboard'). */
export type StandingsLevel = { level: number; build: number; rides: number };

export type MergePlan = {
  /** The level the merge writes. */
  level: number;
  /** The live levels it takes in (all those at or below `level`). */
  merged: StandingsLevel[];
};

/**
 * The logarithmic method's merge (pure): the rides saved since the last build (`delta`) and
 * the live levels 0..k go into level k, the smallest k whose capacity (base * 2^k rides) holds
 * them all. With a full delta of `base` rides this is a binary counter: levels 0..k-1 full and
 * level k empty, so a ride is rewritten once per level it climbs, about log2(rides / base)
 * times in all. Levels left under-full by removed rides are taken in by the same rule.
 */
export function planMerge(levels: StandingsLevel[], delta: number, base: number): MergePlan {
  for (let k = 0; ; k++) {
    const merged = levels.filter((l) => l.level <= k);
    const rides = delta + merged.reduce((n, l) => n + l.rides, 0);
    if (rides <= base * 2 ** k) return { level: k, merged };
  }
}
