import { z } from 'zod';

/**
 * How a solo ride plays its video (issue 26). 'steady' plays it at 1x: distance and time are the
 * filmer's, and a point's `elapsed_time` is the second of video (every v1 payload, every group
 * ride). 'reactive' plays it at the rider's virtual speed: `elapsed_time` is the ride's own
 * second since its start, `distance` the virtual distance along the route and `video_time`
 * where the video was.
 */
export const RIDE_MODES = ['steady', 'reactive'] as const;
export type RideMode = (typeof RIDE_MODES)[number];
export const rideModeSchema = z.enum(RIDE_MODES);

/** What a ride without a mode is (a v1 desktop app's), and a member's first choice. */
export const DEFAULT_TRACK_RIDE_MODE: RideMode = 'steady';
export const DEFAULT_MEMBER_RIDE_MODE: RideMode = 'reactive';

/** Difficulty in percent of the road's grade the trainer applies (glossary: difficulty). */
export const DIFFICULTY_RANGE = { min: 0, max: 200, ranked: 100 } as const;
export const difficultySchema = z
  .number()
  .int()
  .min(DIFFICULTY_RANGE.min)
  .max(DIFFICULTY_RANGE.max);

/**
 * Whether a saved ride counts for leaderboards and challenges: only at 100 % difficulty
 * (ROUVY's rule); a ride at another difficulty is saved and marked, not ranked.
 */
export function countsForRanking(ride: { difficulty: number }): boolean {
  return ride.difficulty === DIFFICULTY_RANGE.ranked;
}

/** Whether a saved ride belongs to its video's history by video second (the steady standings). */
export function inSteadyHistory(ride: { ride_mode: RideMode; difficulty: number }): boolean {
  return ride.ride_mode === 'steady' && countsForRanking(ride);
}
