import {
  countsForRanking,
  DEFAULT_TRACK_RIDE_MODE,
  DIFFICULTY_RANGE,
  type RideMode,
} from '@ridealong/contracts';

/** Why a ride at another difficulty is marked: ROUVY's rule, as the server applies it. */
export const NOT_RANKED_EXPLANATION =
  'Only rides at 100 % difficulty count for leaderboards and challenges.';

export type RideMarks = {
  mode: RideMode;
  /** 'Reactive' or 'Steady'. */
  modeLabel: string;
  /** What the mode means, for its tooltip. */
  modeHint: string;
  /** 'Difficulty 80 % · not ranked' for a ride that is not ranked; null at 100 %. */
  difficultyLabel: string | null;
};

/**
 * How a saved ride is marked on its card and page (issue 26). An answer without the fields (an
 * older server) is a steady ride at 100 %, as the contract says.
 */
export function rideMarks(ride: { ride_mode?: RideMode; difficulty?: number }): RideMarks {
  const mode = ride.ride_mode ?? DEFAULT_TRACK_RIDE_MODE;
  const difficulty = ride.difficulty ?? DIFFICULTY_RANGE.ranked;
  return {
    mode,
    modeLabel: mode === 'reactive' ? 'Reactive' : 'Steady',
    modeHint:
      mode === 'reactive'
        ? "The video followed the rider's speed; distance is the rider's own."
        : 'The video played at normal speed; distance is the filmed route.',
    difficultyLabel: countsForRanking({ difficulty })
      ? null
      : `Difficulty ${Math.round(difficulty)} % · not ranked`,
  };
}
