import { LEADERBOARD } from '../ride.js';

/** A row to draw: a ranked rider, or the ellipsis between the head and the neighbours. */
export type LeaderboardRow<T> = { kind: 'rider'; rank: number; entry: T } | { kind: 'gap' };

/**
 * The live leaderboard window (document 001 section 9): sorted by accumulated power, highest
 * first; the top 10, or, when the rider is below 10th, the top 3, an ellipsis, then 5 neighbours
 * centred on the rider (shifted to stay within the list).
 */
export function leaderboardWindow<T extends { accumulated_power: number }>(
  entries: readonly T[],
  isSelf: (entry: T) => boolean,
): LeaderboardRow<T>[] {
  const sorted = [...entries].sort((a, b) => b.accumulated_power - a.accumulated_power);
  const ranked = sorted.map((entry, i) => ({ kind: 'rider' as const, rank: i + 1, entry }));
  const selfIndex = sorted.findIndex(isSelf);
  if (selfIndex < LEADERBOARD.top) return ranked.slice(0, LEADERBOARD.top);
  const half = Math.floor(LEADERBOARD.neighbours / 2);
  let from = Math.max(LEADERBOARD.head, selfIndex - half);
  from = Math.min(from, Math.max(LEADERBOARD.head, sorted.length - LEADERBOARD.neighbours));
  return [
    ...ranked.slice(0, LEADERBOARD.head),
    { kind: 'gap' },
    ...ranked.slice(from, from + LEADERBOARD.neighbours),
  ];
}

/** The power shown while riding: accumulated power over elapsed seconds, in whole watts. */
export function displayedPower(accumulatedPower: number, elapsedSeconds: number): number {
  if (!(elapsedSeconds > 0) || !Number.isFinite(accumulatedPower)) return 0;
  return Math.round(accumulatedPower / elapsedSeconds);
}

/** The slope shown while riding: one decimal. */
export function displayedSlope(slope: number): string {
  return (Number.isFinite(slope) ? slope : 0).toFixed(1);
}

/** Whether a ride ended at `endedAt` seconds should correct the recorded duration (1 %). */
export function durationNeedsCorrection(recorded: number, endedAt: number, tolerance = 0.01) {
  if (!(endedAt > 0)) return false;
  if (!(recorded > 0)) return true;
  return Math.abs(endedAt - recorded) > recorded * tolerance;
}
