/**
 * Whether a ride counts for leaderboards and challenges: only at exactly 100 % difficulty.
 * ROUVY's rule, for the same reason: at another difficulty the rider climbed a different road
 * (at 50 % a 10 % climb pushes like 5 %), so their time is not comparable with others' on the
 * real one. Such a ride is still saved, marked with its difficulty.
 */
export function countsForRankings(difficultyPercent: number): boolean {
  return difficultyPercent === 100;
}
